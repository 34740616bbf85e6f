// Writes the Go toolchain's answer for every import of every .go file under
// the given import-path roots of a GOPATH, one JSON line each:
//
//	{"file": "src/<dir>/<file>.go", "target": "src/<imported package's dir>"}
//
// Each file is parsed with go/parser (ImportsOnly), every file of the
// directory whatever its build constraints or _test suffix (an index sees them
// all); each import path is resolved as `go build` does, with go/build's
// Import from the file's directory (GOPATH mode), and kept when the package's
// directory is inside one of the roots. Paths are relative to GOPATH.
//
// Usage: GOPATH=/usr/share/gocode GO111MODULE=off go run main.go ROOT... > imports.jsonl
package main

import (
	"encoding/json"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

func main() {
	gopath := build.Default.GOPATH
	src := filepath.Join(gopath, "src")
	var roots []string
	for _, r := range os.Args[1:] {
		roots = append(roots, filepath.Join(src, r)+string(filepath.Separator))
	}
	inRoots := func(dir string) bool {
		for _, r := range roots {
			if strings.HasPrefix(dir+string(filepath.Separator), r) {
				return true
			}
		}
		return false
	}
	var files []string
	for _, r := range roots {
		filepath.Walk(r, func(p string, info os.FileInfo, err error) error {
			if err != nil {
				return nil
			}
			if info.IsDir() && strings.HasPrefix(info.Name(), ".") {
				return filepath.SkipDir
			}
			if !info.IsDir() && strings.HasSuffix(p, ".go") {
				files = append(files, p)
			}
			return nil
		})
	}
	sort.Strings(files)
	fset := token.NewFileSet()
	enc := json.NewEncoder(os.Stdout)
	edges, unresolved := 0, 0
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			fmt.Fprintf(os.Stderr, "goimports: %v\n", err)
			continue
		}
		dir := filepath.Dir(f)
		seen := map[string]bool{}
		for _, spec := range af.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			if path == "C" {
				continue
			}
			pkg, err := build.Default.Import(path, dir, build.FindOnly)
			if err != nil || pkg.Goroot {
				if err != nil {
					unresolved++
				}
				continue
			}
			if !inRoots(pkg.Dir) || seen[pkg.Dir] {
				continue
			}
			seen[pkg.Dir] = true
			relf, _ := filepath.Rel(gopath, f)
			reld, _ := filepath.Rel(gopath, pkg.Dir)
			enc.Encode(map[string]string{"file": relf, "target": reld})
			edges++
		}
	}
	fmt.Fprintf(os.Stderr, "goimports: %d files, %d import edges inside the roots, %d import paths unresolved\n", len(files), edges, unresolved)
}
