package reference

import (
	"fmt"
	"strings"

	"github.com/mc-checker/mc/checker/model"
)

// TemporalResult is the reference's verdict on a temporal property: whether it holds and,
// for a violated part of kind Always, the fewest steps from a start to a configuration
// outside its predicate (else -1). Part is the first part that fails, or -1.
type TemporalResult struct {
	Holds    bool
	Part     int
	AlwaysAt int
}

// Temporal decides each property of props on protocol p under daemon d from init, on one
// graph of its own, from the definitions: a unit of a fairness clause is enabled where one of its process's enabled
// rules belongs to it (not where a step serves it, as the checker reads it), the fair states
// are found by refining the whole region until every component left is fair (not component
// by component), and a violation is a start from which a bad state is reachable, found by a
// backward fixpoint (not a forward search).
func Temporal(p model.Protocol, d model.Daemon, init []model.State, legit model.Predicate, props []model.Temporal) []TemporalResult {
	g := exploreProtocol(p, d, init)
	out := make([]TemporalResult, len(props))
	for i, t := range props {
		out[i] = g.temporal(p, legit, t)
	}
	return out
}

// temporal decides one property on the graph.
func (g *graph) temporal(p model.Protocol, legit model.Predicate, t model.Temporal) TemporalResult {
	u := unitsOf(p, g, t.Fair)
	starts := make([]bool, len(g.states))
	for i, s := range g.states {
		starts[i] = (t.FromLegit && legit(s)) || (!t.FromLegit && i < g.initial)
	}
	for k, f := range t.Parts {
		bad, at := g.breaks(f, starts, u)
		if bad {
			return TemporalResult{Part: k, AlwaysAt: at}
		}
	}
	return TemporalResult{Holds: true, Part: -1, AlwaysAt: -1}
}

// units is the fairness on the graph: per state the enabled units, per arc the served ones,
// by name ("clause/process/rule"), with the strong ones.
type units struct {
	enabled []map[string]bool
	served  [][]map[string]bool
	strong  map[string]bool
}

func unitsOf(p model.Protocol, g *graph, clauses []model.Fair) *units {
	u := &units{strong: map[string]bool{}}
	keys := func(c int, f model.Fair, q, r int) string {
		switch {
		case f.Rule != "" || f.PerRule:
			base := p.RuleName(q, r)
			if i := strings.IndexByte(base, '('); i >= 0 {
				base = base[:i]
			}
			if f.Rule != "" && base != f.Rule {
				return ""
			}
			return fmt.Sprintf("%d/%d/%s", c, q, base)
		}
		return fmt.Sprintf("%d/%d", c, q)
	}
	for i, s := range g.states {
		en := map[string]bool{}
		for q := range p.Schema().Procs() {
			for _, r := range p.Enabled(s, q, nil) {
				for c, f := range clauses {
					if k := keys(c, f, q, r); k != "" {
						en[k] = true
						u.strong[k] = f.Strong
					}
				}
			}
		}
		u.enabled = append(u.enabled, en)
		var arcs []map[string]bool
		for _, a := range g.adj[i] {
			sv := map[string]bool{}
			for _, mv := range a.acts {
				for c, f := range clauses {
					if k := keys(c, f, mv.Proc, mv.Rule); k != "" {
						sv[k] = true
					}
				}
			}
			arcs = append(arcs, sv)
		}
		u.served = append(u.served, arcs)
	}
	return u
}

