package difftest

import (
	"fmt"
	"slices"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
)

// temporal compares each temporal property, when the run checks them, with the reference's
// reading of the protocol's own property (its Go predicates and the reference's daemons): the
// verdict; for always, the length of the counterexample after its start (the shortest); and
// a counterexample that is an execution of the reference's steps, ending where its formula
// needs it to (a lasso, or a configuration without successors).
func (h *harness) temporal(b *built, res *checker.Result, d *diffs) {
	if !slices.Contains(b.spec.Checks, checker.CheckTemporal) {
		return
	}
	legit := h.p.Legit.Predicate(h.p)
	props := make([]model.Temporal, len(h.p.Temporal))
	for i, t := range h.p.Temporal {
		props[i] = t.Property(h.p, fmt.Sprintf("t%d", i))
	}
	key := fmt.Sprintf("%v/%v", refDaemon(b.cfg.Daemon), b.cfg.Start)
	refs, ok := h.temporalRefs[key]
	if !ok {
		refs = reference.Temporal(h.p.Model(), refDaemon(b.cfg.Daemon), b.init, legit, props)
		h.temporalRefs[key] = refs
	}
	for i, t := range h.p.Temporal {
		prop, ref := props[i], refs[i]
		h.seen[fmt.Sprintf("temporal %s holds=%v", t.Kind, ref.Holds)]++
		for _, f := range t.Fair {
			h.seen["temporal fairness "+f.String()]++
		}
		if !slices.ContainsFunc(b.spec.Temporal, func(t model.Temporal) bool { return t.Name == prop.Name }) {
			continue // one the symbolic engine does not decide
		}
		c, ok := checkResult(res, "temporal "+prop.Name)
		switch {
		case !ok:
			d.add("temporal %s was not reported", prop.Name)
		case c.Verdict == checker.Inconclusive || (c.Verdict == checker.Holds) != ref.Holds:
			d.add("%s: the checker says %s (%s), the reference holds=%v", c.Name, c.Verdict, c.Detail, ref.Holds)
		case c.Verdict == checker.Violated:
			h.shows(b, c, d, func(tr *model.Trace, _ []step) error {
				return h.breaks(b, tr, t.Kind, t.FromLegit, legit, t.P.Predicate(h.p), ref)
			})
		}
	}
}

// stable compares almost-sure-stable, when the run checks it, with the reference's
// "eventually always L" over every execution from the initial configurations (a protocol
// without coins: every step is the scheduler's): the verdict, and a counterexample that is an
// execution of the reference's steps whose loop leaves L, or that ends outside L without a
// successor.
func (h *harness) stable(b *built, res *checker.Result, d *diffs) {
	c, ok := checkResult(res, string(checker.CheckStable))
	if !slices.Contains(b.spec.Checks, checker.CheckStable) || !ok {
		return
	}
	legit := h.p.Legit.Predicate(h.p)
	key := fmt.Sprintf("stable %v/%v", refDaemon(b.cfg.Daemon), b.cfg.Start)
	refs, ok := h.temporalRefs[key]
	if !ok {
		prop := model.Temporal{Name: "stable", Parts: []model.Formula{{Kind: model.EventuallyAlways, P: legit}}}
		refs = reference.Temporal(h.p.Model(), refDaemon(b.cfg.Daemon), b.init, legit, []model.Temporal{prop})
		h.temporalRefs[key] = refs
	}
	h.seen[fmt.Sprintf("almost-sure-stable holds=%v", refs[0].Holds)]++
	switch {
	case c.Verdict == checker.Inconclusive || (c.Verdict == checker.Holds) != refs[0].Holds:
		d.add("%s: the checker says %s (%s), the reference holds=%v", c.Name, c.Verdict, c.Detail, refs[0].Holds)
	case c.Verdict == checker.Violated:
		h.shows(b, c, d, func(tr *model.Trace, _ []step) error {
			return h.breaks(b, tr, model.EventuallyAlways, false, legit, legit, refs[0])
		})
	}
}

// breaks checks what a counterexample of kind k must show that the replay does not.
func (h *harness) breaks(b *built, tr *model.Trace, k model.TemporalKind, fromLegit bool, legit, p model.Predicate, ref reference.TemporalResult) error {
	n := len(tr.States)
	if k == model.Always {
		start := 0
		if fromLegit {
			start = -1
			for i, s := range tr.States {
				if legit(s) {
					start = i
				}
			}
		}
		switch {
		case tr.IsLasso() || p(tr.States[n-1]):
			return fmt.Errorf("it does not end outside the predicate")
		case start < 0:
			return fmt.Errorf("no configuration of it is legitimate")
		case n-1-start != ref.AlwaysAt:
			return fmt.Errorf("%d steps from its start, the reference's shortest %d", n-1-start, ref.AlwaysAt)
		}
		return nil
	}
	if !tr.IsLasso() && len(reference.Steps(h.p.Model(), refDaemon(b.cfg.Daemon), tr.States[n-1])) > 0 {
		return fmt.Errorf("it ends in a configuration with successors, and no loop")
	}
	return nil
}
