package faults_test

import (
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/models/dijkstra"
)

// A recovery starts from the legitimate configurations: of the universe for a model that
// starts from it (counted here against the predicate), of the listed initial ones otherwise;
// a model none of whose initial configurations is legitimate has none to start from.
func TestLegitimateStarts(t *testing.T) {
	ring, _ := dijkstra.New(3, 3)
	legit := ring.Legitimate()
	m, _ := model.Daemonize(ring, model.Central)
	all, err := faults.LegitimateStarts(m, legit)
	want := 0
	u, _ := universe.New(m.Schema())
	s := m.Schema().NewState()
	for more := true; more; more = u.Next(s) {
		if legit(s) {
			want++
		}
	}
	if err != nil || len(all) != want || want == 0 {
		t.Fatalf("from the universe: %d starts (%v), want %d", len(all), err, want)
	}
	listed, _ := model.Daemonize(ring, model.Central, model.From(all[:2]))
	if some, err := faults.LegitimateStarts(listed, legit); err != nil || len(some) != 2 {
		t.Errorf("from two listed legitimate ones: %d (%v)", len(some), err)
	}
	never := func(model.State) bool { return false }
	if _, err := faults.LegitimateStarts(listed, never); err == nil || !strings.Contains(err.Error(), "none of the model's initial ones") {
		t.Errorf("no legitimate initial configuration: %v", err)
	}
}
