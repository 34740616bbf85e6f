package desc

type Field struct{ name string }

func (f *Field) Close() error  { return nil }
func (f *Field) String() string { return f.name }

type Fields struct {
	List []Field
}

func (fs *Fields) Len() int { return len(fs.List) }

type Value struct{}

func (v Value) Close() error  { return nil }
func (v Value) String() string { return "" }

type Message struct {
	L2 struct{ Fields Fields }
}

func (m *Message) Fields() *Fields { return &m.L2.Fields }
func (m *Message) Value() Value    { return Value{} }
