// Package main wires the service together.
package main

/*
#include <stdlib.h>
*/
import "C"

import "fmt"

import (
	"context"
	stdhttp "net/http"
	_ "embed"
	_ "net/http/pprof"
	. "math"
	`strings`

	"github.com/spf13/cobra"
	yaml "gopkg.in/yaml.v3"
	"example.com/app/internal/store"
	"example.com/app/v2"
)

func main() {
	ctx := context.Background()
	cmd := &cobra.Command{Use: "serve"}
	fmt.Println(Sqrt(2), strings.ToUpper("x"), ctx, cmd, yaml.Marshal, store.Open, stdhttp.DefaultClient)
	C.free(nil)
}
