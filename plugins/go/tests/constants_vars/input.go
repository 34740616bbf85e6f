package level

import "errors"

// Level is a log level.
type Level int

// The levels, in increasing severity.
const (
	Debug Level = iota
	Info
	// Warn is the default.
	Warn
	Error
	_
	fatal
)

// A compile-time check, as stringer writes it: blank names define nothing.
func _() {
	var x [1]struct{}
	_ = x[Debug-0]
}

// MaxSize bounds a message, in bytes.
const MaxSize = 1 << 20

const (
	KB, MB = 1 << 10, 1 << 20
	name   = "level"
)

// ErrUnknown reports an unknown level name.
var ErrUnknown = errors.New("unknown level")

var (
	current Level = Info
	names         = map[Level]string{Debug: "debug", Info: "info"}
	mu, lock int
)

var _ fmt.Stringer = Level(0)

// Parse turns a name into a level; its own constants and variables are locals.
func Parse(s string) (Level, error) {
	const prefix = "level:"
	var found Level
	for l, n := range names {
		if n == s {
			found = l
		}
	}
	return found, nil
}
