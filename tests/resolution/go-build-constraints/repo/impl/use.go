package impl

func use(p pointer) {
	p.Apply()
	offsetOf()
	openFile()
	fsync()
	nullTime()
}
