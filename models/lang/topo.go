package lang

import "fmt"

// graph is a topology: who each process reads, and on rings its left and right neighbours.
type graph struct {
	n           int
	nb          [][]int
	left, right []int    // -1 where there is none
	mask        []uint64 // bit q of mask[p]: p reads q (itself included)
}

// generate builds a generated topology from its evaluated arguments.
func generate(kind string, args []int) (*graph, error) {
	need := map[string]int{"ring": 1, "oriented_ring": 1, "path": 1, "star": 1, "complete": 1, "grid": 2}
	if want, ok := need[kind]; !ok {
		return nil, fmt.Errorf("the %s topology is not built yet", kind)
	} else if len(args) != want {
		return nil, fmt.Errorf("%s takes %d argument(s), not %d", kind, want, len(args))
	}
	n := args[0]
	if kind == "grid" {
		n = args[0] * args[1]
	}
	if n < 1 || n > 64 || kind == "grid" && (args[0] < 1 || args[1] < 1) {
		return nil, fmt.Errorf("%s of %d processes: between 1 and 64", kind, n)
	}
	g := &graph{n: n, nb: make([][]int, n), left: make([]int, n), right: make([]int, n)}
	for p := range n {
		g.left[p], g.right[p] = -1, -1
	}
	link := func(p, q int) { g.nb[p] = append(g.nb[p], q) }
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
		case "star":
			for q := range n {
				if q != p && (p == 0 || q == 0) {
					link(p, q)
				}
			}
		case "complete":
			for q := range n {
				if q != p {
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
	g.mask = make([]uint64, n)
	for p := range n {
		g.mask[p] = 1 << p
		for _, q := range g.nb[p] {
			g.mask[p] |= 1 << q
		}
	}
	return g, nil
}

// reads reports whether p may read q's variables (q in range).
func (g *graph) reads(p, q int) bool { return g.mask[p]&(1<<q) != 0 }
