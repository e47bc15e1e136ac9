package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestOptionValues: every option of the table with a value, in each
// protocol that names it (-lab: all of them), takes its lowest and highest
// value and refuses the rest (out of range, not a number or not the
// protocol's on and off, none at all) with the protocol's answer, the
// setting unchanged. Futility off is micro-Max 4.0, with no margin to move.
func TestOptionValues(t *testing.T) {
	u := newUCIDialogue(t, smallEngine(), config{lab: true})
	c := newDialogue(t, smallEngine(), config{lab: true})
	c.sync("xboard", "protover 2")
	for i := range options {
		o := &options[i]
		if o.kind == buttonOption || o.top != nil { // Clear Hash acts; Hash's top is memory (TestUCIOptions, TestHintBookMemory)
			continue
		}
		values := []string{"x", ""}
		if o.kind == spinOption {
			values = append(values, fmt.Sprint(o.lo-1), fmt.Sprint(o.hi+1), "1.5")
		}
		for _, p := range []struct {
			name, on, off, refused string
			e                      *Engine
			cfg                    *config
			sync                   func(...string) []string
			command                func(name, value string) string
		}{
			{o.uci, "true", "false", "info string option " + o.uci + ": value ", u.e, &u.s.cfg, u.sync,
				func(name, value string) string {
					return strings.TrimSuffix("setoption name "+name+" value "+value, " value ")
				}},
			{o.cecp, "1", "0", "Error (bad option value", c.e, &c.s.cfg, c.sync,
				func(name, value string) string { return strings.TrimSuffix("option "+name+"="+value, "=") }},
		} {
			if p.name == "" {
				continue
			}
			for _, v := range []int{o.lo, o.hi} {
				text := fmt.Sprint(v)
				if o.kind == checkOption {
					text = map[int]string{0: p.off, 1: p.on}[v]
				}
				got := p.sync(p.command(p.name, text))
				if now := o.get(p.e, p.cfg); now != v || len(got) > 1 || len(got) == 1 && !strings.HasPrefix(got[0], "info string") {
					t.Errorf("%s %s: %d, answered %q", p.name, text, now, got)
				}
			}
			for _, bad := range values {
				got := p.sync(p.command(p.name, bad))
				if now := o.get(p.e, p.cfg); now != o.hi || len(got) != 1 || !strings.HasPrefix(got[0], p.refused) {
					t.Errorf("%s %q: %d, answered %q", p.name, bad, now, got)
				}
			}
		}
	}
	// Under micro-Max 4.0 a margin is refused; turning futility off sets it to 0.
	u.expectNothing("setoption name Futility Margin value 60", "setoption name Futility Pruning value false")
	c.expectNothing("option Futility margin=-50", "option Futility pruning=0")
	for _, e := range []*Engine{u.e, c.e} {
		if e.lab().frontierMargin != 0 || e.futility {
			t.Errorf("futility off: margin %d, futility %v", e.lab().frontierMargin, e.futility)
		}
	}
	refusedEach(t, u.sync, "info string option Futility Margin: value \"-60\" refused", "4.0", "setoption name Futility Margin value -60")
	refusedEach(t, c.sync, "Error (bad option value", "4.0", "option Futility margin=50")
}
