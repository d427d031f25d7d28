package arvy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/topology"
)

// A rooted tree is given by its parent pointers: parents[root] = root.

// RootedTrees lists every rooted labelled tree on n nodes (n^(n-1) of them, Cayley), in the
// lexicographic order of their parent vectors.
func RootedTrees(n int) [][]int {
	var out [][]int
	par := make([]int, n)
	var fill func(v int)
	fill = func(v int) {
		if v == n {
			if isRootedTree(par) {
				out = append(out, slices.Clone(par))
			}
			return
		}
		for w := range n {
			par[v] = w
			fill(v + 1)
		}
	}
	fill(0)
	return out
}

// isRootedTree: exactly one node points to itself and every node reaches it.
func isRootedTree(par []int) bool {
	roots := 0
	for v, w := range par {
		if v == w {
			roots++
		}
	}
	if roots != 1 {
		return false
	}
	for v := range par {
		x := v
		for range par {
			x = par[x]
		}
		if par[x] != x { // n steps and not at the root: a cycle
			return false
		}
	}
	return true
}

// IsoTrees lists one rooted tree per isomorphism class (the first of each in RootedTrees'
// order): 1, 1, 2, 4, 9, 20, 48, 115 for n = 1..8.
func IsoTrees(n int) [][]int {
	seen := map[string]bool{}
	var out [][]int
	for _, par := range RootedTrees(n) {
		if c := canonical(par); !seen[c] {
			seen[c] = true
			out = append(out, par)
		}
	}
	return out
}

// canonical is the AHU code of a rooted tree: equal iff the trees are isomorphic.
func canonical(par []int) string {
	children := make([][]int, len(par))
	root := 0
	for v, w := range par {
		if v == w {
			root = v
		} else {
			children[w] = append(children[w], v)
		}
	}
	var code func(v int) string
	code = func(v int) string {
		var parts []string
		for _, c := range children[v] {
			parts = append(parts, code(c))
		}
		slices.Sort(parts)
		return "(" + strings.Join(parts, "") + ")"
	}
	return code(root)
}

// TreeParents is a topology's tree as parent pointers towards its root.
func TreeParents(t *topology.Tree) []int {
	par := slices.Clone(t.Parent)
	par[t.Root] = t.Root
	return par
}

// RingStart is Algorithm 2's initial configuration on the ring v_1..v_n (nodes 0..n-1):
// p(v_i) = v_{i+1} for i < n/2, p(v_i) = v_{i-1} for i > n/2, the root v_{n/2}, and the
// bridge (v_{n/2+1}, v_{n/2}).
func RingStart(n int) []int {
	par := make([]int, n)
	for i := range n {
		switch {
		case i < n/2-1:
			par[i] = i + 1
		case i == n/2-1:
			par[i] = i
		default:
			par[i] = i - 1
		}
	}
	return par
}

// Start is the initial configuration on a rooted tree: the token at rest at the root, no find
// in transit, every node idle; with the bridge, node n/2 marks its parent edge.
func (p *Protocol) Start(par []int) (model.State, error) {
	s, err := p.atRest(par)
	if err != nil || p.bridge == nil {
		return s, err
	}
	if !slices.Equal(par, RingStart(p.n)) {
		return nil, fmt.Errorf("the bridge heuristic starts from Algorithm 2's configuration")
	}
	s[p.bridge[p.n/2]] = 1
	return s, nil
}

// atRest is the configuration on a rooted tree with the token at rest at the root, no find in
// transit, every node idle, and no bridge marked.
func (p *Protocol) atRest(par []int) (model.State, error) {
	if len(par) != p.n || !isRootedTree(par) {
		return nil, fmt.Errorf("%v is not a rooted tree on %d nodes", par, p.n)
	}
	s := p.schema.NewState()
	for v, w := range par {
		s[p.parent[v]] = byte(w)
		if v == w {
			s[p.token] = byte(v)
		}
	}
	return s, nil
}

// Starts is Start on each tree.
func (p *Protocol) Starts(trees [][]int) ([]model.State, error) {
	out := make([]model.State, 0, len(trees))
	for _, par := range trees {
		s, err := p.Start(par)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
