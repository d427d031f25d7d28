package checker

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/internal/sys"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/shard"
)

// Options says how to check. The zero value checks in memory with every core.
type Options struct {
	// Workers is the number of exploring goroutines; 0 means GOMAXPROCS. Results never depend
	// on it.
	Workers int
	// MaxStates bounds a hashed exploration, checked after each BFS segment; a run that
	// exceeds it is inconclusive. 0: no bound. The dense store has no use for it.
	MaxStates uint64
	// MemoryBudget caps the memory of a run, in bytes; 0 means 3/4 of physical memory. The
	// dense store refuses a universe whose arrays would not fit; a hashed exploration that
	// grows past it stops, inconclusive.
	MemoryBudget uint64
	// Progress, if set, receives reports during long runs, possibly concurrently.
	Progress func(Progress)
	// Exact makes a hashed exploration key its visited set by whole states, not by their
	// 64-bit fingerprints alone: no two states can be merged, at the cost of a copy of every
	// state in the set. Without it the result reports the probability of a collision.
	Exact bool
	// Hashed explores a model whose initial set is its universe by BFS over the hashed store
	// (every configuration an initial state) instead of the dense store, in memory unless
	// Store says otherwise: the hashed path every message-passing model runs on, measured on a
	// model whose dense figures are known.
	Hashed bool
	// Store says where a run keeps its graph and visited set (see StoreKind).
	Store StoreKind
	// Dir holds the files of StoreDisk and StoreBadger (required) and of StoreAuto once it
	// moves to disk (if empty, a temporary directory). The files are removed when the run ends.
	Dir string
	// Checkpoints, if set, saves a hashed exploration so that it can be resumed.
	Checkpoints *Checkpoints
	// Engine chooses explicit-state exploration (the default), the symbolic engine, or the
	// symbolic engine where the dense store cannot hold the universe (EngineAuto).
	Engine Engine
	// Order is the symbolic engine's variable order, the processes from the top level down
	// (nil: 0..n-1, which follows a ring or a path as mc numbers them).
	Order []int
	// Compress says whether a hashed exploration stores its configurations by tree
	// compression (see Compression). Results never depend on it.
	Compress Compression
	// Shard, if set, checks only the shard's range of the universe's ranks (shard.Ranks),
	// each configuration an initial one: the checks of one configuration or one step, on a
	// model that starts from every configuration, in the dense store (shards.go; the table
	// says what a shard refuses). MergeShards puts the shards' results together.
	Shard *shard.Shard
	// window is the one rank MergeShards checks again; nil: the shard's, or every rank.
	window *Ranks
}

// Compression says whether the explicit graph keeps each configuration's bytes or its root
// in a tree of shared leaves and pairs (checker/internal/compress): a few dozen bytes a state
// instead of the configuration's width, each read of a configuration decoding it.
type Compression int

const (
	// CompressAuto compresses configurations of compressWidth bytes or more.
	CompressAuto Compression = iota
	// CompressAlways compresses whatever the width.
	CompressAlways
	// CompressNever keeps every configuration's bytes.
	CompressNever
)

// compressWidth is where CompressAuto starts: below it a configuration costs little more
// than its root and its share of the tree (BenchmarkStateCompression: 25 bytes a state at
// 1,003 bytes a configuration for LE(k)), and each read would decode it for nothing.
const compressWidth = 256

var compressionNames = []string{"auto", "always", "never"}

func (c Compression) String() string { return compressionNames[c] }

// ParseCompression reads auto, always or never.
func ParseCompression(s string) (Compression, error) {
	for i, n := range compressionNames {
		if s == n {
			return Compression(i), nil
		}
	}
	return 0, fmt.Errorf("--compress %s: want auto, always or never", s)
}

// compresses reports whether a hashed exploration of configurations of width bytes stores
// them compressed: never with checkpoints, which save the graph's columns as they are.
func (o Options) compresses(width int) bool {
	switch {
	case o.Checkpoints != nil || o.Compress == CompressNever:
		return false
	case o.Compress == CompressAlways:
		return true
	}
	return width >= compressWidth
}

// Engine says how a run decides its checks.
type Engine int

const (
	// EngineExplicit explores the configurations one by one (dense or hashed store).
	EngineExplicit Engine = iota
	// EngineSymbolic decides the checks on BDDs of sets of configurations, from every
	// configuration of a state-model protocol (docs/SYMBOLIC.md).
	EngineSymbolic
	// EngineAuto is EngineSymbolic for a model the symbolic engine can check whose universe
	// does not fit the dense store, and EngineExplicit otherwise.
	EngineAuto
)

