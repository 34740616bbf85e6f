// Package ledger keeps accounts.
package ledger

import (
	"errors"
	"sync"
)

// MaxEntries bounds a ledger.
const MaxEntries = 1000

const (
	// Credit adds.
	Credit Kind = iota
	Debit
)

// Kind is the direction of an entry.
type Kind int

// Entry is one line of the ledger.
type Entry struct {
	Amount int64
	Kind   Kind
	Note   string
}

// Store persists entries.
type Store interface {
	Save(e Entry) error
	Load() ([]Entry, error)
}

// Ledger is a list of entries.
type Ledger struct {
	mu      sync.Mutex
	entries []Entry
}

// New makes an empty ledger.
func New() *Ledger { return &Ledger{} }

// Add appends an entry.
func (l *Ledger) Add(e Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.entries) >= MaxEntries {
		return errors.New("full")
	}
	l.entries = append(l.entries, e)
	return nil
}
