//go:build ignore

// file-pairs lists the pairs of the package's files (tests left out) that
// use each other's names both ways, as go/types resolves them, for one
// build (GOOS and GOARCH as set), and counts each file's lines: a picture
// of the files' neighbours. The core's files are marked with *.
//
//	go run scripts/file-pairs.go            # native build
//	go run scripts/file-pairs.go js/wasm    # the build of another platform
package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	if len(os.Args) > 1 {
		build.Default.GOOS, build.Default.GOARCH, _ = strings.Cut(os.Args[1], "/")
		os.Setenv("GOOS", build.Default.GOOS) // for the importer's go list
		os.Setenv("GOARCH", build.Default.GOARCH)
	}
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		log.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			log.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", nil)}
	if _, err := conf.Check("main", fset, files, info); err != nil {
		log.Fatal(err)
	}
	uses := map[[2]string]map[string]bool{} // user, owner: names
	for id, obj := range info.Uses {
		if obj.Pkg() == nil || obj.Pkg().Path() != "main" || !obj.Pos().IsValid() {
			continue
		}
		user := filepath.Base(fset.Position(id.Pos()).Filename)
		owner := filepath.Base(fset.Position(obj.Pos()).Filename)
		if user == owner {
			continue
		}
		k := [2]string{user, owner}
		if uses[k] == nil {
			uses[k] = map[string]bool{}
		}
		uses[k][obj.Name()] = true
	}
	var pairs []string
	for k, names := range uses {
		if k[0] < k[1] {
			if back := uses[[2]string{k[1], k[0]}]; back != nil {
				pairs = append(pairs, fmt.Sprintf("%s <-> %s: %s | %s", k[0], k[1], list(names), list(back)))
			}
		}
	}
	sort.Strings(pairs)
	fmt.Printf("%d pairs of files use each other's names both ways:\n", len(pairs))
	for _, p := range pairs {
		fmt.Println("  " + p)
	}
	core := map[string]bool{"umax.go": true, "search_literal.go": true, "search.go": true, "hash.go": true, "board.go": true, "hook.go": true, "pieces.go": true}
	var total, coreTotal int
	fmt.Println("lines per file:")
	for _, name := range pkg.GoFiles {
		b, _ := os.ReadFile(name)
		n := strings.Count(string(b), "\n")
		isCore := core[name] || strings.HasPrefix(name, "table_") || strings.HasPrefix(name, "prefetch_")
		mark := " "
		if isCore {
			mark = "*"
			coreTotal += n
		}
		total += n
		fmt.Printf("  %s %5d %s\n", mark, n, name)
	}
	fmt.Printf("core (*) %d lines, all %d\n", coreTotal, total)
}

func list(names map[string]bool) string {
	var s []string
	for n := range names {
		s = append(s, n)
	}
	sort.Strings(s)
	if len(s) > 6 {
		return strings.Join(s[:6], " ") + fmt.Sprintf(" (+%d)", len(s)-6)
	}
	return strings.Join(s, " ")
}
