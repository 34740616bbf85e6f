package embed

import "sync"

type Reader interface {
	Read() string
}

type ReadCloser interface {
	Reader
	Close() error
}

type Base struct {
	name string
}

type Store struct {
	Base
	*sync.Mutex
	owner Base
}

func (b Base) Read() string { return b.name }
