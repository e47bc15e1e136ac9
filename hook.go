package main

// Several hooks on one search (the hook, searchHook, is declared in
// umax.go): the statistics, the tree, the laboratory's rules, searchmoves.
// While none watches the literal search calls quietHook, doing nothing.

// hookList is several hooks watching one search: each is told in turn, in
// the list's order, and a move's verdict and score pass from each to the
// next (m.rule, m.score): those that decide come first.
type hookList []searchHook

// hookOf is the hook of a search that rules (if not nil) and then each of
// hooks watch: nil if none does.
func hookOf(rules searchHook, hooks []searchHook) searchHook {
	if rules != nil {
		hooks = append(hookList{rules}, hooks...)
	}
	switch len(hooks) {
	case 0:
		return nil
	case 1:
		return hooks[0]
	}
	return hookList(hooks)
}

// each tells every hook of the list, in turn.
func (l hookList) each(tell func(h searchHook)) {
	for _, h := range l {
		tell(h)
	}
}

func (l hookList) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	l.each(func(h searchHook) { tableDepth = h.enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes) })
	return tableDepth
}
func (l hookList) iterate(iter int, thinkingRoot bool, nodes int) {
	l.each(func(h searchHook) { h.iterate(iter, thinkingRoot, nodes) })
}
func (l hookList) move(m *searchMove) (pruneRule, int) {
	l.each(func(h searchHook) { m.rule, m.score = h.move(m) })
	return m.rule, m.score
}
func (l hookList) newBest() { l.each(func(h searchHook) { h.newBest() }) }
func (l hookList) iterated(best, nodes int) (again bool) {
	l.each(func(h searchHook) { again = h.iterated(best, nodes) || again })
	return again
}
func (l hookList) leave(best, score, nodes int) {
	l.each(func(h searchHook) { h.leave(best, score, nodes) })
}

// quietHook does nothing: the literal search calls it when nothing watches,
// and a hook embeds it for the points it ignores.
type quietHook struct{}

func (quietHook) enter(side, alpha, beta, eval, lastTo, depth, tableDepth, nodes int) int {
	return tableDepth
}
func (quietHook) iterate(iter int, thinkingRoot bool, nodes int) {}
func (quietHook) move(m *searchMove) (pruneRule, int)            { return m.rule, m.score }
func (quietHook) newBest()                                       {}
func (quietHook) iterated(best, nodes int) bool                  { return false }
func (quietHook) leave(best, score, nodes int)                   {}
