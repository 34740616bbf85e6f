package server

import (
	"fmt"
	"log"
	"slices"
)

// Serve runs the server until ctx is done.
func (s *Server) Serve() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.listen(); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	go s.loop()
	s.handlers = append(s.handlers, newHandler())
	n := len(s.handlers)
	s.router.Group("/api").Use(logger).Handle(n)
	log.Printf("serving %d handlers", n)
	return nil
}

func (s *Server) loop() {
	names := Map[string, int](s.names, strlen)
	slices.Sort(names)
	done := func() { s.stop() }
	done()
	cb := s.onClose
	cb()
	(s.hooks.after)()
	x := Level(3)
	_ = x.String()
	New().Run()
}

// init registers the server.
func init() {
	register("server", NewServer)
}

var defaultServer = NewServer(":8080")
