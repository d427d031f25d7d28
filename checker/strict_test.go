package checker_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/checker/reference"
)

// table is a random protocol on a ring of processes, each owning one variable: rule r of
// process p is enabled when guard[p][r][own][next] and sets its variable to
// write[p][r][own][next], reading its own value and its successor's on the ring.
type table struct {
	schema *model.Schema
	size   int
	guard  [][][][]bool
	write  [][][][]byte
}

func newTable(rng *rand.Rand, procs, size, rules int) *table {
	var vars []model.Var
	for p := range procs {
		vars = append(vars, model.Var{Name: fmt.Sprintf("x%d", p), Owner: model.Owner(p), Domain: model.Range(size)})
	}
	s, err := model.NewSchema(procs, vars...)
	if err != nil {
		panic(err)
	}
	t := &table{schema: s, size: size}
	for range procs {
		var gs [][][]bool
		var ws [][][]byte
		for range rules {
			g, w := make([][]bool, size), make([][]byte, size)
			for own := range size {
				g[own], w[own] = make([]bool, size), make([]byte, size)
				for next := range size {
					g[own][next] = rng.IntN(3) == 0
					w[own][next] = byte(rng.IntN(size))
				}
			}
			gs, ws = append(gs, g), append(ws, w)
		}
		t.guard, t.write = append(t.guard, gs), append(t.write, ws)
	}
	return t
}

func (t *table) Schema() *model.Schema    { return t.schema }
func (t *table) Neighbors(p int) []int    { return []int{(p + 1) % len(t.guard)} }
func (t *table) RuleName(_, r int) string { return fmt.Sprintf("r%d", r) }

func (t *table) Enabled(s model.State, p int, dst []int) []int {
	for r, g := range t.guard[p] {
		if g[s[p]][s[(p+1)%len(t.guard)]] {
			dst = append(dst, r)
		}
	}
	return dst
}

func (t *table) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		next[m.Proc] = t.write[m.Proc][m.Rule][s[m.Proc]][s[(m.Proc+1)%len(t.guard)]]
	}
}

// strictly is the naive strict reading, from its definition: every execution from an initial
// state, followed step by step until its first legitimate state, must get there; the worst
// case is the longest such prefix in steps and in moves. An execution that revisits a state of
// its own prefix, or stops, before a legitimate state is a counterexample.
func strictly(m model.Model, legit model.Predicate) (ok bool, steps, moves int) {
	ok = true
	onPath := map[string]bool{}
	var walk func(s model.State, depth, moved int)
	walk = func(s model.State, depth, moved int) {
		if !ok {
			return
		}
		if legit(s) {
			steps, moves = max(steps, depth), max(moves, moved)
			return
		}
		onPath[string(s)] = true
		any := false
		m.Successors(s, func(st model.Step, t model.State) bool {
			any = true
			if onPath[string(t)] {
				ok = false
				return false
			}
			walk(t.Clone(), depth+1, moved+st.MoveCount())
			return ok
		})
		ok = ok && any
		delete(onPath, string(s))
	}
	m.Init(func(s model.State) bool { walk(s.Clone(), 0, 0); return ok })
	return ok, steps, moves
}

