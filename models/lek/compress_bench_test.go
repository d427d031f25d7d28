package lek_test

import (
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/models/lek"
)

// BenchmarkStateCompression measures, for issue 37's item 5, what three ways of storing
// LE(k)'s configurations would cost a state, on the configurations the checker meets: n = 20,
// k = 1, every repair, one fault on a vote, back to the start (a configuration of 1,003 bytes:
// docs/PERFORMANCE.md, "LE(k) under the central daemon"), the first 200,000 of a BFS under the
// central daemon. It stores nothing for the checker; it reports, per state:
//   - tree: Laarman, van de Pol and Weber's tree compression (leaves of 8 bytes, a balanced
//     binary tree of pairs, each distinct leaf and pair stored once, at 8 bytes a node in a
//     table three quarters full), plus the root's 4 bytes;
//   - delta: the bytes in which a configuration differs from its BFS parent, as runs of an
//     offset, a length and the bytes (2 + length each);
//   - chunks: a 4-byte id per chunk of 25 bytes (a process's), each distinct chunk stored once.
//
// go test ./models/lek -run XXX -bench StateCompression -benchtime 1x
func BenchmarkStateCompression(b *testing.B) {
	r, err := lek.New(20, 1, lek.Readings{Strand: 1, ProbeEnd: 1, Report: 1, Returned: 1, Trail: 1, Stale: 1, CopyID: 1, Dominated: 1})
	if err != nil {
		b.Fatal(err)
	}
	d, err := model.Daemonize(r, model.Central, model.From([]model.State{r.Legitimate(0)}))
	if err != nil {
		b.Fatal(err)
	}
	m, err := faults.With(d, faults.Spec{Budget: 1, Vars: []string{"vote"}, KeepStart: true, OneVariable: true},
		[]model.State{r.Legitimate(0)}, r.Legit)
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		var c compression
		c.explore(m, 200_000)
		states := float64(c.states)
		b.ReportMetric(float64(c.width), "bytes/configuration")
		b.ReportMetric((float64(len(c.leaves)+len(c.pairs))*8/0.75+4)/states, "tree-bytes/state")
		b.ReportMetric(float64(c.delta)/states, "delta-bytes/state")
		b.ReportMetric((float64(len(c.chunks))*25+float64(c.chunkIDs)*4)/states, "chunk-bytes/state")
	}
}

// compression counts what each way would store for the configurations of a BFS.
type compression struct {
	width, states int
	leaves        map[uint64]uint32
	pairs         map[[2]uint32]uint32
	chunks        map[string]uint32
	delta         int // the delta encoding's bytes
	chunkIDs      int // the chunk ids stored
}

// explore runs a BFS of m from its initial configurations to limit configurations, storing
// each in the three ways.
func (c *compression) explore(m model.Model, limit int) {
	c.leaves, c.pairs, c.chunks = map[uint64]uint32{}, map[[2]uint32]uint32{}, map[string]uint32{}
	c.width = m.Schema().Width()
	seen := map[string]bool{}
	var queue []model.State
	m.Init(func(s model.State) bool {
		seen[string(s)] = true
		queue = append(queue, s.Clone())
		c.store(s, nil)
		return true
	})
	for len(queue) > 0 && c.states < limit {
		s := queue[0]
		queue = queue[1:]
		m.Successors(s, func(_ model.Step, t model.State) bool {
			if !seen[string(t)] && c.states < limit {
				seen[string(t)] = true
				queue = append(queue, t.Clone())
				c.store(t, s)
			}
			return true
		})
	}
}

// store adds one configuration, whose BFS parent is parent (nil: initial).
func (c *compression) store(s, parent model.State) {
	c.states++
	var ids []uint32
	for i := 0; i < len(s); i += 8 {
		var leaf [8]byte
		copy(leaf[:], s[i:])
		key := uint64(0)
		for _, x := range leaf {
			key = key<<8 | uint64(x)
		}
		ids = append(ids, intern(c.leaves, key))
	}
	for len(ids) > 1 {
		var up []uint32
		for i := 0; i < len(ids); i += 2 {
			if i+1 == len(ids) {
				up = append(up, ids[i])
				continue
			}
			up = append(up, intern(c.pairs, [2]uint32{ids[i], ids[i+1]}))
		}
		ids = up
	}
	for i := 0; i < len(s); i += 25 {
		intern(c.chunks, string(s[i:min(i+25, len(s))]))
		c.chunkIDs++
	}
	if parent == nil {
		c.delta += len(s)
		return
	}
	for i := 0; i < len(s); {
		if s[i] == parent[i] {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != parent[j] {
			j++
		}
		c.delta += 2 + j - i
		i = j
	}
}

// intern is key's id in table, added if new.
func intern[K comparable](table map[K]uint32, key K) uint32 {
	if id, ok := table[key]; ok {
		return id
	}
	id := uint32(len(table))
	table[key] = id
	return id
}
