package table

type Encoder struct{}

func (Encoder) Marshal() {}

type Decoder struct{}

func (*Decoder) Marshal() {}

var cases = []struct {
	enc Encoder
}{{}}

func Run() {
	tests := []struct {
		name string
		dec  *Decoder
	}{}
	for _, tt := range tests {
		tt.dec.Marshal()
	}
	for _, tc := range cases {
		tc.enc.Marshal()
	}
	var dec Encoder
	dec.Marshal()
}
