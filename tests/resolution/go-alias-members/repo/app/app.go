package app

import "example.com/al/proto"

func Use(m proto.Message) {
	m.ProtoReflect()
	proto.TypeBuilder{}.Build()
}
