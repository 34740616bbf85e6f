package reflect

type Message interface{ Range() }

type ProtoMessage interface{ ProtoReflect() Message }

type Builder struct{}

func (Builder) Build() {}
