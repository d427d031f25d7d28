package app

import (
	"fmt"

	"github.com/mc-checker/mc/checker"
)

// recoveryFact is the recovery's worst cases, when the run measured them.
func recoveryFact(r checker.Recovery) (fact, bool) {
	if r.FirstSteps == nil {
		return fact{}, false
	}
	first, last := counted(*r.FirstMoves, "move")+", "+counted(*r.FirstSteps, "step"), counted(*r.LastSteps, "step")
	if r.FirstRounds != nil {
		first, last = first+", "+counted(*r.FirstRounds, "round"), last+", "+counted(*r.LastRounds, "round")
	}
	return fact{name: "recovery", value: fmt.Sprintf("from the first fault %s; from the last %s", first, last), figure: true}, true
}
