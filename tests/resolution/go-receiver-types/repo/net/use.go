package net

import "bytes"

func shutdown(f *File, c *Conn) {
	f.Close()
	c.Close()
	c.file.Close()
	var buf bytes.Buffer
	buf.String()
	g := &File{}
	g.String()
}
