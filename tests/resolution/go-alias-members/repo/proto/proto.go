package proto

import "example.com/al/reflect"

type Message = reflect.ProtoMessage

type TypeBuilder = reflect.Builder

type Other struct{}

func (Other) Build()                       {}
func (Other) ProtoReflect() reflect.Message { return nil }
