package desc

type Field struct{ Name string }

func (f *Field) Default() *Value { return nil }
func (f *Field) Close()          {}

type Value struct{}

func (v *Value) String() string { return "" }
func (v *Value) Close()         {}

type Message struct{ Fields []*Field }

func (m *Message) Desc() *Message { return m }
func (m *Message) All() *Fields   { return nil }

type Fields struct{}

func (fs *Fields) Get(i int) *Field { return nil }

type Options struct{}

func (o Options) Run()    {}
func (o Options) String() string { return "" }

var Global Options
