package app

import "example.com/m/desc"

var Value desc.Value

func use(m *desc.Message, fields []*desc.Field, x interface{}) {
	for _, field := range m.Fields {
		d := field.Default()
		d.String()
	}
	fs := m.Desc().All()
	fs.Get(0).Close()
	fields[0].Close()
	desc.Options{}.Run()
	desc.Global.String()
	(&desc.Options{}).Run()
	(*desc.Value)(nil).Close()
	x.(*desc.Field).Close()
	Value, ok := x.(interface{ String() string })
	if ok {
		Value.String()
	}
}
