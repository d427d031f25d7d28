package topology

import (
	"os"
	"path/filepath"
	"testing"
)

// seeds adds every file of the repository's testdata/fuzz/NAME, and of testdata/topologies,
// as a seed: they run as ordinary tests, and start the fuzzer.
func seeds(f *testing.F, dirs ...string) {
	for _, dir := range dirs {
		files, _ := os.ReadDir(dir)
		for _, e := range files {
			if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && !e.IsDir() {
				f.Add(data)
			}
		}
	}
}

// A topology file, whatever its bytes, is a tree (N nodes, N-1 edges, a parent for every node
// but the root) or an error, and a graph whose reads are sorted, distinct and in range: never a
// panic, a hang or unbounded memory.
func FuzzParseDot(f *testing.F) {
	seeds(f, "../../testdata/fuzz/FuzzParseDot", "../../testdata/topologies")
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseGraph("fuzz.dot", data)
		if err != nil {
			return
		}
		for v, reads := range g.Reads {
			for i, w := range reads {
				if w == v || w < 0 || w >= g.N() || i > 0 && reads[i-1] >= w {
					t.Fatalf("node %d reads %v", v, reads)
				}
			}
		}
		tree, err := g.Tree()
		if err != nil {
			return
		}
		if len(tree.Edges()) != tree.N()-1 || len(tree.Labels) != tree.N() {
			t.Fatalf("%d nodes, %d edges, %d labels", tree.N(), len(tree.Edges()), len(tree.Labels))
		}
		for v := range tree.N() {
			if p := tree.Parent[v]; (v == tree.Root) != (p < 0) || p >= tree.N() {
				t.Fatalf("node %d has parent %d", v, p)
			}
		}
	})
}