// The example: two bits, initial {(0,0)}, legitimate {(1,0)}. The only execution
// reaches (1,0) in one step; the cycle (0,1) ⇄ (1,1) is reachable only through (1,0). Strictly
// the worst case is 1 step and convergence holds; from every reachable configuration it fails.
func TestStrictReadingTwoBits(t *testing.T) {
	two := &table{size: 2,
		guard: [][][][]bool{
			{{{true, true}, {false, false}}, {{false, false}, {false, true}}}, // P0: x0=0 → 1; x0=1 ∧ x1=1 → 0
			{{{false, false}, {false, false}}}},                               // P1: filled below
		write: [][][][]byte{
			{{{1, 1}, {0, 0}}, {{0, 0}, {0, 0}}},
			{{{1, 1}, {1, 1}}}},
	}
	// P1 reads x0 (its ring successor): x1=0 ∧ x0=1 → x1 := 1.
	two.guard[1][0] = [][]bool{{false, true}, {false, false}}
	two.schema, _ = model.NewSchema(2, model.Var{Name: "x0", Owner: 0, Domain: model.Range(2)}, model.Var{Name: "x1", Owner: 1, Domain: model.Range(2)})
	m, err := model.Daemonize(two, model.Central, model.From([]model.State{{0, 0}}))
	if err != nil {
		t.Fatal(err)
	}
	legit := func(s model.State) bool { return s[0] == 1 && s[1] == 0 }
	spec := checker.Spec{Checks: []checker.Check{checker.CheckConvergence, checker.CheckWorstCase}, Legit: legit}
	for _, tc := range []struct {
		reading checker.Reading
		holds   bool
	}{{checker.Strict, true}, {checker.FromReachable, false}} {
		spec.Reading = tc.reading
		res, err := checker.Run(context.Background(), m, spec, checker.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if (res.Checks[0].Verdict == checker.Holds) != tc.holds || res.Checks[1].Verdict != checker.Holds || *res.WorstCaseSteps != 1 {
			t.Errorf("%s: %+v, worst %v", tc.reading, res.Checks, res.WorstCaseSteps)
		}
	}
}

// A differential test over random protocols with restricted initial sets: both readings of
// convergence and the worst case against the naive strict walk above and the reference (from
// every reachable configuration), under the central and the distributed daemons.
func TestStrictReadingRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 13))
	count := 400
	if testing.Short() {
		count = 100
	}
	strictFails, differ := 0, 0
	for i := range count {
		p := newTable(rng, 2+rng.IntN(2), 2+rng.IntN(2), 1+rng.IntN(2))
		var init []model.State
		u, _ := universe.New(p.schema)
		legitSet := map[string]bool{}
		s := p.schema.NewState()
		for more := true; more; more = u.Next(s) {
			if rng.IntN(4) == 0 {
				init = append(init, s.Clone())
			}
			legitSet[string(s)] = rng.IntN(3) == 0
		}
		if len(init) == 0 {
			init = append(init, p.schema.NewState())
		}
		legit := func(s model.State) bool { return legitSet[string(s)] }
		d := []model.Daemon{model.Central, model.Distributed}[i%2]
		m, err := model.Daemonize(p, d, model.From(init))
		if err != nil {
			t.Fatal(err)
		}
		ok, steps, moves := strictly(m, legit)
		ref := reference.Check(m, reference.Spec{Legit: legit})
		if ref.ConvergesStrictly != ok {
			t.Fatalf("protocol %d: the reference says %v, the naive walk %v", i, ref.ConvergesStrictly, ok)
		}
		for _, reading := range []checker.Reading{checker.Strict, checker.FromReachable} {
			res, err := checker.Run(context.Background(), m, checker.Spec{Legit: legit, Reading: reading,
				Checks: []checker.Check{checker.CheckConvergence, checker.CheckWorstCase}}, checker.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			want := ok
			if reading == checker.FromReachable {
				want = ref.Converges
			}
			conv, worst := res.Checks[0], res.Checks[1]
			switch {
			case (conv.Verdict == checker.Holds) != want:
				t.Fatalf("protocol %d, %s, %s: convergence %s (%s), want holds=%v", i, d, reading, conv.Verdict, conv.Detail, want)
			case (worst.Verdict == checker.Holds) != ok:
				t.Fatalf("protocol %d, %s: worst case %s (%s), the naive walk says bounded=%v", i, d, worst.Verdict, worst.Detail, ok)
			case ok && (*res.WorstCaseSteps != uint64(steps) || *res.WorstCaseMoves != uint64(moves)):
				t.Fatalf("protocol %d, %s: worst case %d steps %d moves, naive %d and %d", i, d, *res.WorstCaseSteps, *res.WorstCaseMoves, steps, moves)
			}
		}
		for _, reading := range []checker.Reading{checker.Strict, checker.FromReachable} {
			res, err := checker.Run(context.Background(), m, checker.Spec{Legit: legit, Reading: reading, Fairness: checker.WeaklyFair,
				Checks: []checker.Check{checker.CheckConvergence}}, checker.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			want := ref.ConvergesFairlyStrictly
			if reading == checker.FromReachable {
				want = ref.ConvergesFairly
			}
			if c := res.Checks[0]; (c.Verdict == checker.Holds) != want {
				t.Fatalf("protocol %d, %s, %s, weakly fair: convergence %s (%s), reference holds=%v", i, d, reading, c.Verdict, c.Detail, want)
			}
		}
		if !ok {
			strictFails++
		}
		if ok != ref.Converges {
			differ++
		}
	}
	if strictFails == 0 || differ == 0 || strictFails == count {
		t.Fatalf("the random protocols do not exercise both readings: %d of %d fail strictly, %d differ", strictFails, count, differ)
	}
}
