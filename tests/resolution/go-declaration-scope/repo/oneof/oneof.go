package oneof

type isValue interface{ isValue() }

type Value_Int struct{ Int int64 }

func (*Value_Int) isValue() {}

func (v *Value_Int) Get() int64 { return v.Int }

type Value struct{ Kind isValue }

func (x *Value) Get() isValue { return x.Kind }

func (x *Value) GetInt() int64 {
	if x, ok := x.Get().(*Value_Int); ok {
		return x.Get()
	}
	return 0
}

func (x *Value) Walk(vs []*Value) {
	for _, x := range x.Each(vs) {
		x.GetInt()
	}
}

func (x *Value) Each(vs []*Value) []*Value { return vs }