var engineNames = []string{"explicit", "symbolic", "auto"}

func (e Engine) String() string { return engineNames[e] }

// ParseEngine reads explicit, symbolic or auto.
func ParseEngine(s string) (Engine, error) {
	for i, n := range engineNames {
		if s == n {
			return Engine(i), nil
		}
	}
	return 0, fmt.Errorf("unknown engine %q (want explicit, symbolic or auto)", s)
}

// StoreKind says where a run keeps what it explores.
type StoreKind int

const (
	// StoreMemory keeps everything on the heap; a hashed exploration past the budget stops,
	// inconclusive.
	StoreMemory StoreKind = iota
	// StoreAuto starts as StoreMemory and, once the heap passes half the budget, takes the
	// graph's next pages from files under Dir and lets the visited set's older states spill
	// to sorted runs there. A universe still goes to the dense store.
	StoreAuto
	// StoreDisk keeps the graph in files under Dir/graph, mapped into memory (the resident
	// part held under the budget), and the visited set in sorted runs under Dir/visited,
	// looked up a segment at a time. A universe is explored hashed, every configuration an
	// initial state: slower than the dense store, but with checkpoints.
	StoreDisk
	// StoreBadger is StoreDisk with the visited set's older states spilled to badger, a
	// lookup per state.
	StoreBadger
)

var storeNames = [...]string{"memory", "auto", "disk", "badger"}

func (k StoreKind) String() string { return storeNames[k] }

// ParseStoreKind reads memory, auto, disk or badger.
func ParseStoreKind(s string) (StoreKind, error) {
	for i, n := range storeNames {
		if s == n {
			return StoreKind(i), nil
		}
	}
	return 0, fmt.Errorf("the store is %s, not %q", strings.Join(storeNames[:], ", "), s)
}

// onDisk reports whether the kind keeps its files on disk from the start.
func (k StoreKind) onDisk() bool { return k == StoreDisk || k == StoreBadger }

func (o Options) validate() error {
	switch {
	case o.Store < StoreMemory || o.Store > StoreBadger:
		return fmt.Errorf("unknown store kind %d", o.Store)
	case o.Store.onDisk() && o.Dir == "":
		return fmt.Errorf("the %s store keeps its files under a directory; give one", o.Store)
	case o.Store.onDisk() && !sys.CanMap:
		return fmt.Errorf("the %s store is %w", o.Store, sys.ErrUnsupported)
	case o.Store == StoreBadger && !store.BadgerBuilt:
		return errors.New("this mc was built without badger (go build -tags nobadger): --store disk keeps the visited set on disk in sorted runs instead")
	}
	return nil
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// budget is the memory the checker may use: MemoryBudget, or 3/4 of the machine's.
func (o Options) budget() uint64 {
	if o.MemoryBudget > 0 {
		return o.MemoryBudget
	}
	return sys.PhysicalMemory() / 4 * 3
}

// denseBytesPerNode is what the dense analyses keep per configuration: two 16-bit labels
// (steps and moves) and the legitimate bit, rounded up.
const denseBytesPerNode = 4.25

// fitsDense refuses a universe whose arrays would not fit the memory budget, rather than let
// the kernel kill the run.
func (o Options) fitsDense(n uint64) error {
	return o.fits(n, uint64(float64(n)*denseBytesPerNode), "the dense analysis")
}

// fits refuses to allocate need bytes for n configurations over the memory budget.
func (o Options) fits(n, need uint64, what string) error {
	budget := o.budget()
	if budget > 0 && need > budget {
		return fmt.Errorf("the universe has %s configurations; %s needs about %s, over the memory budget of %s",
			grouped(n), what, sizeText(need), sizeText(budget))
	}
	return nil
}

// grouped writes n with thousands separators: 196,608.
func grouped(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// sizeText writes bytes in GiB, or MiB below a GiB: 1.0 MiB, not 0.0 GiB.
func sizeText(b uint64) string {
	if b < 1<<30 {
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
}

// MachineMemory is the physical memory of this machine in bytes, or 0 if unknown: the budget
// is three quarters of it unless Options.MemoryBudget says otherwise.
func MachineMemory() uint64 { return sys.PhysicalMemory() }

// Dense reports whether Run checks m in the dense store under these options: m starts from
// its universe and the store keeps nothing on disk. MaxStates does not bound a dense run.
func (o Options) Dense(m model.Model) bool { return universal(m) && !o.Store.onDisk() && !o.Hashed }
