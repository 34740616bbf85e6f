package app

import "example.com/nr/pb"

func Use() {
	new(pb.Scalars).ProtoReflect().Reset()
}
