package topology

import "github.com/mc-checker/mc/checker/model"

// Pointers declares the arrows of the arrow protocols: every node v has a variable "p<v>",
// owned by v, that points to v itself or to one of its neighbours. choices[v] lists the
// targets in the order of the variable's values: v first, then its neighbours.
func (t *Tree) Pointers() (choices [][]int, vars []model.Var) {
	for v := range t.N() {
		choice := append([]int{v}, t.Adj[v]...)
		names := make([]string, len(choice))
		for i, w := range choice {
			names[i] = t.Labels[w]
		}
		choices = append(choices, choice)
		vars = append(vars, model.Var{Name: "p" + t.Labels[v], Owner: model.Owner(v), Domain: model.Enum(names...)})
	}
	return choices, vars
}
