package v

func (Export) StateOf() *state { return nil }

type NullTime Other
