package main

// The futility laboratory: the pruning rules of the seed documents beside
// micro-Max's own, each a switch that is off by default. With every switch
// off the search is micro-Max 4.1 (or 4.0 with futility off), node for node.

// pruneRule names what cut a move that the search made (or, in search.go,
// evaluated) but whose reply it did not search.
type pruneRule uint8

const (
	notPruned     pruneRule = iota // the reply is searched
	ruleFutility                   // micro-Max 4.1's futility pruning at the frontier
	numPruneRules                  // how many values a pruneRule takes
)

// ruleNames are the rules' short names, as -stats and -tree print them.
var ruleNames = [numPruneRules]string{"searched", "futile"}

func (r pruneRule) String() string {
	if r < numPruneRules {
		return ruleNames[r]
	}
	return "?"
}
