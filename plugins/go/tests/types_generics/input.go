package collections

// Celsius is a temperature.
type Celsius float64

// HandlerFunc adapts a function to a handler.
type HandlerFunc func(req *Request) error

// Set is a generic set.
type Set[T comparable] map[T]struct{}

// Vec is an alias with a type parameter.
type Vec[T any] = []T

// Temp is an alias of Celsius.
type Temp = Celsius

// Entry is an alias of a struct literal: a struct.
type Entry = struct {
	Key   string
	Value []byte
}

// Empty is an alias of the empty interface.
type Empty = interface{}

type (
	// ID identifies an entity.
	ID string
	idList []ID
	Matrix [3][3]float64
)

// Map applies f to each element.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Sum adds numbers of any numeric type.
func Sum[N Number](xs ...N) N {
	var total N
	for _, x := range xs {
		total += x
	}
	return total
}

// Add puts v in the set.
func (s Set[T]) Add(v T) { s[v] = struct{}{} }

func localTypes() int {
	type pair struct{ a, b int }
	p := pair{1, 2}
	return p.a + p.b
}
