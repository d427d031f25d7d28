package faults

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
)

// MaxStarts bounds the universe LegitimateStarts lists: its configurations are tested one by
// one, and the legitimate ones kept.
const MaxStarts = 1 << 27

// LegitimateStarts are the configurations a recovery (With) starts from: the legitimate
// ones among m's initial configurations when m lists them (LE(k) starts from its leader at
// process 0), else among its universe, of at most MaxStarts configurations.
func LegitimateStarts(m model.Model, legit model.Predicate) ([]model.State, error) {
	var from []model.State
	if _, universe := model.InitOverUniverse(m); !universe {
		m.Init(func(s model.State) bool {
			if legit(s) {
				from = append(from, s.Clone())
			}
			return true
		})
		if len(from) == 0 {
			return nil, fmt.Errorf("recovery starts from legitimate configurations, and none of the model's initial ones is")
		}
		return from, nil
	}
	u, err := universe.New(m.Schema())
	if err != nil || u.Size() > MaxStarts {
		return nil, fmt.Errorf("recovery starts from the legitimate configurations of the universe, and this one is too large to list (%v)", err)
	}
	s := m.Schema().NewState()
	for more := true; more; more = u.Next(s) {
		if legit(s) {
			from = append(from, s.Clone())
		}
	}
	return from, nil
}
