package dijkstra

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/form"
	"github.com/mc-checker/mc/invariants"
)

// Ring is the protocol for given n and K. Its core is deterministic and free of I/O.
type Ring struct {
	n, k      int
	schema    *model.Schema
	neighbors [][]int
}

// New validates n ≥ 2 and 2 ≤ K ≤ 256 (values are stored in one byte).
func New(n, k int) (*Ring, error) {
	if n < 2 {
		return nil, fmt.Errorf("dijkstra: n = %d, need at least 2 machines", n)
	}
	if k < 2 || k > model.MaxDomain {
		return nil, fmt.Errorf("dijkstra: K = %d is outside 2..%d", k, model.MaxDomain)
	}
	vars := make([]model.Var, n)
	nb := make([][]int, n)
	for i := range vars {
		vars[i] = model.Var{Name: fmt.Sprintf("x%d", i), Owner: model.Owner(i), Domain: model.Range(k)}
		nb[i] = []int{(i + n - 1) % n, (i + 1) % n}
		if n == 2 {
			nb[i] = nb[i][:1]
		}
	}
	s, err := model.NewSchema(n, vars...)
	if err != nil {
		return nil, err
	}
	return &Ring{n: n, k: k, schema: s, neighbors: nb}, nil
}

func (r *Ring) Schema() *model.Schema { return r.schema }
func (r *Ring) Neighbors(p int) []int { return r.neighbors[p] }

// Privileged is Dijkstra's guard of machine i.
func (r *Ring) Privileged(s model.State, i int) bool {
	if i == 0 {
		return s[0] == s[r.n-1]
	}
	return s[i] != s[i-1]
}

// AppendCentral writes the successors of s under the central daemon, one per privileged
// machine in machine order (model.CentralBatch): the dense store's hot loop.
func (r *Ring) AppendCentral(s model.State, out *model.Batch) {
	if s[0] == s[r.n-1] {
		out.Central(s, 0)[0] = byte((int(s[0]) + 1) % r.k)
	}
	for i := 1; i < r.n; i++ {
		if s[i] != s[i-1] {
			out.Central(s, i)[i] = s[i-1]
		}
	}
}

// Enabled: each machine has one rule, enabled iff it is privileged.
func (r *Ring) Enabled(s model.State, p int, dst []int) []int {
	if r.Privileged(s, p) {
		dst = append(dst, 0)
	}
	return dst
}

func (r *Ring) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		if m.Proc == 0 {
			next[0] = byte((int(s[0]) + 1) % r.k)
		} else {
			next[m.Proc] = s[m.Proc-1]
		}
	}
}

func (r *Ring) RuleName(p, _ int) string {
	if p == 0 {
		return "increment"
	}
	return "copy"
}

// Rules and Footprint make the ring a model.Footprinted: each machine's one rule reads its
// own counter and its left neighbour's (machine 0's left is machine n−1) and writes its own.
func (r *Ring) Rules(int) int { return 1 }
func (r *Ring) Footprint(p, _ int) model.Footprint {
	return model.NewFootprint([]int{p, (p + r.n - 1) % r.n}, []int{p})
}

// Legitimate is "exactly one machine is privileged".
func (r *Ring) Legitimate() model.Predicate { return invariants.ExactlyOne(r.n, r.Privileged) }

// LegitimateForm is Legitimate as a census of the machines' privileges, for the symbolic
// engine.
func (r *Ring) LegitimateForm() model.Form {
	return form.Count{Procs: r.n, Local: r.Privileged, Min: 1, Max: 1}
}

// SomePrivilegedForm is SomePrivileged as a census.
func (r *Ring) SomePrivilegedForm() model.Form {
	return form.Count{Procs: r.n, Local: r.Privileged, Min: 1, Max: r.n}
}

// SomePrivileged is Dijkstra's observation that the ring is never deadlocked: in every
// configuration at least one machine is privileged.
func (r *Ring) SomePrivileged() model.Predicate { return invariants.AtLeastOne(r.n, r.Privileged) }
