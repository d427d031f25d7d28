package symbolic

import (
	"context"
	"errors"
	"fmt"

	"github.com/mc-checker/mc/checker/internal/bdd"
	"github.com/mc-checker/mc/checker/model"
)

// Input is one symbolic run: a protocol's model under a daemon, from every configuration.
type Input struct {
	// Model is the protocol under its daemon (model.Daemonize): its rules give the relation,
	// and its successors the steps of every trace.
	Model model.Model
	// Legit is the legitimate set; Invariants the invariant check's properties, each with
	// its Form.
	Legit      model.Form
	Invariants []model.Property
	// Checks names what to decide: "invariant", "deadlock", "closure", "convergence",
	// "worst-case", in the order the findings are wanted.
	Checks []string
	// WeaklyFair: convergence assumes weak fairness for every process.
	WeaklyFair bool
	// Temporal are the temporal check's properties (check "temporal"), their predicates'
	// forms given, unfair or weakly fair per process (any fairness clause reads as that; the
	// caller refuses the others).
	Temporal []model.Temporal
	// Order lists the processes from the top level down (nil: 0..n-1, which follows a ring or
	// a path as the generated topologies number them).
	Order []int
	// MaxNodes bounds the BDD node table (0: none): past it the run is inconclusive.
	MaxNodes int
}

// Finding is one check's outcome. A violation carries its execution, which the caller
// replays through the model before it reports it.
type Finding struct {
	Check        string
	Violated     bool
	Inconclusive bool
	Detail       string
	Trace        *model.Trace
	Temporal     *TemporalWitness // a temporal counterexample's part and trigger
}

// Output is what a run found, with the figures of the symbolic search.
type Output struct {
	Findings []Finding
	// WorstSteps and WorstMoves, when the worst case was measured (every execution reaches
	// the legitimate set), with an execution as long.
	WorstSteps, WorstMoves     *uint64
	StepsWitness, MovesWitness *model.Trace
	Order                      []int
	Levels                     int // BDD variables
	PeakNodes                  int // the node table's largest size
	Iterations                 int // fixpoint iterations, all checks together
}

// ErrNotLocal marks a model the engine cannot build a relation for.
var ErrNotLocal = errors.New("not a state-model protocol")

// run is one Check: the encoding, the relation, and the sets every check shares.
type run struct {
	ctx   context.Context
	in    Input
	e     *encoding
	r     *relation
	views []view
	legit bdd.Node
	out   *Output
	keep  []bdd.Node // every BDD a collection must keep
	// layers are the worst-case fixpoint's iterates (W_k: every execution reaches legit
	// within k steps), kept for the witness; nil until computed.
	layers []bdd.Node
}

// Check runs the symbolic checks of in. An error is bad input (a model the engine cannot
// encode, a form it cannot build); a bound or ctx's end makes the findings inconclusive.
func Check(ctx context.Context, in Input) (*Output, error) {
	proto, d, ok := model.ProtocolOf(in.Model) // the caller asked the table (checker.Refused) first
	if !ok || d == model.Blocks {
		return nil, fmt.Errorf("%w: the symbolic engine needs a protocol under a daemon", ErrNotLocal)
	}
	ru, err := newRunOf(ctx, in, proto, d)
	if err != nil {
		return nil, err
	}
	for _, c := range in.Checks {
		if err := ru.check(c); err != nil {
			return nil, err
		}
	}
	ru.out.PeakNodes = max(ru.out.PeakNodes, ru.e.m.Size())
	return ru.out, nil
}

func newRunOf(ctx context.Context, in Input, proto model.Protocol, d model.Daemon) (*run, error) {
	if _, units := proto.(model.FairUnits); units && in.WeaklyFair {
		return nil, errors.New("the symbolic engine's weak fairness is per process, and this protocol names fairness units of its own")
	}
	s := proto.Schema()
	order, err := processOrder(in.Order, s.Procs())
	if err != nil {
		return nil, err
	}
	withMoved := d == model.Distributed || d == model.LocallyCentral
	e, err := newEncoding(s, order, withMoved, 1<<16)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotLocal, err)
	}
	if in.MaxNodes > 0 {
		e.m.SetLimit(in.MaxNodes)
	}
	e.m.SetStop(func() bool { return ctx.Err() != nil }) // Ctrl-C ends even a long pre-image
	ru := &run{ctx: ctx, in: in, e: e, out: &Output{Order: order, Levels: e.m.Vars()}}
	locals := make([]*local, s.Procs())
	for p := range s.Procs() {
		w, err := e.viewOf(proto, p)
		if err != nil {
			return nil, err
		}
		ru.views = append(ru.views, w)
		if locals[p], err = e.tabulate(proto, w); err != nil {
			return nil, err
		}
	}
	if err := audited(in.Model); err != nil {
		return nil, err
	}
	ru.r = newRelation(e, d, locals, conflicts(proto, s.Procs()))
	if in.Legit != nil {
		if ru.legit, err = e.form(in.Legit, ru.views); err != nil {
			return nil, fmt.Errorf("the legitimate set: %w", err)
		}
	}
	ru.keep = append(ru.r.roots(), ru.legit)
	return ru, nil
}

// audited is the breach a linted model found while the rules were tabulated.
func audited(m model.Model) error {
	if violation := model.BehaviourOf(m).Violation; violation != nil {
		return violation()
	}
	return nil
}

// processOrder checks a given order (a permutation of the processes) or makes the default.
func processOrder(given []int, n int) ([]int, error) {
	if given == nil {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	seen := make([]bool, n)
	for _, p := range given {
		if p < 0 || p >= n || seen[p] {
			return nil, fmt.Errorf("the variable order must list each process 0..%d once: %v", n-1, given)
		}
		seen[p] = true
	}
	if len(given) != n {
		return nil, fmt.Errorf("the variable order must list each process 0..%d once: %v", n-1, given)
	}
	return given, nil
}

// conflicts lists, for each process, the later processes it reads or that read it: two that
// the locally-central daemon never moves in one step.
func conflicts(p model.Protocol, n int) [][]int {
	pairs := make([]map[int]bool, n)
	for q := range n {
		pairs[q] = map[int]bool{}
	}
	for q := range n {
		for _, r := range p.Neighbors(q) {
			a, b := min(q, r), max(q, r)
			if a != b {
				pairs[a][b] = true
			}
		}
	}
	out := make([][]int, n)
	for q := range n {
		for r := q + 1; r < n; r++ {
			if pairs[q][r] {
				out[q] = append(out[q], r)
			}
		}
	}
	return out
}

// interrupted is the error that ends a run early: ctx's end, or the node table's limit.
func (ru *run) interrupted() error {
	if err := ru.ctx.Err(); err != nil {
		return err
	}
	return ru.e.m.Err()
}

// collect is a collection at a safe point, keeping the run's sets and more.
func (ru *run) collect(more ...bdd.Node) {
	ru.out.PeakNodes = max(ru.out.PeakNodes, ru.e.m.Size())
	roots := append(append(append([]bdd.Node(nil), ru.keep...), ru.layers...), more...)
	ru.e.m.MaybeGC(roots...)
}
