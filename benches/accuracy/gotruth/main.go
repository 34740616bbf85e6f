// Command gotruth writes the compiler's answer for every call in a Go corpus:
// go/types (the standard library only, GOPATH mode, the source importer) type-
// checks each package under the given import-path roots and, for every call
// expression whose callee is a name (f(), pkg.F(), x.M(), with or without type
// arguments), prints one JSON line:
//
//	{"file","line","col","name","target_file","target_line","target_name","kind"}
//
// file/line/col is the callee identifier (1-based line, 1-based byte column),
// target_* the declaration go/types binds it to, paths relative to the corpus
// root (the GOPATH: "src/<import path>/file.go"). kind is
//
//	func              a package-level function declared in the corpus
//	method            a concrete method declared in the corpus (promoted ones too)
//	interface_method  a method of an interface declared in the corpus (the static target)
//	external          a function or method declared outside the corpus (stdlib, other modules)
//	builtin           len, append, panic, ...
//	conversion        a type used as a function: uint64(x), T(v)
//	value             a variable, field or parameter of function type
//	unknown           go/types could not resolve it (a type error, a missing import)
//
// With GOTRUTH_MODE=implements it writes instead, for each package (its own
// files, tests aside), every pair of a named non-interface type T and a
// non-empty, non-generic interface I both declared in it such that T or *T
// implements I (types.Implements), after a line for I itself with the type
// fields empty (the interfaces the truth looked at):
//
//	{"type_file","type_line","type_name","iface_file","iface_line","iface_name"}
//
// With GOTRUTH_MODE=unused it writes every unexported package-level function
// and method declared in a package's own files (tests aside) that nothing in
// the package, its tests included, refers to (info.Uses), that no interface
// of the package requires (a method its type or pointer needs to implement
// an interface that has it: calls through the interface reach it, and
// deleting it breaks the build; staticcheck's rule), and that neither a
// //go:linkname directive nor an assembly file of the corpus names (the
// linker's references: `·name(SB)`, `runtime·name(SB)`):
//
//	{"file","line","name"}   (name: f, or T.m)
//
// Usage: GO111MODULE=off GOPATH=/usr/share/gocode go run main.go ROOT... > truth.jsonl
// where each ROOT is an import path prefix (github.com/spf13/cobra). Test files
// of each package are checked with it (in-package) and on their own (_test packages);
// testdata/ directories are checked too (protobuf's generated test packages live there).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type record struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Col        int    `json:"col"`
	Name       string `json:"name"`
	TargetFile string `json:"target_file,omitempty"`
	TargetLine int    `json:"target_line,omitempty"`
	TargetName string `json:"target_name,omitempty"`
	Kind       string `json:"kind"`
}

var (
	gopath string
	srcDir string
	roots  []string
)

// rel maps an absolute file name to the corpus-relative path, "" when outside GOPATH/src.
func rel(abs string) string {
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	if strings.HasPrefix(abs, srcDir+"/") {
		return "src/" + abs[len(srcDir)+1:]
	}
	return ""
}

func inCorpus(relpath string) bool {
	for _, r := range roots {
		if strings.HasPrefix(relpath, "src/"+r+"/") {
			return true
		}
	}
	return false
}

func calleeIdent(fun ast.Expr) *ast.Ident {
	for {
		switch f := fun.(type) {
		case *ast.ParenExpr:
			fun = f.X
		case *ast.IndexExpr: // F[T](x)
			fun = f.X
		case *ast.IndexListExpr: // F[T, U](x)
			fun = f.X
		case *ast.Ident:
			return f
		case *ast.SelectorExpr:
			return f.Sel
		default:
			return nil
		}
	}
}

func objName(obj types.Object) string {
	if fn, ok := obj.(*types.Func); ok {
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
			t := sig.Recv().Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := t.(*types.Named); ok {
				return n.Obj().Name() + "." + fn.Name()
			}
		}
	}
	return obj.Name()
}

