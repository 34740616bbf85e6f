package store

func Helper() {}
