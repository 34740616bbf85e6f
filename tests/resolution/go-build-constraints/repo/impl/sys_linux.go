package impl

func openFile() {}