func classify(obj types.Object, fset *token.FileSet, r *record) {
	switch o := obj.(type) {
	case nil:
		r.Kind = "unknown"
		return
	case *types.Builtin:
		r.Kind = "builtin"
		return
	case *types.TypeName:
		r.Kind = "conversion"
	case *types.Var:
		r.Kind = "value"
	case *types.Func:
		sig, _ := o.Type().(*types.Signature)
		switch {
		case sig == nil || sig.Recv() == nil:
			r.Kind = "func"
		case types.IsInterface(sig.Recv().Type()):
			r.Kind = "interface_method"
		default:
			r.Kind = "method"
		}
		obj = o.Origin()
	default:
		r.Kind = "unknown"
		return
	}
	r.TargetName = objName(obj)
	if obj.Pos().IsValid() {
		p := fset.Position(obj.Pos())
		r.TargetFile = rel(p.Filename)
		r.TargetLine = p.Line
	}
	if (r.Kind == "func" || r.Kind == "method" || r.Kind == "interface_method") && !inCorpus(r.TargetFile) {
		r.Kind = "external"
	}
}

type pair struct {
	TypeFile  string `json:"type_file"`
	TypeLine  int    `json:"type_line"`
	TypeName  string `json:"type_name"`
	IfaceFile string `json:"iface_file"`
	IfaceLine int    `json:"iface_line"`
	IfaceName string `json:"iface_name"`
}

type checker struct {
	fset        *token.FileSet
	imp         types.Importer
	out         []record
	pairs       []pair
	implements  bool
	unused      bool
	dead        []record
	deadKeys    []string        // each dead function's "importpath.name" ("" for methods)
	deadAsmKeys []string        // and "package-name.name"
	linknamed   map[string]bool // what //go:linkname directives name
	asmNamed    map[string]bool // what assembly files name, as "package-name.name"
	pkgs        int
	errs        int
	skipped     int
}

// unreferenced records the unexported functions and methods declared in the
// package's non-test files that no identifier of the package uses.
func (c *checker) unreferenced(pkg *types.Package, files []*ast.File, info *types.Info) {
	used := map[types.Object]bool{}
	for _, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok {
			used[fn.Origin()] = true
		}
	}
	for _, fn := range interfaceRequired(pkg, info) {
		used[fn] = true
	}
	for _, f := range files {
		name := c.fset.Position(f.Pos()).Filename
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.IsExported() || fd.Name.Name == "init" || fd.Name.Name == "main" || fd.Name.Name == "_" {
				continue
			}
			obj := info.Defs[fd.Name]
			if obj == nil || used[obj] {
				continue
			}
			p := c.fset.Position(fd.Name.Pos())
			c.dead = append(c.dead, record{File: rel(p.Filename), Line: p.Line, Name: objName(obj), Kind: "unused"})
			key := ""
			if fd.Recv == nil {
				key = pkg.Path() + "." + fd.Name.Name
			}
			c.deadKeys = append(c.deadKeys, key)
			c.deadAsmKeys = append(c.deadAsmKeys, pkg.Name()+"."+objName(obj))
		}
	}
}

