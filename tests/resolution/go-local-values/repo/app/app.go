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
