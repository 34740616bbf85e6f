package net

type Conn struct {
	file *File
}

func (c *Conn) Close() error { return nil }

type File struct{}

func (f *File) Close() error { return nil }

func (f *File) String() string { return "file" }
