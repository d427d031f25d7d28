package picture

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
)

// Scene is what the pictures of one run share: the processes and where they stand, the
// links of the topology, and the part each schema variable plays. Build it once with New and
// draw any number of frames with it; it is read-only after New, so frames may be drawn from
// several goroutines.
type Scene struct {
	schema *model.Schema
	pos    []point
	links  []link
	// owned[p] are the variables drawn at process p, in schema order; shared are the rest
	// that no link carries (globals, the network's slots), drawn in a caption.
	owned  [][]int
	shared []int
	short  []string // each variable's name as drawn beside its process
	// side is the direction (radians, y down) in which each process's variables are drawn:
	// the one farthest from its links.
	side []float64
	hop  float64 // pixels a hop of the layout
}

// link is an edge of the topology, A < B, with the channel variables that carry messages
// from A to B (ab) and from B to A (ba), and who reads whom across it.
type link struct {
	A, B   int
	ab, ba []int
	// aReadsB and bReadsA: on an oriented ring or a digraph only one end reads the other,
	// and the link is drawn as an arc towards the reader (a -> b in a topology file).
	aReadsB, bReadsA bool
}

// arc is the direction of a link drawn as an arc, from the process read to its reader; ok is
// false for a link both ends read across, or that only channels make.
func (l link) arc() (from, to int, ok bool) {
	switch {
	case l.aReadsB == l.bReadsA:
		return 0, 0, false
	case l.bReadsA:
		return l.A, l.B, true
	}
	return l.B, l.A, true
}

// directed reports whether some link is drawn as an arc.
func (sc *Scene) directed() bool {
	for _, l := range sc.links {
		if _, _, ok := l.arc(); ok {
			return true
		}
	}
	return false
}

// New makes the scene of a schema on a topology: neighbors(p) lists the processes p reads
// (model.Protocol.Neighbors; nil draws the processes linked by channels only). p reading q,
// q reading p, or a channel either way draws one line, an arc from q to p when only p reads
// q (an oriented ring, a digraph's arc q -> p).
func New(sch *model.Schema, neighbors func(p int) []int) *Scene {
	n := sch.Procs()
	sc := &Scene{schema: sch, owned: make([][]int, n), short: make([]string, sch.Width())}
	edges := map[[2]int]*link{}
	join := func(a, b int) *link {
		key := [2]int{min(a, b), max(a, b)}
		if edges[key] == nil {
			edges[key] = &link{A: key[0], B: key[1]}
		}
		return edges[key]
	}
	for p := 0; neighbors != nil && p < n; p++ {
		for _, q := range neighbors(p) {
			if q != p && q >= 0 && q < n {
				if l := join(p, q); p == l.A {
					l.aReadsB = true
				} else {
					l.bReadsA = true
				}
			}
		}
	}
	for i, v := range sch.Vars {
		sc.short[i] = shortName(v)
		to, isChannel := channel.Receiver(v)
		switch from := int(v.Owner); {
		case isChannel && from >= 0 && to != from:
			l := join(from, to)
			if from == l.A {
				l.ab = append(l.ab, i)
			} else {
				l.ba = append(l.ba, i)
			}
		case v.Owner == model.Global || channel.OfNetwork(v):
			sc.shared = append(sc.shared, i)
		default:
			sc.owned[from] = append(sc.owned[from], i)
		}
	}
	adj := make([][]int, n)
	for key, l := range edges {
		adj[key[0]] = append(adj[key[0]], key[1])
		adj[key[1]] = append(adj[key[1]], key[0])
		sc.links = append(sc.links, *l)
	}
	for _, a := range adj {
		sort.Ints(a)
	}
	sort.Slice(sc.links, func(i, j int) bool {
		return sc.links[i].A < sc.links[j].A || sc.links[i].A == sc.links[j].A && sc.links[i].B < sc.links[j].B
	})
	sc.hop = hopLength(n)
	sc.pos = layout(adj, (2*radius+12)/sc.hop)
	sc.side = sides(sc.pos, adj)
	return sc
}

// hopLength is a hop in pixels: shorter for many processes, so that a ring of 64 is not
// three thousand pixels wide, but never so short that circles and boxes crowd.
func hopLength(procs int) float64 {
	if procs <= 16 {
		return unit
	}
	return math.Max(unit*math.Sqrt(16/float64(procs)), 80)
}

// shortName is the variable's name without its owner's number when it ends with it (x3 of
// process 3 is drawn as x beside process 3).
func shortName(v model.Var) string {
	if v.Owner < 0 {
		return v.Name
	}
	suffix := strconv.Itoa(int(v.Owner))
	if base, ok := strings.CutSuffix(v.Name, suffix); ok && base != "" && !endsInDigit(base) {
		return base
	}
	return v.Name
}

func endsInDigit(s string) bool { return s[len(s)-1] >= '0' && s[len(s)-1] <= '9' }

// Procs is the number of processes drawn.
func (sc *Scene) Procs() int { return len(sc.pos) }

// Frame is one configuration to draw. Enabled, Moved and Faulted may be nil (nothing marked)
// or hold one entry a process; Prev, when set, is the configuration before the step, and the
// values that changed are highlighted.
type Frame struct {
	State   model.State
	Prev    model.State
	Enabled []bool
	Moved   []bool
	// Faulted marks the processes a fault rewrote in the step (faults.Rule): a fault is
	// not a move.
	Faulted []bool
	// Title is drawn above the picture, e.g. "step 3 of 12 · P1 moved (B1)".
	Title string
}

func (f Frame) enabled(p int) bool { return p < len(f.Enabled) && f.Enabled[p] }
func (f Frame) moved(p int) bool   { return p < len(f.Moved) && f.Moved[p] }
func (f Frame) faulted(p int) bool { return p < len(f.Faulted) && f.Faulted[p] }
func (f Frame) changed(v int) bool {
	return f.Prev != nil && v < len(f.Prev) && f.Prev[v] != f.State[v]
}

// pointer is an arrow a pointer variable draws in a configuration.
type pointer struct {
	from, to int
	name     string
}

// pointers lists the arrows of a configuration: every pointer variable of a process that
// names another process (one naming its own process or nobody draws no arrow).
func (sc *Scene) pointers(s model.State) []pointer {
	var out []pointer
	for p, vars := range sc.owned {
		for _, v := range vars {
			t := sc.schema.Vars[v].Targets
			if t == nil || int(s[v]) >= len(t) {
				continue
			}
			if to := t[s[v]]; to >= 0 && to != p {
				out = append(out, pointer{from: p, to: to, name: sc.short[v]})
			}
		}
	}
	return out
}

// messages is what a list of channel variables holds in s, empty channels ("-") left out.
func (sc *Scene) messages(s model.State, vars []int) string {
	var parts []string
	for _, v := range vars {
		name := sc.schema.Vars[v].Domain.Name(s[v])
		if name == "-" {
			continue
		}
		if _, age, ok := strings.Cut(sc.schema.Vars[v].Name, "@"); ok && len(vars) > 1 {
			name += "@" + age // a timed channel's slot: the message's age
		}
		parts = append(parts, name)
	}
	return strings.Join(parts, " · ")
}
