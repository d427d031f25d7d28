package checker

import (
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/fairness"
	"github.com/mc-checker/mc/checker/model/symmetry"
)

// Check names an analysis.
type Check string

const (
	// CheckInvariant: every invariant holds in every reachable configuration.
	CheckInvariant Check = "invariant"
	// CheckDeadlock: no reachable illegitimate configuration is without successors.
	CheckDeadlock Check = "deadlock"
	// CheckClosure: every step from a legitimate configuration stays legitimate.
	CheckClosure Check = "closure"
	// CheckConvergence: no execution from an initial configuration avoids the legitimate set
	// forever (no cycle and no deadlock outside it; under weak fairness, no fair cycle).
	CheckConvergence Check = "convergence"
	// CheckWorstCase: the longest execution before the legitimate set, in moves and steps.
	CheckWorstCase Check = "worst-case"
	// CheckAction: every action invariant holds on every reachable step (s, s').
	CheckAction Check = "action-invariant"
	// CheckCharacterise: a predicate holds exactly on the configurations reachable from the
	// initial ones, among all configurations of the universe (both inclusions).
	CheckCharacterise Check = "characterise"
	// CheckEventually: from every reachable configuration, every execution (under the
	// fairness) reaches the goal of each eventually property: "v's outstanding request is
	// eventually satisfied" when the goal is "v has no outstanding request".
	CheckEventually Check = "eventually"
	// CheckTemporal: each temporal property (model.Temporal: always, eventually, always
	// eventually, eventually always, leads-to, under a fairness of its own, from the initial
	// or the legitimate configurations) holds of every execution; a violation is a shortest
	// path or a fair lasso.
	CheckTemporal Check = "temporal"
	// CheckRecovery: on a model with faults (faults.With) started in legitimate
	// configurations, every execution with at most k faults reaches the legitimate set once
	// its faults stop; the worst cases from the first fault and from the last.
	CheckRecovery Check = "recovery"
	// CheckAlmostSure: from every reachable configuration, every scheduler reaches the
	// legitimate set with probability 1 (a randomized protocol, model.Traits.Probabilistic; on a
	// model without probabilities, every step is a choice of the scheduler and it is
	// convergence). A violation shows a trap: configurations closed under every outcome of
	// the scheduler's choices, outside the legitimate set, with a path into it.
	CheckAlmostSure Check = "almost-sure"
	// CheckStable: with probability 1 under every scheduler, every execution from an initial
	// configuration eventually stays in the legitimate set for ever (◇□L), closed or not: every
	// end component of the reached graph, and every reached deadlock, lies in it. Where closure
	// of a predicate fails from corrupted configurations, this is stabilization without it. A
	// violation is a path to a configuration outside the set and a cycle back to it inside
	// an end component.
	CheckStable Check = "almost-sure-stable"
	// CheckExpected: the expected number of steps (and moves, and rounds under the
	// synchronous daemon) to the legitimate set, worst over schedulers, worst and on average
	// over the initial configurations: a sound interval, and an exact rational where the
	// chain is small enough (Spec.Expected).
	CheckExpected Check = "expected-time"
)

// AllChecks lists the checks in the order they are reported.
var AllChecks = []Check{CheckInvariant, CheckAction, CheckCharacterise, CheckDeadlock, CheckClosure, CheckConvergence, CheckWorstCase, CheckEventually, CheckTemporal, CheckRecovery, CheckAlmostSure, CheckStable, CheckExpected}

// ParseChecks reads a comma-separated list of check names.
func ParseChecks(list string) ([]Check, error) {
	var out []Check
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, c := range AllChecks {
			if string(c) == name {
				out, found = append(out, c), true
			}
		}
		if !found {
			var names []string
			for _, c := range AllChecks {
				names = append(names, string(c))
			}
			return nil, fmt.Errorf("unknown check %q (want one of %s)", name, strings.Join(names, ", "))
		}
	}
	return out, nil
}

