package cache

import "sync"

// Get returns the cached value; declared before its type.
func (c *Cache) Get(key string) (string, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.items[key]
	return v, ok
}

// Cache is a map guarded by a lock.
type Cache struct {
	mu    sync.RWMutex
	items map[string]string
}

// Len counts the entries (a value receiver).
func (c Cache) Len() int { return len(c.items) }

// Reset has no receiver name.
func (*Cache) Reset() {}

// Store is the other cache: its Get is a different method.
type Store struct{ path string }

// Get reads the key from disk.
func (s *Store) Get(key string) (string, bool) {
	return s.read(key)
}

func (s *Store) read(key string) (string, bool) { return "", false }

// Ring is a generic ring buffer.
type Ring[T any] struct {
	buf  []T
	head int
}

// Push appends v, overwriting the oldest entry when full.
func (r *Ring[T]) Push(v T) {
	r.buf[r.head] = v
	r.head = (r.head + 1) % len(r.buf)
}

// Pair has two type parameters.
func (p Pair[K, V]) Key() K { return p.k }

// Flush is defined on a type declared in another file.
func (w *Writer) Flush() error { return w.sync() }
