package browsertest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestStepperAddress opens the page at each address the laboratory's cards
// link (doc/lab-boards/positions.txt, as doc/laboratory.md writes them:
// #fen=FEN&plies=N&stop=KIND&OPTION=VALUE): the stepper records that
// search and stands at the first cut of the card's kind, the native
// engine's step for step; each switch offers its line and a link to its
// card where it is chosen.
func TestStepperAddress(t *testing.T) {
	b := newBrowser(t, 10*time.Minute)
	n := startNative(t)
	data, err := os.ReadFile(filepath.Join(repoRoot, "doc", "lab-boards", "positions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cards := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		name, root, plies, rule := f[0], f[1], f[2], f[4]
		stop := "lab"
		if rule == "futile" {
			stop = "futile"
		}
		plus := func(s string) string { return strings.ReplaceAll(s, " ", "+") }
		fragment := fmt.Sprintf("#fen=%s&plies=%s&stop=%s", plus(root), plies, stop)
		options := []string{}
		for _, o := range strings.Split(f[3], ";") {
			if o == "" {
				continue
			}
			k, v, _ := strings.Cut(o, "=")
			fragment += "&" + plus(k) + "=" + v
			options = append(options, "setoption name "+k+" value "+v)
		}
		var depth int
		fmt.Sscan(plies, &depth)
		rec := recordNative(t, n, "position fen "+root, depth, options...)
		for _, o := range options { // the native engine keeps its options: back to 4.1
			k, v, _ := strings.Cut(strings.TrimPrefix(o, "setoption name "), " value ")
			off := "false"
			if v != "true" && v != "false" {
				off = "0"
			}
			n.run(t, []string{"setoption name " + k + " value " + off})
		}
		want := nextOf(rec, 0, stop)
		if want < 0 {
			t.Fatalf("%s: the native recording has no %s step", name, stop)
		}
		b.do(chromedp.Navigate("about:blank")) // a new page, not only a new fragment
		b.open(site.page + fragment)
		b.waitJS(fmt.Sprintf(`!document.getElementById("step-view").hidden && document.getElementById("step-view").dataset.step === "%d"`, want), time.Minute)
		checkShown(t, name+": the address's cut", b.shown(), rec, want)
		cards++
		for _, o := range options {
			k, _, _ := strings.Cut(strings.TrimPrefix(o, "setoption name "), " value ")
			var help struct{ Title, Href string }
			b.eval(fmt.Sprintf(`(() => { const l = document.querySelector('#step-setting input[name="%s"]').closest("label");
				return { title: l.title, href: l.querySelector("a.lab-card").getAttribute("href") }; })()`, k), &help)
			if help.Title == "" || !strings.HasPrefix(help.Href, "../doc/laboratory.md#") {
				t.Errorf("%s: the stepper's switch %s has the line %q and the card %q", name, k, help.Title, help.Href)
			}
		}
	}
	if cards < 10 {
		t.Errorf("%d cards opened", cards)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}
