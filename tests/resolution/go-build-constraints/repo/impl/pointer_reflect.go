//go:build purego || appengine

package impl

type pointer struct{ v interface{} }

func (p pointer) Apply() {}

func offsetOf() uintptr { return 1 }
