// Package server runs the ledger over HTTP.
package server

import (
	"fmt"
	nethttp "net/http"
	_ "embed"
	"sync"
)

// DefaultPort is where the server listens unless told otherwise.
const DefaultPort = 8080

const (
	StateIdle State = iota
	stateRunning
)

// State is a server's lifecycle state.
type State int

var started = false

// Handler answers one kind of request.
type Handler interface {
	// Serve answers the request.
	Serve(w nethttp.ResponseWriter, r *nethttp.Request) error
	Name() string
}

// Server holds the handlers and their lock.
type Server struct {
	sync.Mutex
	Addr     string
	handlers map[string]Handler
}

type Alias = Server

// NewServer makes a server listening on addr.
func NewServer(addr string) *Server {
	return &Server{Addr: addr, handlers: map[string]Handler{}}
}

// Start listens until the server stops.
func (s *Server) Start() error {
	s.Lock()
	defer s.Unlock()
	fmt.Println("listening on", s.Addr)
	return nethttp.ListenAndServe(s.Addr, nil)
}

func (s Server) name() string { return "server" }

type List[T any] struct{ items []T }

func (l *List[T]) Push(v T) { l.items = append(l.items, v) }
