package impl

func openFile() {}

func fsync() {}
