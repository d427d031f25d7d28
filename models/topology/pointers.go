package topology

import "github.com/mc-checker/mc/checker/model"

// Pointers declares the arrows of the arrow protocols in b: every node v has a variable
// "p<v>", owned by v, that points to v itself or to one of its neighbours. choices[v] lists the
// targets in the order of the variable's values: v first, then its neighbours; arrows[v] is
// the variable's handle.
func (t *Tree) Pointers(b *model.Builder) (choices [][]int, arrows []model.Ref) {
	for v := range t.N() {
		choice := append([]int{v}, t.Adj[v]...)
		names := make([]string, len(choice))
		for i, w := range choice {
			names[i] = t.Labels[w]
		}
		choices = append(choices, choice)
		arrows = append(arrows, b.Pointer("p"+t.Labels[v], model.Owner(v), model.Enum(names...), choice))
	}
	return choices, arrows
}
