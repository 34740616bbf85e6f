//go:build !purego && !appengine

package impl

type pointer struct{ p uintptr }

func (p pointer) Apply() {}

func offsetOf() uintptr { return 0 }
