package shapes

type Square struct{}
type Circle struct{}

func (Square) Area() float64  { return 1 }
func (*Circle) Area() float64 { return 3 }

type Shape interface{ Area() float64 }

func Total(s Shape) float64 {
	switch s := s.(type) {
	case Square:
		return s.Area()
	case *Circle:
		return s.Area()
	case nil:
		return 0
	default:
		return s.Area()
	}
}

func Either(s Shape) float64 {
	switch v := s.(type) {
	case Square, *Circle:
		return v.Area()
	}
	return 0
}

type Holder struct{ s Shape }

func (h *Holder) Shape() Shape { return h.s }

func Unwrap(h *Holder) float64 {
	switch h := h.Shape().(type) {
	case *Circle:
		return h.Area()
	}
	return 0
}
