package v

type Export struct{}

type state struct{}

func (s *state) Store() {}

type Other struct{}

func (o *Other) Store()  {}
func (o *Other) Scan()   {}
func (o *Other) Ident()  {}

type Path string

func (p Path) Ident() {}

func (nt *NullTime) Scan() {}
