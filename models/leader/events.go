package leader

import "github.com/mc-checker/mc/checker/model"

// Events reports what the round from s with these moves does besides reaching its
// configuration: whether a node restarts (Restart, 3.2.7), and whether a token dies without
// a restart (a pass_tkn or root_trns ignored by its receiver, or by a shadow: Section 4's
// "the dispatch fails"; a token held at a restart disappears with it, which the restart
// already reports, as it does a token in transit to a node that restarts before reading it).
// Theorem 1's second half says that after O(N) rounds neither happens.
func (pr *Protocol) Events(s model.State, moves []model.Move) (restart, death bool) {
	for _, m := range moves {
		n := pr.step(s, m.Proc, m.Rule, &coinSource{outcome: m.Outcome})
		restart, death = restart || n.restarted, death || n.died
	}
	return restart, death
}
