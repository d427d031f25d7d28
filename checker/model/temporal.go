package model

import "fmt"

// Temporal is a property of executions over state predicates, checked under a fairness
// assumption from the initial configurations or from the legitimate ones: "every machine is
// privileged infinitely often once the ring is legitimate" is
//
//	Temporal{Name: "no-starvation", FromLegit: true, Fair: []Fair{{}},
//		Parts: one Formula{Kind: AlwaysEventually, P: privileged(p)} per machine p}
//
// An execution is maximal: infinite, or ending in a configuration without successors, which
// it then repeats forever (a deadlock stutters; every fairness assumption allows it). The
// property holds if every execution from every start that its fairness allows satisfies every
// part. The checks mc always had are such properties: closure is "always L" from the
// legitimate configurations, convergence "always eventually L" (strictly, "eventually L"),
// an invariant "always P", a Go model's eventually "always eventually G" (docs/LANGUAGE.md).
type Temporal struct {
	Name string
	// Parts are a conjunction: one formula for each value of the quantifiers that wrap it
	// (forall p in procs : …), in order; a counterexample names the part it breaks.
	Parts []Formula
	// FromLegit: the executions start in the legitimate configurations the run reaches (on
	// a universe, every legitimate configuration); else in the initial ones.
	FromLegit bool
	// Fair is the fairness assumption, a conjunction of clauses; none: unfair (every
	// execution counts).
	Fair []Fair
}

// Formula is one temporal formula over state predicates.
type Formula struct {
	// Label names the quantifiers' values ("p = P2"); "" without quantifiers.
	Label string
	Kind  TemporalKind
	// P is the formula's predicate; under LeadsTo, its premise.
	P Predicate
	// Q is LeadsTo's goal, nil otherwise.
	Q Predicate
	// PForm and QForm are P and Q as censuses of local facts (Holds equal to P and Q), which
	// the symbolic engine needs; nil where they are not.
	PForm, QForm Form
}

// TemporalKind is the shape of a Formula.
type TemporalKind uint8

const (
	Always           TemporalKind = iota // □P: every configuration satisfies P
	Eventually                           // ◇P: some configuration satisfies P
	AlwaysEventually                     // □◇P: P holds infinitely often
	EventuallyAlways                     // ◇□P: P holds from some point on
	LeadsTo                              // □(P → ◇Q): every P is followed by a Q
)

func (k TemporalKind) String() string {
	switch k {
	case Always:
		return "always"
	case Eventually:
		return "eventually"
	case AlwaysEventually:
		return "always eventually"
	case EventuallyAlways:
		return "eventually always"
	case LeadsTo:
		return "leadsto"
	}
	return fmt.Sprintf("TemporalKind(%d)", k)
}

// Fair is one clause of a fairness assumption. Its units are the processes, or with PerRule
// each process's rules (one unit per rule and process; a rule with a parameter is one rule),
// or with Rule one named rule of every process that has it. A unit is enabled in a
// configuration if some step there serves it, and served by a step that moves it. Weakly:
// a unit enabled in every configuration from some point on is served again; Strong: a unit
// enabled infinitely often is served infinitely often.
type Fair struct {
	Strong  bool
	PerRule bool
	Rule    string // one rule's actions (PerRule is then implied)
}

func (f Fair) String() string {
	s := "weak"
	if f.Strong {
		s = "strong"
	}
	switch {
	case f.Rule != "":
		s += " rule " + f.Rule
	case f.PerRule:
		s += " per rule"
	}
	return s
}

// Validate says what is wrong with t: no name, no parts, a part without its predicates.
func (t Temporal) Validate() error {
	if t.Name == "" {
		return fmt.Errorf("a temporal property without a name")
	}
	if len(t.Parts) == 0 {
		return fmt.Errorf("temporal property %s has no formula", t.Name)
	}
	for _, f := range t.Parts {
		if f.Kind > LeadsTo {
			return fmt.Errorf("temporal property %s: unknown kind %d", t.Name, f.Kind)
		}
		if f.P == nil || (f.Kind == LeadsTo) != (f.Q != nil) {
			return fmt.Errorf("temporal property %s: %s needs %s", t.Name, f.Kind,
				map[bool]string{true: "two predicates", false: "one predicate"}[f.Kind == LeadsTo])
		}
	}
	return nil
}
