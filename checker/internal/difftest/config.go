package difftest

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/randproto"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
)

// Start is a run's initial set.
type Start int

const (
	Everything Start = iota // every configuration (self-stabilization)
	Satisfying              // those of the protocol's Init predicate (model.Where)
	Listed                  // a random list of configurations (model.From)
)

var startNames = []string{"universe", "where", "list"}

func (s Start) String() string { return startNames[s] }

// Store is a run's engine and store.
type Store int

const (
	Dense    Store = iota // the universe indexed by rank (or hashed in memory for a list)
	Memory                // hashed in memory, every configuration an initial state
	Disk                  // the graph in files, the visited set in sorted runs
	Badger                // the visited set's older part in badger
	Symbolic              // binary decision diagrams
)

var storeNames = []string{"dense", "memory", "disk", "badger", "symbolic"}

func (s Store) String() string { return storeNames[s] }

// Config is one run of a protocol.
type Config struct {
	Daemon   model.Daemon // Blocks: the distributed daemon's block reduction
	Fairness checker.Fairness
	Reading  checker.Reading
	Start    Start
	Store    Store
	Workers  int
	Rotation bool
	Rounds   bool
	// Faults, when set, makes the run the recovery check from the legitimate configurations
	// of the initial set.
	Faults *faults.Spec
	Lint   bool
	// Compress stores a hashed exploration's configurations by tree compression.
	Compress bool
}

func (c Config) String() string {
	parts := []string{c.Daemon.String(), c.Fairness.String(), c.Reading.String(), "from " + c.Start.String(), c.Store.String(),
		fmt.Sprintf("%d workers", c.Workers)}
	if c.Rotation {
		parts = append(parts, "rotation")
	}
	if c.Rounds {
		parts = append(parts, "rounds")
	}
	if c.Lint {
		parts = append(parts, "lint")
	}
	if c.Compress {
		parts = append(parts, "compressed")
	}
	if f := c.Faults; f != nil {
		parts = append(parts, fmt.Sprintf("recovery: %s (start %v)", f, f.KeepStart))
	}
	return strings.Join(parts, ", ")
}

// Features names what the run exercises, for the coverage counts.
func (c Config) Features() []string {
	out := []string{"daemon " + c.Daemon.String(), "fairness " + c.Fairness.String(), "reading " + c.Reading.String(),
		"start " + c.Start.String(), "store " + c.Store.String(), fmt.Sprintf("workers %d", c.Workers)}
	for name, on := range map[string]bool{"rotation": c.Rotation, "rounds": c.Rounds, "lint": c.Lint, "compress": c.Compress} {
		if on {
			out = append(out, name)
		}
	}
	if f := c.Faults; f != nil && f.Vars != nil {
		out = append(out, "fault vars")
	}
	if f := c.Faults; f != nil {
		scope := "process"
		if f.OneVariable {
			scope = "variable"
		}
		out = append(out, "faults", fmt.Sprintf("faults k=%d", f.Budget), "fault scope "+scope)
		if f.Values != nil {
			out = append(out, "fault values")
		}
		if f.KeepStart {
			out = append(out, "end start")
		}
	}
	return out
}

// Draw draws a run the checker accepts for p (the documented refusals are
// TestRefusalsEverywhere's): with gcl, a run of the compiled file, which has no rotation.
func Draw(rng *rand.Rand, p *randproto.Protocol, gcl bool) Config {
	pick := func(k int) int { return rng.IntN(k) }
	// the stores on disk cost a directory each: they are drawn less often
	stores := []Store{Dense, Dense, Memory, Memory, Disk, Badger, Symbolic, Symbolic}
	c := Config{Daemon: model.Daemon(pick(5)), Start: Start(pick(3)), Store: stores[pick(len(stores))], Workers: 1 + 2*pick(2)}
	if pick(4) == 0 {
		c.Fairness = checker.WeaklyFair
	}
	if pick(3) == 0 {
		c.Reading = checker.Strict
	}
	c.Rounds = pick(4) == 0
	c.Lint = pick(8) == 0
	c.Rotation = p.Anonymous && !gcl && pick(4) != 0
	if pick(4) == 0 && !c.Rotation {
		c.Faults = drawFaults(rng, p)
	}
	c.fit()
	// drawn last, so that the draws before it are the campaigns' of before
	c.Compress = (c.Store == Memory || c.Store == Disk || c.Store == Badger) && pick(2) == 0
	if p.Msgs != nil { // one event a step (two moves would write one channel), explicit
		c.Daemon, c.Rotation = model.Central, false
		if c.Store == Symbolic {
			c.Store = Dense
		}
	}
	return c
}

