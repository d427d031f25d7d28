package analysis

import "slices"

// sccInfo is a node's place in Tarjan's search: its index (0: not visited yet), its low link,
// and whether it is on the stack.
type sccInfo struct {
	index, low uint32
	onStack    bool
}

// sccStore keeps the nodes' sccInfo: by id in a slice where the ids are dense and few enough,
// else in a map over the nodes the search visits.
type sccStore interface {
	get(id uint64) sccInfo
	put(id uint64, v sccInfo)
}

type denseSCC []sccInfo

func (d denseSCC) get(id uint64) sccInfo    { return d[id] }
func (d denseSCC) put(id uint64, v sccInfo) { d[id] = v }

type sparseSCC map[uint64]sccInfo

func (m sparseSCC) get(id uint64) sccInfo    { return m[id] }
func (m sparseSCC) put(id uint64, v sccInfo) { m[id] = v }

// tarjan enumerates the strongly connected components of a graph given by its roots (the
// nodes, in the order their searches start) and succ (which appends the successors of a node
// that belong to the graph), with an explicit stack: Tarjan's algorithm, iterative so that
// long paths do not exhaust the goroutine's stack. A component is emitted when it is
// complete; emit may keep the slice. store holds the search's sccInfo (denseSCC for ids below
// its length, sparseSCC otherwise).
func tarjan[S sccStore](store S, roots func(yield func(uint64) bool), succ func(id uint64, out []uint64) []uint64, emit func([]uint64)) {
	type frame struct {
		id    uint64
		edges []uint64
		next  int
	}
	var stack []uint64
	var counter uint32
	var frames []frame
	push := func(id uint64) {
		counter++
		store.put(id, sccInfo{counter, counter, true})
		stack = append(stack, id)
		frames = append(frames, frame{id: id, edges: succ(id, nil)})
	}
	for root := range roots {
		if store.get(root).index != 0 {
			continue
		}
		push(root)
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			if f.next < len(f.edges) {
				w := f.edges[f.next]
				f.next++
				if wi := store.get(w); wi.index == 0 {
					push(w)
				} else if wi.onStack {
					fi := store.get(f.id)
					fi.low = min(fi.low, wi.index)
					store.put(f.id, fi)
				}
				continue
			}
			v := f.id
			vi := store.get(v)
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				parent := frames[len(frames)-1].id
				pi := store.get(parent)
				pi.low = min(pi.low, vi.low)
				store.put(parent, pi)
			}
			if vi.low == vi.index {
				i := len(stack) - 1
				for stack[i] != v {
					i--
				}
				comp := slices.Clone(stack[i:])
				for _, id := range comp {
					ci := store.get(id)
					ci.onStack = false
					store.put(id, ci)
				}
				stack = stack[:i]
				emit(comp)
			}
		}
	}
}
