package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The documentation's links: every relative link in README.md and doc/*.md
// must name a file of the repository (with the case it has, as on GitHub)
// and, with a #fragment, a heading of that file by GitHub's anchor rules.

// docFiles are the Markdown files whose links are checked.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	chapters, err := filepath.Glob(filepath.Join(root, "doc", "*.md"))
	must(t, err)
	files := []string{"README.md", "doc/lab-results/README.md"}
	for _, c := range chapters {
		rel, _ := filepath.Rel(root, c)
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}

// TestDocLinks checks the links of README.md and the chapters in doc/.
func TestDocLinks(t *testing.T) {
	files := docFiles(t, ".")
	if len(files) < 5 {
		t.Fatalf("README.md and four chapters in doc/ expected, found %v", files)
	}
	problems, checked := docLinkProblems(t, ".", files)
	for _, p := range problems {
		t.Error(p)
	}
	if checked < 40 {
		t.Errorf("only %d relative links found in %v: is the link pattern broken?", checked, files)
	}
	t.Logf("%d relative links in %d files", checked, len(files))
}

// TestDocLinksFindsBroken checks the checker: on a small repository it
// reports the broken file, the wrong case, the missing anchor and the link
// out of the repository, and nothing else.
func TestDocLinksFindsBroken(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755))
		must(t, os.WriteFile(filepath.Join(root, name), []byte(text), 0o644))
	}
	write("README.md", "# Title\n\n## Play: XBoard & UCI\n\n## Play: XBoard & UCI\n\n"+
		"[a](doc/a.md#the-full-run-umax_full1) [b](doc/b.md) [c](#play-xboard--uci-1) [d](#play)\n"+
		"[e](Doc/a.md) [f](https://example.com/x#y) `[g](nowhere.md)` [h](../outside.md)\n\n"+
		"    [i](in-a-code-block.md)\n\n```\n[j](in-a-fence.md)\n```\n")
	write("doc/a.md", "# A\n\n## The full run: `UMAX_FULL=1`\n\n<img src=\"pic.svg\"> [k](../README.md#title)\n")
	got, checked := docLinkProblems(t, root, []string{"README.md", "doc/a.md"})
	if checked != 8 {
		t.Errorf("%d relative links checked, want 8", checked)
	}
	want := []string{
		`README.md: "doc/b.md": no such file`,
		`README.md: "#play": no heading with that anchor`,
		`README.md: "Doc/a.md": no such file`,
		`README.md: "../outside.md": outside the repository`,
		`doc/a.md: "pic.svg": no such file`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGitHubAnchor checks the anchors of headings against GitHub's (as
// github-slugger, the library of GitHub's rules, makes them).
func TestGitHubAnchor(t *testing.T) {
	for heading, want := range map[string]string{
		"Compare node counts with the C program": "compare-node-counts-with-the-c-program",
		"4.1 against 4.0 in XBoard":              "41-against-40-in-xboard",
		"The full run: UMAX_FULL=1":              "the-full-run-umax_full1",
		"Measured: nodes, tactics, strength":     "measured-nodes-tactics-strength",
		"XBoard and WinBoard (CECP)":             "xboard-and-winboard-cecp",
		"Using `-tree` in [the console](x.md)":   "using--tree-in-the-console",
		"umax: micro-Max 4.1 in Go":              "umax-micro-max-41-in-go",
		"Score ± 95%":                            "score--95",
		"Ünïcode Héading":                        "ünïcode-héading",
	} {
		if got := githubAnchor(heading); got != want {
			t.Errorf("githubAnchor(%q) = %q, want %q", heading, got, want)
		}
	}
}

var (
	inlineLink    = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	htmlLink      = regexp.MustCompile(`(?i)\b(?:href|src)\s*=\s*"([^"]*)"`)
	referenceLink = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	htmlAnchor    = regexp.MustCompile(`(?i)\b(?:id|name)\s*=\s*"([^"]+)"`)
	atxHeading    = regexp.MustCompile(`^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$`)
	markdownLink  = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	notInAnchor   = regexp.MustCompile(`[^\p{L}\p{M}\p{N}\p{Pc} -]`)
	hasScheme     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
)

// docLinkProblems returns a line for each relative link of the files
// (paths relative to root, with slashes) that does not resolve, and the
// number of relative links checked.
func docLinkProblems(t *testing.T, root string, files []string) (problems []string, checked int) {
	t.Helper()
	anchors := map[string]map[string]bool{} // file -> its anchors
	text := map[string]string{}             // file -> its text outside code
	load := func(name string) bool {
		if _, ok := text[name]; ok {
			return true
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			return false
		}
		prose, headings := splitMarkdown(string(data))
		text[name] = stripCodeSpans(prose)
		anchors[name] = map[string]bool{}
		count := map[string]int{}
		for _, h := range headings {
			a := githubAnchor(h)
			if n := count[a]; n > 0 {
				count[a]++
				a = fmt.Sprintf("%s-%d", a, n)
			} else {
				count[a] = 1
			}
			anchors[name][a] = true
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(text[name], -1) {
			anchors[name][m[1]] = true
		}
		return true
	}
	for _, file := range files {
		if !load(file) {
			t.Fatalf("%s: cannot read", file)
		}
		var links []string
		for _, re := range []*regexp.Regexp{inlineLink, htmlLink, referenceLink} {
			for _, m := range re.FindAllStringSubmatch(text[file], -1) {
				links = append(links, m[1])
			}
		}
		for _, link := range links {
			if hasScheme.MatchString(link) || strings.HasPrefix(link, "//") {
				continue // a web address
			}
			checked++
			target, fragment, _ := strings.Cut(link, "#")
			if unescaped, err := url.PathUnescape(target); err == nil {
				target = unescaped
			}
			name := file
			if target != "" {
				name = path.Clean(path.Join(path.Dir(file), target))
				if name == ".." || strings.HasPrefix(name, "../") {
					problems = append(problems, fmt.Sprintf("%s: %q: outside the repository", file, link))
					continue
				}
				if !existsWithCase(root, name) {
					problems = append(problems, fmt.Sprintf("%s: %q: no such file", file, link))
					continue
				}
			}
			if fragment == "" {
				continue
			}
			if !strings.HasSuffix(name, ".md") || !load(name) {
				problems = append(problems, fmt.Sprintf("%s: %q: an anchor in a file that is not Markdown", file, link))
			} else if !anchors[name][fragment] {
				problems = append(problems, fmt.Sprintf("%s: %q: no heading with that anchor", file, link))
			}
		}
	}
	return problems, checked
}

// splitMarkdown returns a Markdown text without its code blocks (fenced, or
// indented after a blank line), and the text of its ATX headings.
func splitMarkdown(doc string) (prose string, headings []string) {
	var out strings.Builder
	fence := ""
	indented, blank := false, true
	for _, line := range strings.Split(doc, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			line = ""
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			fence = trimmed[:3]
			line = ""
		case strings.HasPrefix(line, "    ") && (blank || indented):
			indented = true
			line = ""
		default:
			indented = indented && strings.TrimSpace(line) == ""
			if m := atxHeading.FindStringSubmatch(line); m != nil {
				headings = append(headings, m[2])
			}
		}
		blank = strings.TrimSpace(line) == "" && !indented
		out.WriteString(line + "\n")
	}
	return out.String(), headings
}

// stripCodeSpans removes the code spans of a text: a run of backticks, up
// to the next run of the same length within the paragraph.
func stripCodeSpans(s string) string {
	var out strings.Builder
	for {
		open := strings.IndexByte(s, '`')
		if open < 0 {
			return out.String() + s
		}
		n := len(s[open:]) - len(strings.TrimLeft(s[open:], "`"))
		fence := s[open : open+n]
		rest := s[open+n:]
		end := -1
		for i := 0; i < len(rest); {
			j := strings.Index(rest[i:], fence)
			if j < 0 {
				break
			}
			j += i
			k := j + n
			for k < len(rest) && rest[k] == '`' {
				k++
			}
			if k-j == n {
				end = j
				break
			}
			i = k
		}
		if end < 0 || strings.Contains(rest[:end], "\n\n") { // no closing run: literal backticks
			out.WriteString(s[:open+n])
			s = rest
			continue
		}
		out.WriteString(s[:open])
		s = rest[end+n:]
	}
}

// githubAnchor is the anchor GitHub gives a heading: its text as shown
// (links as their text, code without backticks), lower case, without
// punctuation other than hyphens and underscores, spaces made hyphens.
func githubAnchor(heading string) string {
	s := markdownLink.ReplaceAllString(heading, "$1")
	s = strings.ReplaceAll(s, "`", "")
	s = notInAnchor.ReplaceAllString(strings.ToLower(s), "")
	return strings.ReplaceAll(s, " ", "-")
}

// existsWithCase reports whether the file or folder name (relative to root,
// with slashes) exists with exactly that case in every part, as GitHub
// needs it even where the file system does not.
func existsWithCase(root, name string) bool {
	dir := root
	for _, part := range strings.Split(name, "/") {
		if part == "." {
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return false
		}
		if !slices.ContainsFunc(entries, func(e os.DirEntry) bool { return e.Name() == part }) {
			return false
		}
		dir = filepath.Join(dir, part)
	}
	return true
}

// TestCodeMaps: the package doc (go doc -cmd) and README's "Read the code"
// each name every non-test Go file of the package, and name no file and no
// function that does not exist: each name of the code they use (a word
// such as rootSearch or console.run) is declared in the package.
func TestCodeMaps(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	names, _ := filepath.Glob("*.go")
	declared := map[string]bool{}
	goFiles := map[string]bool{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		must(t, err)
		goFiles[name] = true
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				declared[d.Name.Name] = true
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						declared[spec.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range spec.Names {
							declared[n.Name] = true
						}
					}
				}
			}
		}
	}
	readme, doc, _ := readingOrderTexts(t)
	fileName := regexp.MustCompile(`\b[a-z0-9_]+\.go\b`)
	codeName := regexp.MustCompile(`\b[a-z]+[A-Z][A-Za-z0-9]*\b`)
	for where, text := range map[string]string{"README": readme, "the package doc": doc} {
		named := map[string]bool{}
		for _, f := range fileName.FindAllString(text, -1) {
			named[f] = true
			if !goFiles[f] {
				t.Errorf("%s names %s, which is not a Go file of the package", where, f)
			}
		}
		for f := range goFiles {
			if !named[f] {
				t.Errorf("%s does not name %s", where, f)
			}
		}
		for _, n := range codeName.FindAllString(text, -1) {
			if !declared[n] {
				t.Errorf("%s names %s, which the package does not declare", where, n)
			}
		}
	}
}

