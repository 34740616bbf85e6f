package pb

type Scalars struct{}

func (*Scalars) ProtoReflect() *Scalars { return nil }
func (*Scalars) Reset()                 {}

type Other struct{}

func (*Other) ProtoReflect() *Other { return nil }
func (*Other) Reset()               {}
