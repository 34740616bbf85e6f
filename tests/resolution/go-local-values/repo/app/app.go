package app

import "example.com/lv/desc"

func Walk(m *desc.Message, fs *desc.Fields, rest ...*desc.Field) {
	for j := range fs.List {
		f := &fs.List[j]
		f.Close()
	}
	for _, f := range fs.List[1:] {
		f.String()
	}
	for i, list := 0, m.Fields(); i < list.Len(); i++ {
	}
	a, v := m.Fields(), m.Value()
	a.Len()
	v.Close()
	for p := m; p != nil; p = nil {
		p.Value().String()
	}
	for _, x := range rest {
		x := x
		x.Close()
	}
}

func Tables(byNum *map[int32]desc.Value, named map[string]*desc.Field) {
	var firsts [2]desc.Value
	for _, v := range firsts[1:] {
		v.String()
	}
	for _, v := range *byNum {
		v.Close()
	}
	x, ok := (*byNum)[1]
	if ok {
		x.String()
	}
	for _, f := range named {
		f.String()
	}
	for _, f := range []*desc.Field{nil} {
		f.Close()
	}
}

func Index(fields []*desc.Field) {
	byName := make(map[string][]*desc.Field)
	for _, f := range byName["x"] {
		f.Close()
	}
	((*desc.Value)(nil)).String()
}