// Fairness is an assumption of a check about the daemon, not a property of the daemon.
type Fairness int

const (
	Unfair Fairness = iota
	// WeaklyFair: a process enabled continuously from some point on eventually moves.
	WeaklyFair
)

func (f Fairness) String() string { return [...]string{"unfair", "weakly-fair"}[f] }

// ParseFairness accepts "unfair" and "weakly-fair" (or "weak").
func ParseFairness(s string) (Fairness, error) {
	switch s {
	case "unfair":
		return Unfair, nil
	case "weakly-fair", "weak":
		return WeaklyFair, nil
	}
	return 0, fmt.Errorf("unknown fairness %q (want unfair or weakly-fair)", s)
}

// Reading says which executions convergence speaks of when the initial set is restricted (on
// a universe every configuration is initial and the two agree).
type Reading int

const (
	// FromReachable: every execution from every reachable configuration reaches the
	// legitimate set, even one reached only through it (the reading of self-stabilization,
	// where any configuration may start an execution).
	FromReachable Reading = iota
	// Strict: every execution from an initial configuration reaches the legitimate set; what
	// happens after its first legitimate configuration is closure's business. The worst case
	// always reads this way: the longest prefix up to the first legitimate configuration.
	Strict
)

func (r Reading) String() string { return [...]string{"reachable", "strict"}[r] }

// ParseReading accepts "reachable" and "strict".
func ParseReading(s string) (Reading, error) {
	switch s {
	case "reachable", "":
		return FromReachable, nil
	case "strict":
		return Strict, nil
	}
	return 0, fmt.Errorf("unknown reading %q (want reachable or strict)", s)
}

// Spec says what to check.
type Spec struct {
	Checks []Check
	// Properties are the model's claims: the legitimate set L of closure, convergence,
	// deadlock and worst-case (as a Form too, for the symbolic engine), the invariants, the
	// action invariants, the characterisations and the goals of eventually.
	model.Properties
	Fairness Fairness
	// Reading is convergence's: FromReachable (the default) or Strict.
	Reading Reading
	// Rounds also measures the worst case in rounds (models of processes), wherever it is
	// defined, whatever it costs; RoundsByDefault (mc's default) measures it where it comes at
	// about the price of moves and steps (see rounds.go).
	Rounds, RoundsByDefault bool
	// Expected tunes the expected-time check.
	Expected ExpectedTuning
}

// ExpectedTuning tunes the expected-time check. The zero value is the default.
type ExpectedTuning struct {
	// Precision: the interval iteration stops when its bounds are this close, relatively
	// (0: 1e-6).
	Precision float64
	// ExactBlock is the largest strongly connected block of the worst scheduler's chain that
	// is solved exactly (0: 3,000 configurations; negative: never solve exactly).
	ExactBlock int
	// MaxIterations bounds the interval iteration (0: 10^6 updates).
	MaxIterations int
}

// probabilistic reports whether a probabilistic check is asked for.
func (s *Spec) probabilistic() bool {
	return s.has(CheckAlmostSure) || s.has(CheckStable) || s.has(CheckExpected)
}

func (s *Spec) has(c Check) bool {
	for _, x := range s.Checks {
		if x == c {
			return true
		}
	}
	return false
}

// validate checks that spec can run on m: what each check needs is there, and no
// combination of the table (combinations.go) refuses the run.
func (s *Spec) validate(m model.Model) error {
	if s.Legit == nil && s.LegitForm != nil {
		s.Legit = s.LegitForm.Holds
	}
	if err := s.complete(); err != nil {
		return err
	}
	if q, ok := symmetry.QuotientOf(m); ok && any(q) != any(m) {
		// the checker evaluates predicates on, and lifts the traces of, the model it runs
		return fmt.Errorf("a symmetry quotient must be the outermost model, not wrapped by another")
	}
	if err := s.refusal(m); err != nil {
		return err
	}
	if err := s.symmetric(m); err != nil {
		return err
	}
	if s.Fairness == WeaklyFair {
		f, ok := fairness.Of(m)
		if !ok {
			return fmt.Errorf("weak fairness needs a model made of processes")
		}
		if len(f.Units()) > model.MaxFairProcs {
			return fmt.Errorf("weak fairness tracks at most %d units, the model has %d", model.MaxFairProcs, len(f.Units()))
		}
	}
	return nil
}

