package reference

// rounds is the most rounds an execution from one of starts takes to its first state in in,
// over the product of the graph with the processes still owed a move in the round under way:
// a round starts with the processes enabled at its start owed, ends when each has moved or
// been disabled (a fault moves nobody: it ends a round only by disabling), and the round
// under way when the execution reaches in counts. A start in in takes 0 rounds. With
// faultFree, faults are not followed. The states must not reach a cycle or a deadlock outside
// in. Only graphs of protocols know their processes (units are processes there).
func (g *graph) rounds(in []bool, starts []int, faultFree bool) int {
	value := g.pairRounds(in, faultFree)
	worst := 0
	for _, u := range starts {
		if !in[u] {
			worst = max(worst, value(u, g.units[u]))
		}
	}
	return worst
}

// pairRounds is the most rounds from state u owing owed, memoised.
func (g *graph) pairRounds(in []bool, faultFree bool) func(u int, owed uint64) int {
	type key struct {
		u    int
		owed uint64
	}
	memo := map[key]int{}
	var value func(k key) int
	value = func(k key) int {
		if v, ok := memo[k]; ok {
			return v
		}
		best := 0
		for _, a := range g.adj[k.u] {
			if faultFree && a.fault {
				continue
			}
			if in[a.to] {
				best = max(best, 1)
				continue
			}
			owed, ended := k.owed&^a.movers&g.units[a.to], 0
			if owed == 0 {
				owed, ended = g.units[a.to], 1
			}
			best = max(best, ended+value(key{a.to, owed}))
		}
		memo[k] = best
		return best
	}
	return func(u int, owed uint64) int { return value(key{u, owed}) }
}
