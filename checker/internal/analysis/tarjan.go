package analysis

import "slices"

// tarjan enumerates the strongly connected components of a graph given by its roots (the
// nodes, in the order their searches start) and succ (which appends the successors of a node
// that belong to the graph), with an explicit stack: Tarjan's algorithm, iterative so that
// long paths do not exhaust the goroutine's stack. A component is emitted when it is
// complete; emit may keep the slice.
func tarjan(roots func(yield func(uint64) bool), succ func(id uint64, out []uint64) []uint64, emit func([]uint64)) {
	type info struct{ index, low uint32 }
	type frame struct {
		id    uint64
		edges []uint64
		next  int
	}
	nodes := map[uint64]*info{}
	onStack := map[uint64]bool{}
	var stack []uint64
	var counter uint32
	var frames []frame
	push := func(id uint64) {
		counter++
		nodes[id] = &info{counter, counter}
		stack = append(stack, id)
		onStack[id] = true
		frames = append(frames, frame{id: id, edges: succ(id, nil)})
	}
	for root := range roots {
		if nodes[root] != nil {
			continue
		}
		push(root)
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			if f.next < len(f.edges) {
				w := f.edges[f.next]
				f.next++
				if nodes[w] == nil {
					push(w)
				} else if onStack[w] {
					nodes[f.id].low = min(nodes[f.id].low, nodes[w].index)
				}
				continue
			}
			v := f.id
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				parent := frames[len(frames)-1].id
				nodes[parent].low = min(nodes[parent].low, nodes[v].low)
			}
			if nodes[v].low == nodes[v].index {
				i := len(stack) - 1
				for stack[i] != v {
					i--
				}
				comp := slices.Clone(stack[i:])
				for _, id := range comp {
					onStack[id] = false
				}
				stack = stack[:i]
				emit(comp)
			}
		}
	}
}
