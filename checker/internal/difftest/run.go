package difftest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mc-checker/mc/checker/internal/randproto"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
)

// Campaign is a differential run over random protocols: protocol i is drawn from the PCG
// source (Seed, i), and so are its runs, so that any one of them is reproduced alone.
type Campaign struct {
	Seed uint64
	// First is the index of the first protocol, Protocols their number: a long campaign is
	// split into ranges that run anywhere and add up.
	First     int
	Protocols int
	// Runs is how many runs each protocol gets, each drawn at random (Draw).
	Runs int
	// Subject is what the checker runs for a protocol (nil: GoSubject); GCL says it is the
	// protocol's file compiled, which has no rotation symmetry.
	Subject func(*randproto.Protocol) (Subject, error)
	GCL     bool
	// Parallel is how many protocols are checked at once (0: 1).
	Parallel int
}

// Failure is a disagreement, with what reproduces it.
type Failure struct {
	Seed     uint64
	Index    int
	Config   Config
	Protocol string // in mc's language, with its topology file if any
	Err      error
}

func (f Failure) Error() string {
	return fmt.Sprintf("seed %d, protocol %d, %s: %v\n%s", f.Seed, f.Index, f.Config, f.Err, f.Protocol)
}

// Report is what a campaign did and found.
type Report struct {
	Protocols, Runs, Skipped int
	// Features counts the runs that exercised each feature (Config.Features).
	Features map[string]int
	Failures []Failure
}

// Coverage lists the features with their counts, one a line.
func (r *Report) Coverage() string {
	var names []string
	for k := range r.Features {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, k := range names {
		fmt.Fprintf(&b, "%-28s %d\n", k, r.Features[k])
	}
	return b.String()
}

// Run checks the campaign's protocols; it stops early when ctx is cancelled.
func (c Campaign) Run(ctx context.Context) *Report {
	rep := &Report{Features: map[string]int{}}
	var mu sync.Mutex
	work := make(chan int)
	var wg sync.WaitGroup
	for range max(c.Parallel, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				one := c.Protocol(ctx, i)
				mu.Lock()
				rep.add(one)
				mu.Unlock()
			}
		}()
	}
	for i := c.First; i < c.First+c.Protocols && ctx.Err() == nil; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	sort.Slice(rep.Failures, func(a, b int) bool { return rep.Failures[a].Index < rep.Failures[b].Index })
	return rep
}

func (r *Report) add(o *Report) {
	r.Protocols += o.Protocols
	r.Runs += o.Runs
	r.Skipped += o.Skipped
	for k, v := range o.Features {
		r.Features[k] += v
	}
	r.Failures = append(r.Failures, o.Failures...)
}

// Protocol draws protocol i alone and checks its runs: what reproduces a failure.
func (c Campaign) Protocol(ctx context.Context, i int) *Report {
	rep := &Report{Protocols: 1, Features: map[string]int{}}
	rng := rand.New(rand.NewPCG(c.Seed, uint64(i)))
	p := randproto.Generate(rng)
	p.DrawMessages(rand.New(rand.NewPCG(c.Seed, uint64(i)^messageSource)))
	p.DrawTemporal(rand.New(rand.NewPCG(c.Seed, uint64(i)^temporalSource)))
	text, dot := p.GCL()
	if dot != "" {
		text += "\n// " + randproto.TopologyFile + ":\n" + dot
	}
	fail := func(cfg Config, err error) {
		rep.Failures = append(rep.Failures, Failure{Seed: c.Seed, Index: i, Config: cfg, Protocol: text, Err: err})
	}
	subject := GoSubject(p)
	if c.Subject != nil {
		var err error
		if subject, err = c.Subject(p); err != nil {
			fail(Config{}, fmt.Errorf("the subject: %v", err))
			return rep
		}
	}
	h := &harness{p: p, subj: subject, list: sample(rng, reference.Universe(p.Schema())), refs: map[string]reference.Result{}, temporalRefs: map[string][]reference.TemporalResult{}, steps: -1, seen: map[string]int{},
		shards: rand.New(rand.NewPCG(c.Seed, uint64(i)^shardSource))}
	for range c.Runs {
		cfg := Draw(rng, p, c.GCL)
		if cfg.Daemon != model.Central && h.subsetSteps() > maxSteps {
			cfg.Daemon = model.Central // the naive reference would take too long
		}
		checks, err := h.check(ctx, cfg)
		switch {
		case errors.Is(err, errSkip):
			rep.Skipped++
			continue
		case ctx.Err() != nil:
			return rep
		case err != nil:
			fail(cfg, err)
		}
		rep.Runs++
		for _, f := range cfg.Features() {
			rep.Features[f]++
		}
		if p.Msgs != nil {
			rep.Features["messages"]++
			if p.Msgs.Bag {
				rep.Features["messages bag"]++
			} else {
				rep.Features["messages fifo"]++
			}
		}
		for _, c := range checks {
			rep.Features["check "+string(c)]++
			if c == "temporal" && cfg.Store == Symbolic {
				rep.Features["symbolic temporal"]++
			}
		}
	}
	for k, v := range h.seen {
		rep.Features[k] += v
	}
	return rep
}

