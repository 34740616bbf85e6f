package store

import (
	"context"
	"io"
)

// Reader loads records.
type Reader interface {
	// Get returns the record with this key.
	Get(ctx context.Context, key string) (*Record, error)
	List(prefix string) []Record
}

// ReadWriter is a Reader that also saves.
type ReadWriter interface {
	Reader
	io.Closer
	Put(r *Record) error
}

// Number is a constraint, not an interface to implement.
type Number interface {
	~int | ~int64 | ~float64
}

// Ordered lists the types that compare with <.
type Ordered interface {
	Number | ~string
}

// Any is empty.
type Any interface{}

// Visitor is generic.
type Visitor[T any] interface {
	Visit(node T) Visitor[T]
}

func use(v interface{ Close() error }) { v.Close() }
