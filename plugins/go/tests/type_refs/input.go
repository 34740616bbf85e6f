package pipeline

import (
	"context"
	"io"
	"time"
)

// Stage transforms batches.
type Stage func(ctx context.Context, in <-chan Batch) (<-chan Batch, error)

// Runner runs stages.
type Runner struct {
	stages  []Stage
	sink    io.Writer
	timeout *time.Duration
	byName  map[string]Stage
	results chan<- Result
	last    [4]Batch
}

// Run connects the stages and returns the final output.
func (r *Runner) Run(ctx context.Context, src Source, opts ...Option) (out <-chan Batch, err error) {
	var cur Batch
	if b, ok := src.(BatchSource); ok {
		cur = b.First()
	}
	switch v := r.sink.(type) {
	case *FileSink, NetSink:
		_ = v
	case io.Closer:
	}
	_ = cur
	return nil, nil
}

// Filter keeps the items where keep is true.
func Filter[T Item](items []T, keep func(T) bool) []T { return nil }

var defaultTimeout time.Duration = 5 * time.Second
