package parser

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestParse checks Parse against a table of inputs.
func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		want    int
		wantErr bool
	}{
		{name: "empty file", input: "", want: 0},
		{name: "one section", input: "[a]", want: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.input)
			if tt.wantErr {
				require.Error(t, err)
				return
			}
			require.Len(t, got, tt.want)
		})
	}
}

func BenchmarkParse(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Parse("[a]")
	}
}

type fakeFS struct{ files map[string]string }

func (f fakeFS) Open(name string) (string, error) { return f.files[name], nil }
