// +build go1.13

package impl

func nullTime() {}
