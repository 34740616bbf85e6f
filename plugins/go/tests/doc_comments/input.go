// Copyright 2024 The Authors. All rights reserved.

// Package parser reads configuration files.
//
// It understands INI and TOML.
package parser

// Parse reads the file at path.
// It returns the sections in file order.
//
// Parse never modifies the file.
func Parse(path string) ([]Section, error) {
	return nil, nil
}

/*
Section is one [name] block.
Keys keep their order.
*/
type Section struct {
	Name string // the name between brackets
	// Keys maps each key to its value.
	Keys map[string]string
}

// Lookup finds key in the section.
//
//go:noinline
func (s *Section) Lookup(key string) string {
	// The map is small: no index needed.
	return s.Keys[key]
}

// This comment is separated by a blank line.

func undocumented() {}

const (
	// DefaultName names a section without a header.
	DefaultName = "default"
	// commentChar starts a comment line.
	commentChar = '#'
)

var x = 1 // trailing comments are not docs
