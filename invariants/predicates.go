package invariants

import "github.com/mc-checker/mc/checker/model"

// Local is a predicate of process p in configuration s, e.g. "p is privileged".
type Local func(s model.State, p int) bool

// ExactlyOne holds when exactly one of the n processes satisfies local: Dijkstra's
// "exactly one privilege" and, more generally, mutual exclusion with a single token.
func ExactlyOne(n int, local Local) model.Predicate {
	return func(s model.State) bool {
		c := 0
		for p := range n {
			if local(s, p) {
				if c++; c > 1 {
					return false
				}
			}
		}
		return c == 1
	}
}

// AtLeastOne holds when some process satisfies local, e.g. "some machine is privileged":
// the system is never deadlocked.
func AtLeastOne(n int, local Local) model.Predicate {
	return func(s model.State) bool {
		for p := range n {
			if local(s, p) {
				return true
			}
		}
		return false
	}
}

// Every holds when all n processes satisfy local.
func Every(n int, local Local) model.Predicate {
	return func(s model.State) bool {
		for p := range n {
			if !local(s, p) {
				return false
			}
		}
		return true
	}
}

// EveryEdge lifts a local predicate of edges to the whole configuration: the form of
// Theorem 4.1 of the self-stabilizing arrow protocol, where legality is φ(e) = 1 on every edge.
func EveryEdge[E any](edges []E, local func(model.State, E) bool) model.Predicate {
	return func(s model.State) bool {
		for _, e := range edges {
			if !local(s, e) {
				return false
			}
		}
		return true
	}
}