// interfaceRequired lists the methods of the package's types that an
// interface the package declares or writes (named or literal) requires of
// them: the type, or a pointer to it, implements the interface, and the
// interface has a method of that name.
func interfaceRequired(pkg *types.Package, info *types.Info) []*types.Func {
	var ifaces []*types.Interface
	seen := map[*types.Interface]bool{}
	note := func(t types.Type) {
		if t == nil {
			return
		}
		if it, ok := t.Underlying().(*types.Interface); ok && it.NumMethods() > 0 && !seen[it] {
			seen[it] = true
			ifaces = append(ifaces, it)
		}
	}
	for _, tv := range info.Types {
		note(tv.Type)
	}
	for _, obj := range info.Defs {
		if obj != nil {
			note(obj.Type())
		}
	}
	var out []*types.Func
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(n) {
			continue
		}
		for _, it := range ifaces {
			if !types.Implements(n, it) && !types.Implements(types.NewPointer(n), it) {
				continue
			}
			for i := 0; i < n.NumMethods(); i++ {
				m := n.Method(i)
				if obj, _, _ := types.LookupFieldOrMethod(it, false, m.Pkg(), m.Name()); obj != nil {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// linknames notes the functions //go:linkname directives name, as
// "importpath.name": the local name of the directive's package, and the
// target it names.
func (c *checker) linknames(importPath string, files []*ast.File) {
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, cm := range cg.List {
				fields := strings.Fields(cm.Text)
				if len(fields) < 2 || fields[0] != "//go:linkname" {
					continue
				}
				c.linknamed[strings.TrimSuffix(importPath, "_test")+"."+fields[1]] = true
				if len(fields) > 2 {
					c.linknamed[fields[2]] = true
				}
			}
		}
	}
}

// asmNames notes the Go functions a package's assembly files name:
// `·name` (the package's own) and `pkg·name`, `path∕pkg·name` (another's,
// by its package name).
func (c *checker) asmNames(pkgName string, sfiles []string) {
	for _, n := range sfiles {
		text, err := os.ReadFile(n)
		if err != nil {
			continue
		}
		s := string(text)
		for i := strings.Index(s, "·"); i >= 0; i = strings.Index(s, "·") {
			j := i
			for j > 0 && isIdent(s[j-1]) {
				j--
			}
			owner := s[j:i]
			if owner == "" {
				owner = pkgName
			}
			s = s[i+len("·"):]
			k := 0
			for k < len(s) && isIdent(s[k]) {
				k++
			}
			if k > 0 {
				c.asmNamed[owner+"."+s[:k]] = true
			}
		}
	}
}

func isIdent(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// implementations records the package's (type, interface) pairs.
func (c *checker) implementations(pkg *types.Package) {
	var named, ifaces []*types.TypeName
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || !inCorpus(rel(c.fset.Position(tn.Pos()).Filename)) {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		if it, ok := n.Underlying().(*types.Interface); ok {
			if it.NumMethods() > 0 {
				ifaces = append(ifaces, tn)
			}
		} else {
			named = append(named, tn)
		}
	}
	for _, i := range ifaces {
		it := i.Type().Underlying().(*types.Interface)
		ip := c.fset.Position(i.Pos())
		// the interface itself, type fields empty: the scorer looks at these only
		c.pairs = append(c.pairs, pair{"", 0, "", rel(ip.Filename), ip.Line, i.Name()})
		for _, t := range named {
			if !types.Implements(t.Type(), it) && !types.Implements(types.NewPointer(t.Type()), it) {
				continue
			}
			tp := c.fset.Position(t.Pos())
			c.pairs = append(c.pairs, pair{rel(tp.Filename), tp.Line, t.Name(), rel(ip.Filename), ip.Line, i.Name()})
		}
	}
}

func (c *checker) check(dir, importPath string, names []string) {
	if len(names) == 0 {
		return
	}
	var files []*ast.File
	for _, n := range names {
		mode := parser.SkipObjectResolution
		if c.unused { // for //go:linkname directives
			mode |= parser.ParseComments
		}
		f, err := parser.ParseFile(c.fset, filepath.Join(dir, n), nil, mode)
		if err != nil {
			c.errs++
			if f == nil {
				continue
			}
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: c.imp, Error: func(err error) { c.errs++; fmt.Fprintln(os.Stderr, "type error:", err) }, FakeImportC: true}
	pkg, _ := conf.Check(importPath, c.fset, files, info) // errors are counted; what resolved is kept
	c.pkgs++
	if c.implements {
		if pkg != nil && !strings.HasSuffix(importPath, "_test") {
			c.implementations(pkg)
		}
		return
	}
	if c.unused {
		c.linknames(importPath, files)
		if pkg != nil && !strings.HasSuffix(importPath, "_test") {
			c.unreferenced(pkg, files, info)
		}
		return
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			id := calleeIdent(call.Fun)
			if id == nil {
				c.skipped++
				return true
			}
			p := c.fset.Position(id.Pos())
			r := record{File: rel(p.Filename), Line: p.Line, Col: p.Column, Name: id.Name}
			classify(info.Uses[id], c.fset, &r)
			c.out = append(c.out, r)
			return true
		})
	}
}

func main() {
	gopath = os.Getenv("GOPATH")
	if gopath == "" || len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: GO111MODULE=off GOPATH=DIR gotruth IMPORT-PATH-ROOT...")
		os.Exit(2)
	}
	var err error
	if srcDir, err = filepath.EvalSymlinks(filepath.Join(gopath, "src")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	roots = os.Args[1:]
	fset := token.NewFileSet()
	c := &checker{fset: fset, imp: importer.ForCompiler(fset, "source", nil), implements: os.Getenv("GOTRUTH_MODE") == "implements",
		unused: os.Getenv("GOTRUTH_MODE") == "unused", linknamed: map[string]bool{}, asmNamed: map[string]bool{}}
	for _, root := range roots {
		top := filepath.Join(srcDir, root)
		filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			base := d.Name()
			if path != top && (base == "vendor" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
				return filepath.SkipDir
			}
			pkg, err := build.Default.ImportDir(path, 0)
			if err != nil {
				return nil // no Go files for this platform
			}
			ip := root + strings.TrimPrefix(path, top)
			files := pkg.GoFiles
			if !c.implements { // the unused mode needs the tests' references too
				files = append(append([]string{}, pkg.GoFiles...), pkg.TestGoFiles...)
			}
			c.check(path, ip, files)
			c.check(path, ip+"_test", pkg.XTestGoFiles)
			if c.unused { // every platform's: a function one of them calls is no dead code
				sfiles, _ := filepath.Glob(filepath.Join(path, "*.s"))
				c.asmNames(pkg.Name, sfiles)
			}
			return nil
		})
	}
	if c.implements {
		sort.Slice(c.pairs, func(i, j int) bool {
			a, b := c.pairs[i], c.pairs[j]
			if a.IfaceFile != b.IfaceFile || a.IfaceLine != b.IfaceLine {
				return a.IfaceFile < b.IfaceFile || (a.IfaceFile == b.IfaceFile && a.IfaceLine < b.IfaceLine)
			}
			return a.TypeFile < b.TypeFile || (a.TypeFile == b.TypeFile && a.TypeLine < b.TypeLine)
		})
		w := bufio.NewWriter(os.Stdout)
		enc := json.NewEncoder(w)
		for _, p := range c.pairs {
			enc.Encode(p)
		}
		w.Flush()
		fmt.Fprintf(os.Stderr, "gotruth: %d packages, %d (type, interface) pairs, %d type errors\n", c.pkgs, len(c.pairs), c.errs)
		return
	}
	if c.unused {
		kept, linked, asm := c.dead[:0], 0, 0
		for i, r := range c.dead {
			if c.deadKeys[i] != "" && c.linknamed[c.deadKeys[i]] {
				linked++
				continue
			}
			if c.asmNamed[c.deadAsmKeys[i]] {
				asm++
				continue
			}
			kept = append(kept, r)
		}
		c.dead = kept
		sort.Slice(c.dead, func(i, j int) bool {
			a, b := c.dead[i], c.dead[j]
			return a.File < b.File || (a.File == b.File && a.Line < b.Line)
		})
		w := bufio.NewWriter(os.Stdout)
		enc := json.NewEncoder(w)
		for _, r := range c.dead {
			enc.Encode(struct {
				File string `json:"file"`
				Line int    `json:"line"`
				Name string `json:"name"`
			}{r.File, r.Line, r.Name})
		}
		w.Flush()
		fmt.Fprintf(os.Stderr, "gotruth: %d packages, %d unreferenced unexported functions and methods (%d more named by //go:linkname, %d by assembly), %d type errors\n", c.pkgs, len(c.dead), linked, asm, c.errs)
		return
	}
	sort.Slice(c.out, func(i, j int) bool {
		a, b := c.out[i], c.out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	w := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(w)
	kinds := map[string]int{}
	last := record{}
	for i, r := range c.out {
		if i > 0 && r.File == last.File && r.Line == last.Line && r.Col == last.Col {
			continue // a file checked twice (never expected; kept safe)
		}
		last = r
		kinds[r.Kind]++
		enc.Encode(r)
	}
	w.Flush()
	fmt.Fprintf(os.Stderr, "gotruth: %d packages, %d calls by name (%d calls of other expressions skipped), %d type errors; kinds %v\n",
		c.pkgs, len(c.out), c.skipped, c.errs, kinds)
}
