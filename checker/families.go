package checker

import "fmt"

// The checks come in families, each a small type over one analysis (checking) that decides
// its checks and records each as a finding for the replay stage: safety (checks.go),
// convergence and the worst case (converge.go), temporal properties (temporal.go), recovery (recovery.go), the probabilistic
// checks (probabilistic.go, expected.go), and the symbolic engine (symbolic.go), whose
// findings come from BDDs rather than from the graph. A family carries the helpers it alone
// uses; checking keeps what they share (the scan, the convergence search and its labels,
// the findings, the replay), so that a check reads as its family's code and nothing else.

// family decides a family of checks.
type family interface {
	// checks are the checks it decides.
	checks() []Check
	// decide decides one of them, adding its findings. An error is a failure (an internal
	// error, a model's), never a verdict.
	decide(Check) error
}

// families is the table of the explicit engines' families, one of each per analysis: every
// check is in exactly one (TestEveryCheckHasOneFamily).
func (a *checking) families() []family {
	return []family{safety{a}, convergence{a}, temporal{a}, recovery{a}, &probabilistic{checking: a}}
}

// checkAll decides the spec's checks in the order they are reported, each by its family:
// the order of the findings, and so of the results, is AllChecks', whatever the families.
func (a *checking) checkAll(families []family) error {
	of := map[Check]family{}
	for _, f := range families {
		for _, c := range f.checks() {
			of[c] = f
		}
	}
	for _, c := range AllChecks {
		if !a.spec.has(c) {
			continue
		}
		f, ok := of[c]
		if !ok {
			return fmt.Errorf("no family of this engine decides the %s check", c) // the table refuses it first
		}
		if err := f.decide(c); err != nil {
			return err
		}
	}
	return nil
}
