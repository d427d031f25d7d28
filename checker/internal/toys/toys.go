package toys

import (
	"fmt"
	"sync"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
)

// BreachKind says which part of the protocol contract a Breach breaks.
type BreachKind int

const (
	// WritesOther: the rule of process p writes x[p+1] too, which p+1 owns.
	WritesOther BreachKind = iota
	// ReadsFar: the guard of process 0 reads x[2], two hops away on a ring of 4.
	ReadsFar
	// Collides: a channel holding 0..2 messages from P0 to P1, P0 sending and P1 receiving;
	// under a daemon that fires both in one step, both write the channel.
	Collides
)

// Ring is a protocol of n processes on a ring, each owning x<i> in 0..k-1 and one rule,
// whose guard and statement are given: a statement writes into next, which holds a copy of s
// (the rule of a toy that breaks the contract may write elsewhere). rules names the rule of
// process p as rules[p mod len(rules)].
func Ring(n, k int, rules []string, enabled func(s model.State, p int) bool, fire func(s model.State, p int, next model.State)) model.Protocol {
	b := model.NewBuilder(n)
	for i := range n {
		b.Var(fmt.Sprintf("x%d", i), model.Owner(i), model.Range(k))
	}
	sch, _ := b.Schema()
	return &ring{sch: sch, n: n, names: rules, enabled: enabled, fire: fire}
}

// ring is a protocol over a schema on a ring, whose rule is given.
type ring struct {
	sch     *model.Schema
	n       int
	names   []string
	enabled func(s model.State, p int) bool
	fire    func(s model.State, p int, next model.State)
}

func (r *ring) Schema() *model.Schema    { return r.sch }
func (r *ring) RuleName(p, _ int) string { return r.names[p%len(r.names)] }
func (r *ring) Neighbors(p int) []int {
	if r.n == 2 {
		return []int{1 - p}
	}
	return []int{(p + r.n - 1) % r.n, (p + 1) % r.n}
}

func (r *ring) Enabled(s model.State, p int, dst []int) []int {
	if r.enabled(s, p) {
		dst = append(dst, 0)
	}
	return dst
}

func (r *ring) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		r.fire(s, m.Proc, next)
	}
}

// Breach is a protocol that breaks the contract as kind says, and its legitimate set.
func Breach(kind BreachKind) (model.Protocol, model.Predicate) {
	never := func(model.State) bool { return false }
	switch kind {
	case WritesOther:
		return Ring(3, 2, []string{"spill"}, func(s model.State, p int) bool { return s[p] != s[(p+2)%3] },
			func(s model.State, p int, next model.State) { next[p], next[(p+1)%3] = s[(p+2)%3], s[(p+2)%3] }), never
	case ReadsFar:
		return Ring(4, 2, []string{"peek"}, func(s model.State, p int) bool { return p == 0 && s[0] != s[2] },
			func(s model.State, p int, next model.State) { next[0] = s[2] }), never
	}
	b := model.NewBuilder(2)
	channel.Declare(b, "c0>1", 0, 1, model.Range(3))
	sch, _ := b.Schema()
	return &ring{sch: sch, n: 2, names: []string{"send", "receive"},
		enabled: func(s model.State, p int) bool { return p == 0 && s[0] < 2 || p == 1 && s[0] > 0 },
		fire: func(s model.State, p int, next model.State) {
			next[0] = s[0] + 1 - 2*byte(p)
		}}, never
}

// Flaky is a protocol of one process that is not deterministic: from each configuration its
// first step moves x one ahead and every later step two ahead (mod 4). A run explores the
// first steps, a cycle 0 → 1 → 2 → 3 → 0 that never reaches its legitimate set (none), and
// the replay of that counterexample meets the later steps: an internal error, never a
// verdict. It starts from x = 0, so that the run explores it by BFS, each node once.
func Flaky() (model.Protocol, []model.State, model.Predicate) {
	b := model.NewBuilder(1)
	b.Var("x", 0, model.Range(4))
	sch, _ := b.Schema()
	var mu sync.Mutex
	fired := map[byte]bool{}
	return &ring{sch: sch, n: 1, names: []string{"step"},
			enabled: func(model.State, int) bool { return true },
			fire: func(s model.State, _ int, next model.State) {
				mu.Lock()
				defer mu.Unlock()
				next[0] = (s[0] + 1) % 4
				if fired[s[0]] {
					next[0] = (s[0] + 2) % 4
				}
				fired[s[0]] = true
			}},
		[]model.State{{0}}, func(model.State) bool { return false }
}

// Catalogue lists the toys as models, for tests to register (models.Register): breach-writes,
// breach-reads and breach-collides (under a daemon that fires two processes at once), and
// flaky.
func Catalogue() []*models.Entry {
	var out []*models.Entry
	for kind, name := range []string{"breach-writes", "breach-reads", "breach-collides"} {
		out = append(out, &models.Entry{Name: name, Doc: "a protocol that breaks its contract", Checks: []string{"closure", "convergence"},
			Build: func(map[string]int, *topology.Tree) (*models.Instance, error) {
				p, legit := Breach(BreachKind(kind))
				return &models.Instance{Protocol: p, Properties: model.Properties{Legit: legit}, LegitDoc: "never"}, nil
			}})
	}
	return append(out, &models.Entry{Name: "flaky", Doc: "a protocol that is not deterministic", Checks: []string{"convergence"},
		Build: func(map[string]int, *topology.Tree) (*models.Instance, error) {
			p, init, legit := Flaky()
			return &models.Instance{Protocol: p, Init: init, Properties: model.Properties{Legit: legit}, LegitDoc: "never"}, nil
		}})
}
