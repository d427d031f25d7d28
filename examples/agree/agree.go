// Package agree is colour agreement on a line, the protocol docs/PROTOCOLS.md builds step by
// step: a process whose colour differs from its left neighbour's copies it. Legitimate: every
// colour is the same. It is not in mc's catalogue; Entry is what a catalogue entry for it
// looks like, and the tests of the documentation register it.
package agree

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models"
	"github.com/mc-checker/mc/models/topology"
)

// Protocol is colour agreement on n processes with k colours.
type Protocol struct {
	sch *model.Schema
	x   []model.Ref // each process's colour
}

// New builds the protocol for n processes and k colours.
func New(n, k int) (*Protocol, error) {
	b := model.NewBuilder(n)
	p := &Protocol{}
	for i := range n {
		p.x = append(p.x, b.Var(fmt.Sprintf("x%d", i), model.Owner(i), model.Range(k)))
	}
	var err error
	p.sch, err = b.Schema()
	return p, err
}

func (p *Protocol) Schema() *model.Schema { return p.sch }

// Neighbors: process i reads its left neighbour.
func (p *Protocol) Neighbors(i int) []int {
	if i == 0 {
		return nil
	}
	return []int{i - 1}
}

func (p *Protocol) Enabled(s model.State, i int, dst []int) []int {
	if i > 0 && s[p.x[i]] != s[p.x[i-1]] {
		dst = append(dst, 0) // rule 0: copy
	}
	return dst
}

func (p *Protocol) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		next[p.x[m.Proc]] = s[p.x[m.Proc-1]] // reads s, writes next
	}
}

func (p *Protocol) RuleName(int, int) string { return "copy" }

// Legitimate is "every colour is the same".
func (p *Protocol) Legitimate(s model.State) bool {
	for i := range p.x {
		if s[p.x[i]] != s[p.x[0]] {
			return false
		}
	}
	return true
}

// Entry is the protocol's entry in a catalogue: its parameters, defaults and default checks.
func Entry() *models.Entry {
	return &models.Entry{
		Name: "agree",
		Doc:  "colour agreement on a line: a process copies its left neighbour's colour",
		Params: []models.Param{
			{Name: "n", Default: 4, Min: 2, Max: 12, Doc: "processes"},
			{Name: "k", Default: 3, Min: 2, Max: 16, Doc: "colours"},
		},
		Search: "k",
		Checks: []string{"closure", "convergence", "worst-case"},
		Build: func(v map[string]int, _ *topology.Tree) (*models.Instance, error) {
			p, err := New(v["n"], v["k"])
			if err != nil {
				return nil, err
			}
			return &models.Instance{Protocol: p, Properties: model.Properties{Legit: p.Legitimate}, LegitDoc: "every colour is the same"}, nil
		},
	}
}