// complete checks that every check asked for has what it reads: checks at all, a legitimate
// set, invariants, action invariants, a predicate to characterise, goals, a sane precision.
func (s *Spec) complete() error {
	needLegit := s.has(CheckClosure) || s.has(CheckConvergence) || s.has(CheckWorstCase) || s.probabilistic()
	precision := s.Expected.Precision
	switch {
	case len(s.Checks) == 0:
		return fmt.Errorf("no check requested")
	case needLegit && s.Legit == nil:
		return fmt.Errorf("closure, convergence, worst-case, almost-sure and expected-time need a legitimate set")
	case s.probabilistic() && precision != 0 && !(precision >= 1e-12 && precision < 1):
		return fmt.Errorf("the expected-time precision must be in [1e-12, 1) (floating point rounds below), not %g", precision)
	}
	return s.properties()
}

// properties checks that each check asked for has the properties it reads.
func (s *Spec) properties() error {
	switch {
	case s.has(CheckInvariant) && len(s.Invariants) == 0:
		return fmt.Errorf("the invariant check needs at least one invariant")
	case s.has(CheckAction) && len(s.Actions) == 0:
		return fmt.Errorf("the action-invariant check needs at least one action invariant")
	case s.has(CheckCharacterise) && len(s.Characterisations) == 0:
		return fmt.Errorf("the characterise check needs a predicate")
	case s.has(CheckRecovery) && s.Legit == nil:
		return fmt.Errorf("recovery needs a legitimate set")
	case s.has(CheckEventually) && len(s.Eventually) == 0:
		return fmt.Errorf("the eventually check needs at least one goal")
	case s.has(CheckTemporal) && len(s.Temporal) == 0:
		return fmt.Errorf("the temporal check needs at least one temporal property")
	}
	if s.has(CheckTemporal) {
		for _, t := range s.Temporal {
			if err := t.Validate(); err != nil {
				return err
			}
			if t.FromLegit && s.Legit == nil {
				return fmt.Errorf("temporal property %s starts from the legitimate configurations, and there is no legitimate set", t.Name)
			}
		}
	}
	return nil
}

// actionsToCheck are the action invariants the run evaluates: none unless requested.
func (s *Spec) actionsToCheck() []model.ActionProperty {
	if !s.has(CheckAction) {
		return nil
	}
	return s.Actions
}

// symmetric checks, on a quotient whose initial configurations are every representative,
// that every predicate of the spec gives the same answer on each configuration of an orbit:
// the checker evaluates them on representatives only, so one that depends on a process's
// index would get a wrong verdict.
func (s *Spec) symmetric(m model.Model) error {
	q, ok := symmetry.QuotientOf(m)
	if !ok {
		return nil
	}
	var preds []model.Property
	if s.Legit != nil {
		preds = append(preds, model.Property{Name: "the legitimate set", Holds: s.Legit})
	}
	preds = append(append(preds, s.Invariants...), s.Eventually...)
	var err error
	m.Init(func(rep model.State) bool {
		for _, p := range preds {
			want := p.Holds(rep)
			q.Orbit(rep, func(t model.State) bool {
				if p.Holds(t) != want {
					err = fmt.Errorf("%s depends on the processes' indexes (it differs between %s and %s): symmetry would decide it wrongly",
						p.Name, m.Schema().Format(rep), m.Schema().Format(t))
				}
				return err == nil
			})
			if err != nil {
				return false
			}
		}
		return true
	})
	return err
}