// TestReadingOrder: the code has one reading order, README's "Read the
// code". The package doc (go doc -cmd) names the Go files in that order,
// every one; the page's "How it works" (web/index.html) names first the
// core's files as README does, every one, and then some of the rest, in
// README's order.
func TestReadingOrder(t *testing.T) {
	t.Parallel()
	readme, doc, page := readingOrderTexts(t)
	coreEnd := strings.Index(readme, "Around the core")
	if coreEnd < 0 {
		t.Fatal(`README's "Read the code" has no "Around the core"`)
	}
	order, core := filesInOrder(readme), filesInOrder(readme[:coreEnd])
	if len(core) == 0 || len(order) == len(core) {
		t.Fatalf("README's reading order %v: no core or nothing around it", order)
	}
	if got := filesInOrder(doc); !slices.Equal(got, order) {
		t.Errorf("the package doc reads the files in the order\n%v\nREADME in the order\n%v", got, order)
	}
	got := filesInOrder(page)
	if len(got) < len(core) || !slices.Equal(got[:len(core)], core) {
		t.Errorf("the page's How it works starts with\n%v\nwhere README's core is\n%v", got, core)
	}
	rest := order
	for _, f := range got {
		i := slices.Index(rest, f)
		if i < 0 {
			t.Errorf("the page names %s out of README's order %v (or a file README does not name)", f, order)
			break
		}
		rest = rest[i+1:]
	}
}

// readingOrderTexts are the three texts that give the reading order:
// README's "Read the code" up to the go doc line, the package doc's "The
// code, in reading order", and the page's "How it works" section.
func readingOrderTexts(t *testing.T) (readme, doc, page string) {
	t.Helper()
	read := func(name string) string { return string(readFile(t, name)) }
	between := func(name, text, from, to string) string {
		start := strings.Index(text, from)
		end := strings.Index(text[max(start, 0):], to)
		if start < 0 || end < 0 {
			t.Fatalf("%s has no %q followed by %q", name, from, to)
		}
		return text[start : start+end]
	}
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	must(t, err)
	readme = between("README.md", read("README.md"), "## Read the code", "`go doc -cmd` prints the same map")
	doc = between("main.go's package doc", f.Doc.Text(), "The code, in reading order", "README.md says")
	page = between("web/index.html", read("web/index.html"), `<section id="how"`, "</section>")
	return readme, doc, page
}

// filesInOrder are the Go files a text names, in the order it first names
// each.
func filesInOrder(text string) []string {
	var files []string
	for _, f := range regexp.MustCompile(`\b[a-z0-9_]+\.go\b`).FindAllString(text, -1) {
		if !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	return files
}
