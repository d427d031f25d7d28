package lang

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/graph/graphs/gen"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/mc-checker/mc/checker/plural"
	"github.com/mc-checker/mc/models/topology"
)

// graph is a topology: who each process reads, its left and right neighbours where it has
// them, its rule set (algo) and the root.
type graph struct {
	n           int
	nb          [][]int
	left, right []int    // -1 where there is none
	mask        []uint64 // bit q of mask[p]: p reads q (itself included)
	labels      []string
	algo        []int    // algo[p]: p's rule set, an index of algos
	algos       []string // the rule sets' names: "root" and "p" on generated topologies
	root        int
	file        *topology.Graph // the file it was read from, or nil
}

// maxProcs bounds the processes: a process's reads are a 64-bit mask.
const maxProcs = 64

// generate builds a generated topology from its evaluated arguments. Process 0 is the root,
// with rule set "root"; the others' is "p", as SASA's generators write them.
func generate(kind string, args []int) (*graph, error) {
	need := map[string]int{"ring": 1, "oriented_ring": 1, "path": 1, "star": 1, "complete": 1, "grid": 2, "random": 3}
	if want, ok := need[kind]; !ok {
		return nil, fmt.Errorf("unknown topology %s", kind)
	} else if len(args) != want {
		return nil, fmt.Errorf("%s takes %s, not %d", kind, plural.Count(want, "argument"), len(args))
	}
	n := args[0]
	if kind == "grid" {
		n = args[0] * args[1]
	}
	if n < 1 || n > maxProcs || kind == "grid" && (args[0] < 1 || args[1] < 1) {
		return nil, fmt.Errorf("%s of %d processes: between 1 and %d", kind, n, maxProcs)
	}
	g := newGraph(n)
	link := func(p, q int) {
		if q != p { // ring(1): a process reads itself anyway
			g.nb[p] = append(g.nb[p], q)
		}
	}
	if kind == "random" {
		if err := gnp(g, args[1], args[2]); err != nil {
			return nil, err
		}
	}
	for p := range n {
		switch kind {
		case "ring", "oriented_ring":
			g.left[p], g.right[p] = (p+n-1)%n, (p+1)%n
			link(p, g.left[p])
			if kind == "ring" && n > 2 {
				link(p, g.right[p])
			}
		case "path":
			if p > 0 {
				g.left[p] = p - 1
				link(p, p-1)
			}
			if p < n-1 {
				g.right[p] = p + 1
				link(p, p+1)
			}
		case "star", "complete":
			for q := range n {
				if q != p && (kind == "complete" || p == 0 || q == 0) {
					link(p, q)
				}
			}
		case "grid":
			r, c := p/args[1], p%args[1]
			for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
				if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < args[0] && cc >= 0 && cc < args[1] {
					link(p, rr*args[1]+cc)
				}
			}
		}
	}
	g.algos = []string{"root", "p"}
	for p := 1; p < n; p++ {
		g.algo[p] = 1
	}
	g.finish()
	return g, nil
}

// gnp links g as Gilbert's random graph G(n, p) with p = percent/100, drawn by gonum's
// generator from a PCG source seeded with seed: the same graph for the same arguments.
func gnp(g *graph, percent, seed int) error {
	if percent < 0 || percent > 100 {
		return fmt.Errorf("random(n, p, seed): p = %d is a percentage, 0..100", percent)
	}
	dst := simple.NewUndirectedGraph()
	if err := gen.Gnp(dst, g.n, float64(percent)/100, rand.NewPCG(uint64(seed), 0x6d63)); err != nil {
		return err
	}
	for e := dst.Edges(); e.Next(); {
		a, b := int(e.Edge().From().ID()), int(e.Edge().To().ID())
		g.nb[a] = append(g.nb[a], b)
		g.nb[b] = append(g.nb[b], a)
	}
	return nil
}

func newGraph(n int) *graph {
	g := &graph{n: n, nb: make([][]int, n), left: make([]int, n), right: make([]int, n), algo: make([]int, n)}
	for p := range n {
		g.left[p], g.right[p] = -1, -1
		g.labels = append(g.labels, fmt.Sprintf("p%d", p))
	}
	return g
}

// fromFile is the topology of a Graphviz file (topology.Graph says how it is read). On a
// digraph, a process that reads exactly one process has it as its left neighbour, and a
// process read by exactly one has it as its right: a directed ring has both.
func fromFile(f *topology.Graph) (*graph, error) {
	if f.N() > maxProcs {
		return nil, fmt.Errorf("%s has %d nodes; a protocol file runs on at most %d", f.Name, f.N(), maxProcs)
	}
	g := newGraph(f.N())
	g.file, g.labels = f, f.Labels
	readers := make([][]int, g.n)
	for p, reads := range f.Reads {
		g.nb[p] = slices.Clone(reads)
		for _, q := range reads {
			readers[q] = append(readers[q], p)
		}
	}
	for p := range g.n {
		if f.Directed && len(g.nb[p]) == 1 {
			g.left[p] = g.nb[p][0]
		}
		if f.Directed && len(readers[p]) == 1 {
			g.right[p] = readers[p][0]
		}
		name := f.Algo(p)
		if g.algo[p] = slices.Index(g.algos, name); g.algo[p] < 0 {
			g.algo[p] = len(g.algos)
			g.algos = append(g.algos, name)
		}
	}
	var err error
	g.root, err = f.Root()
	g.finish()
	return g, err
}

// finish sorts the reads and sets the masks.
func (g *graph) finish() {
	g.mask = make([]uint64, g.n)
	for p := range g.n {
		slices.Sort(g.nb[p])
		g.nb[p] = slices.Compact(g.nb[p])
		g.mask[p] = 1 << p
		for _, q := range g.nb[p] {
			g.mask[p] |= 1 << q
		}
	}
}

// reads reports whether p may read q's variables (q in range).
func (g *graph) reads(p, q int) bool { return g.mask[p]&(1<<q) != 0 }

// maxDegree is the largest number of processes a process reads.
func (g *graph) maxDegree() int {
	d := 0
	for _, nb := range g.nb {
		d = max(d, len(nb))
	}
	return d
}

// proc names process p in errors: "process 2" on a generated topology, "process paris" on a
// file's, by the file's name for the node.
// procName is a process as an error names it, written only when the error is (fmt calls
// String): a breach is met at every step that makes it, and only one is kept. A negative
// process is no process: a predicate of the configuration.
type procName struct {
	g *graph
	p int
}

func (n procName) String() string {
	if n.p < 0 {
		return "a predicate of the configuration"
	}
	return n.g.proc(n.p)
}

func (g *graph) proc(p int) string {
	if g.file == nil || p < 0 || p >= len(g.labels) {
		return fmt.Sprintf("process %d", p)
	}
	return "process " + g.labels[p]
}