// drawFaults draws a fault model: 1 or 2 faults, either scope, values or not, some of p's
// variables or all, either end.
func drawFaults(rng *rand.Rand, p *randproto.Protocol) *faults.Spec {
	f := &faults.Spec{Budget: 1 + rng.IntN(2), OneVariable: rng.IntN(2) == 0, KeepStart: rng.IntN(4) == 0}
	if len(p.Vars) > 1 && rng.IntN(3) == 0 {
		f.Vars = []string{p.Vars[rng.IntN(len(p.Vars))].Name}
	}
	if rng.IntN(2) == 0 {
		for v := range 4 { // 3 lies outside every domain: skipped
			if rng.IntN(2) == 0 {
				f.Values = append(f.Values, byte(v))
			}
		}
		if f.Values == nil {
			f.Values = []byte{byte(rng.IntN(3))}
		}
	}
	return f
}

// fit turns a drawn run into one the checker accepts, keeping as much of it as it can.
func (c *Config) fit() {
	if c.Faults != nil { // recovery: alone, unreduced, on a hashed store
		c.Rotation = false
		if c.Daemon == model.Blocks {
			c.Daemon = model.Distributed
		}
		if c.Store == Symbolic || c.Store == Dense {
			c.Store = Memory
		}
	}
	if c.Rotation { // every configuration, unfair, no rounds, explicit
		c.Start, c.Fairness, c.Rounds = Everything, checker.Unfair, false
		if c.Store == Symbolic {
			c.Store = Dense
		}
	}
	if c.Daemon == model.Blocks { // unfair, no rounds (and no worst case: see checks)
		c.Fairness, c.Rounds = checker.Unfair, false
		if c.Store == Symbolic {
			c.Store = Dense
		}
	}
	if c.Store == Symbolic { // every configuration, no rounds
		c.Start, c.Rounds = Everything, false
	}
	if c.Start == Listed && c.Store == Dense {
		c.Store = Memory
	}
}

// checks are the checks the run asks for, given whether the protocol has invariants, goals,
// action invariants and temporal properties: every check the run's reduction, engine and
// fairness keep (a temporal property states its own fairness: not with --fairness).
func (c Config) checks(invariants, goals, actions, temporal bool) []checker.Check {
	if c.Faults != nil {
		return []checker.Check{checker.CheckRecovery}
	}
	var out []checker.Check
	if invariants {
		out = append(out, checker.CheckInvariant)
	}
	explicit := c.Store != Symbolic && c.Daemon != model.Blocks
	if actions && explicit && !c.Rotation {
		out = append(out, checker.CheckAction)
	}
	out = append(out, checker.CheckDeadlock, checker.CheckClosure, checker.CheckConvergence)
	if c.Daemon != model.Blocks {
		out = append(out, checker.CheckWorstCase)
	}
	if goals && explicit {
		out = append(out, checker.CheckEventually)
	}
	if temporal && c.Daemon != model.Blocks && !c.Rotation && c.Fairness == checker.Unfair {
		out = append(out, checker.CheckTemporal)
	}
	if explicit && !c.Rotation && c.Fairness == checker.Unfair {
		// Without coins every step is the scheduler's choice: "eventually always L with
		// probability 1" is every execution's, the reference's temporal reading.
		out = append(out, checker.CheckStable)
	}
	return out
}
