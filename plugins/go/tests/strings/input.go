package cli

import "fmt"

const usage = `Usage: tool [flags] FILE

Reads FILE and prints a summary of its contents.`

// Options are the command-line flags.
type Options struct {
	Verbose bool   `json:"verbose" yaml:"verbose"`
	Output  string `flag:"o" help:"where to write the report"`
	Name    string "json:\"name\""
}

func run(o Options) error {
	if o.Output == "" {
		return fmt.Errorf("no output file given, see the usage above")
	}
	fmt.Printf("writing report to %s\n", o.Output)
	fmt.Println("ok")
	key := "config.yaml"
	msg := "cannot open the \"config\" file:\nit does not exist"
	_, _ = key, msg
	return nil
}
