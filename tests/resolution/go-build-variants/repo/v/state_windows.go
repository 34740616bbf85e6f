package v

func (Export) StateOf() *state { return nil }

type NullTime struct{ Other }