// breaks reports whether some execution from a start breaks f, with Always's distance.
func (g *graph) breaks(f model.Formula, starts []bool, u *units) (bool, int) {
	n := len(g.states)
	holds := func(pred model.Predicate) []bool {
		out := make([]bool, n)
		for i, s := range g.states {
			out[i] = pred(s)
		}
		return out
	}
	P := holds(f.P)
	reach := g.reachableFrom(starts)
	if f.Kind == model.Always {
		at := g.distanceFrom(starts, func(i int) bool { return !P[i] })
		return at >= 0, at
	}
	region, accept := make([]bool, n), make([]bool, n)
	var Q []bool
	if f.Q != nil {
		Q = holds(f.Q)
	}
	for i := range n {
		switch f.Kind {
		case model.Eventually, model.AlwaysEventually:
			region[i], accept[i] = !P[i], true
		case model.LeadsTo:
			region[i], accept[i] = !Q[i], true
		case model.EventuallyAlways:
			region[i], accept[i] = true, !P[i]
		}
	}
	core := g.fairCore(region, accept, u)
	for i := range n {
		if region[i] && accept[i] && len(g.adj[i]) == 0 {
			core[i] = true // a deadlock stutters: fair, and accepted where accept holds
		}
	}
	bad := g.reachingWithin(core, region)
	for i := range n {
		var trigger bool
		switch f.Kind {
		case model.Eventually:
			trigger = starts[i] && !P[i]
		case model.AlwaysEventually:
			trigger = reach[i] && !P[i]
		case model.LeadsTo:
			trigger = reach[i] && P[i] && !Q[i]
		case model.EventuallyAlways:
			trigger = reach[i]
		}
		if trigger && bad[i] {
			return true, -1
		}
	}
	return false, -1
}

// fairCore is the set of states of region on a fair loop inside region through an accepted
// state: the region refined until every component left has an edge, an accepted state, no
// weak unit enabled all over it and never served, and no strong unit enabled in it and never
// served (the states where such a strong unit is enabled are dropped, and the rest refined
// again; a component failing otherwise is dropped whole).
func (g *graph) fairCore(region, accept []bool, u *units) []bool {
	alive := append([]bool(nil), region...)
	for changed := true; changed; {
		changed = false
		out := make([]bool, len(alive))
		for i := range alive {
			out[i] = !alive[i]
		}
		for _, comp := range g.components(out) {
			in := map[int]bool{}
			for _, v := range comp {
				in[v] = true
			}
			everywhere, somewhere, served := map[string]bool{}, map[string]bool{}, map[string]bool{}
			internal, accepted := false, false
			for k := range u.strong {
				everywhere[k] = true
			}
			for _, v := range comp {
				accepted = accepted || accept[v]
				for k := range u.strong {
					if u.enabled[v][k] {
						somewhere[k] = true
					} else {
						everywhere[k] = false
					}
				}
				for j, a := range g.adj[v] {
					if in[a.to] {
						internal = true
						for k := range u.served[v][j] {
							served[k] = true
						}
					}
				}
			}
			var drop []string
			whole := !internal || !accepted
			for k, strong := range u.strong {
				switch {
				case !strong && everywhere[k] && !served[k]:
					whole = true
				case strong && somewhere[k] && !served[k]:
					drop = append(drop, k)
				}
			}
			for _, v := range comp {
				gone := whole
				for _, k := range drop {
					gone = gone || u.enabled[v][k]
				}
				if gone {
					alive[v], changed = false, true
				}
			}
		}
	}
	return alive
}

// reachableFrom marks the states reachable from the marked ones.
func (g *graph) reachableFrom(from []bool) []bool {
	seen := append([]bool(nil), from...)
	for changed := true; changed; {
		changed = false
		for i := range g.states {
			if !seen[i] {
				continue
			}
			for _, a := range g.adj[i] {
				if !seen[a.to] {
					seen[a.to], changed = true, true
				}
			}
		}
	}
	return seen
}

// reachingWithin marks the states of region that reach a marked state through region.
func (g *graph) reachingWithin(target, region []bool) []bool {
	mark := make([]bool, len(g.states))
	for i := range mark {
		mark[i] = target[i] && region[i]
	}
	for changed := true; changed; {
		changed = false
		for i := range g.states {
			if mark[i] || !region[i] {
				continue
			}
			for _, a := range g.adj[i] {
				if mark[a.to] {
					mark[i], changed = true, true
					break
				}
			}
		}
	}
	return mark
}

// distanceFrom is the fewest steps from a marked state to one where bad holds, or -1.
func (g *graph) distanceFrom(from []bool, bad func(int) bool) int {
	dist := make([]int, len(g.states))
	var queue []int
	for i := range dist {
		dist[i] = -1
		if from[i] {
			dist[i], queue = 0, append(queue, i)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if bad(v) {
			return dist[v]
		}
		for _, a := range g.adj[v] {
			if dist[a.to] < 0 {
				dist[a.to], queue = dist[v]+1, append(queue, a.to)
			}
		}
	}
	return -1
}