// temporalSource and messageSource tell the sources of a protocol's temporal properties and
// messages from the protocol's.
const (
	temporalSource = 0x7e3_9a11
	messageSource  = 0x3e55_a6e5
)

// sample draws about a quarter of the configurations, at least one.
func sample(rng *rand.Rand, all []model.State) []model.State {
	var out []model.State
	for _, s := range all {
		if rng.IntN(4) == 0 {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		out = append(out, all[rng.IntN(len(all))])
	}
	return out
}

// maxSteps bounds the distributed daemon's steps over the universe of a protocol run under a
// daemon other than the central one (the synchronous daemon's steps are among them, each
// enabled process choosing one of its actions): the reference enumerates them one by one.
const maxSteps = 100_000

// subsetSteps counts the distributed daemon's steps from every configuration: each enabled
// process moves by one of its enabled rules or stays, not all of them staying.
func (h *harness) subsetSteps() int {
	if h.steps >= 0 {
		return h.steps
	}
	m := h.p.Model()
	h.steps = 0
	for _, s := range reference.Universe(h.p.Schema()) {
		choices := 1
		for q := range h.p.N {
			choices *= 1 + len(m.Enabled(s, q, nil))
		}
		h.steps += choices - 1
	}
	return h.steps
}

// Size is the number of protocols a campaign checks: the environment's MC_DIFFTEST when it
// is set (the long tier), else def.
func Size(def int) int {
	if n, err := strconv.Atoi(os.Getenv("MC_DIFFTEST")); err == nil && n > 0 {
		return n
	}
	return def
}

// From is the first protocol's index: the environment's MC_DIFFTEST_FIRST, else 0.
func From() int {
	n, _ := strconv.Atoi(os.Getenv("MC_DIFFTEST_FIRST"))
	return max(n, 0)
}

// Errors are the first limit disagreements in full, then a count of the others.
func (r *Report) Errors(limit int) []string {
	var out []string
	for i, f := range r.Failures {
		if i == limit {
			out = append(out, fmt.Sprintf("and %d more disagreements", len(r.Failures)-i))
			break
		}
		out = append(out, f.Error())
	}
	return out
}

// covered is what a campaign must have exercised at least once: every daemon, fairness,
// reading, initial set, store, fault model and check, and figures above the trivial ones.
var covered = []string{
	"daemon central", "daemon locally-central", "daemon distributed", "daemon synchronous", "daemon blocks",
	"fairness unfair", "fairness weakly-fair", "reading reachable", "reading strict",
	"start universe", "start where", "start list",
	"store dense", "store memory", "store disk", "store badger", "store symbolic", "workers 1", "workers 3",
	"rotation", "rounds", "lint", "compress", "faults k=1", "faults k=2", "fault scope process", "fault scope variable",
	"fault values", "fault vars", "end start",
	"check invariant", "check action-invariant", "check deadlock", "check closure", "check convergence",
	"check worst-case", "check eventually", "check temporal", "check recovery", "shards", "shards violated",
	"verdict: convergence holds=true", "verdict: convergence holds=false", "verdict: recovery violated",
	"figure: worst case above 2 steps", "figure: worst case in moves above steps", "figure: worst case above 1 round",
	"figure: recovery above 0 steps",
}

// coveredFull is what a campaign of the default tier or longer must exercise besides: runs with
// messages, each temporal formula violated (a short campaign of 20 protocols meets a few).
var coveredFull = []string{
	"messages fifo", "messages bag", "symbolic temporal", "temporal always holds=false", "temporal eventually holds=false", "temporal always eventually holds=false",
	"temporal eventually always holds=false", "temporal leadsto holds=false", "temporal leadsto holds=true",
}

// Uncovered lists what the campaign did not exercise of what it must (with gcl, a campaign
// of protocol files, which have no rotation symmetry and no eventually declaration; short, a
// campaign of the short tier).
func (r *Report) Uncovered(gcl, short bool) []string {
	var out []string
	must := covered
	if !short {
		must = append(slices.Clone(covered), coveredFull...)
	}
	for _, f := range must {
		if r.Features[f] == 0 && !(gcl && (f == "rotation" || f == "check eventually")) {
			out = append(out, f)
		}
	}
	return out
}
