package shapes

import "image/color"

// Point is a location on the plane.
type Point struct{ X, Y int }

// Box is a generic container.
type Box[T any] struct{ V T }

// Origin is the zero point.
var Origin = Point{0, 0}

// NewCanvas builds a canvas with a default palette.
func NewCanvas() *Canvas {
	c := &Canvas{
		Size:    Point{X: 640, Y: 480},
		Palette: []color.RGBA{{R: 255}, color.RGBA{G: 255}},
		Layers:  map[string]*Layer{"base": {Name: "base"}},
	}
	b := Box[int]{V: 1}
	p := new(Point)
	q := &color.Gray{Y: 10}
	anon := struct{ n int }{n: 1}
	_ = []Point{{1, 2}, {3, 4}}
	_, _, _, _ = b, p, q, anon
	return c
}
