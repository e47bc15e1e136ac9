package main

import (
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// coreFiles are the files of the core a student reads: micro-Max's globals
// (with the hook's declaration, through which everything else watches a
// search), the board and its rules, the keys and the table with its memory,
// the two searches, the fast search's piece sets and prefetches, and the
// hooks' list.
var coreFiles = []string{
	"umax.go", "board.go", "hash.go", "table_linux.go", "table_other.go",
	"search_literal.go", "search.go", "pieces.go", "prefetch_amd64.go", "prefetch_other.go",
	"hook.go",
}

// typeCheckPackage parses and type-checks the package's non-test files of
// a platform; it returns the files by name, and what each name used refers
// to.
func typeCheckPackage(t *testing.T, goos, goarch string) (*token.FileSet, map[string]*ast.File, *types.Info) {
	t.Helper()
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = goos, goarch
	pkg, err := ctx.ImportDir(".", 0)
	must(t, err)
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	var list []*ast.File
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		must(t, err)
		files[name] = f
		list = append(list, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.Default(), Error: func(error) {}}
	conf.Check("main", fset, list, info) // errors (another platform's system calls) leave the package's own names resolved
	return fset, files, info
}

// TestCoreStandsAlone: the core files use no name declared outside the
// core: no type, function, variable, constant, field or method of the
// engine around them, the protocols, the instruments or the browser. What
// watches a search plugs in through the hook (hook.go); the core names
// none of it. Checked on linux/amd64, windows/arm64 and js/wasm, so that
// each platform's files are read.
func TestCoreStandsAlone(t *testing.T) {
	t.Parallel()
	for _, platform := range [][2]string{{"linux", "amd64"}, {"windows", "arm64"}, {"js", "wasm"}} {
		fset, files, info := typeCheckPackage(t, platform[0], platform[1])
		checked := 0
		for name, f := range files {
			if !slices.Contains(coreFiles, name) {
				continue
			}
			checked++
			packageUses(fset, f, info, func(id *ast.Ident, where string) {
				if !slices.Contains(coreFiles, where) {
					t.Errorf("%s: %s uses %s, declared in %s, outside the core", fset.Position(id.Pos()), name, id.Name, where)
				}
			})
		}
		if checked < 8 {
			t.Errorf("%s/%s: %d core files checked, want them all", platform[0], platform[1], checked)
		}
	}
}

// literalNeeds are the files whose names search_literal.go may use, with
// the names it may use of each (nil: any): micro-Max's globals, and the
// table slot's packing.
var literalNeeds = map[string][]string{
	"search_literal.go": nil,
	"umax.go":           nil,
	"hook.go":           nil,
	"hash.go":           {"hashEntry", "hashSlot", "load", "store", "lock", "score", "from", "to", "depth"},
}

// TestLiteralReadsUmax: the literal search, which a student reads beside
// the C listing, needs beside it only umax.go (micro-Max's globals), the
// hook (hook.go) and the table slot's packing in hash.go: every name it
// uses is declared there.
func TestLiteralReadsUmax(t *testing.T) {
	t.Parallel()
	fset, files, info := typeCheckPackage(t, "linux", "amd64")
	f := files["search_literal.go"]
	if f == nil {
		t.Fatal("no search_literal.go")
	}
	used := 0
	packageUses(fset, f, info, func(id *ast.Ident, where string) {
		used++
		if names, ok := literalNeeds[where]; !ok || names != nil && !slices.Contains(names, id.Name) {
			t.Errorf("%s: search_literal.go uses %s, declared in %s", fset.Position(id.Pos()), id.Name, where)
		}
	})
	if used < 100 {
		t.Errorf("%d uses of the package's names found in search_literal.go, want more", used)
	}
}

// packageUses calls use for every use in f of a name the package declares
// (type-checked as info), with the base name of the file that declares it.
func packageUses(fset *token.FileSet, f *ast.File, info *types.Info, use func(id *ast.Ident, where string)) {
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := info.Uses[id]; obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "main" && obj.Pos().IsValid() {
				use(id, filepath.Base(fset.Position(obj.Pos()).Filename))
			}
		}
		return true
	})
}

// TestFunctionLength: no function but the two searches is longer than 60
// lines: a long function is a sign of two concerns in one.
func TestFunctionLength(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	names, _ := filepath.Glob("*.go")
	var long []string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		must(t, err)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Name.Name == "search" || fd.Name.Name == "searchLiteral" {
				continue
			}
			if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > 60 {
				long = append(long, name+": "+fd.Name.Name)
			}
		}
	}
	sort.Strings(long)
	if len(long) > 0 {
		t.Errorf("functions of more than 60 lines: %s", strings.Join(long, ", "))
	}
}
