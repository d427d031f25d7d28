package universe_test

import (
	"math/rand/v2"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
)

// Rank and Unrank are inverse; Next walks ranks in order; RankFrom agrees with Rank whatever
// bytes differ, also past the first eight variables.
func TestUniverse(t *testing.T) {
	vars := []model.Var{}
	for i, k := range []int{3, 5, 2, 7, 4, 3, 6, 2, 5, 3, 4} {
		vars = append(vars, model.Var{Name: string(rune('a' + i)), Owner: model.Global, Domain: model.Range(k)})
	}
	s, err := model.NewSchema(0, vars...)
	if err != nil {
		t.Fatal(err)
	}
	u, err := universe.New(s)
	if err != nil {
		t.Fatal(err)
	}
	if u.Size() != 3*5*2*7*4*3*6*2*5*3*4 || u.Formula() != "3·5·2·7·4·3·6·2·5·3·4" {
		t.Fatalf("size %d formula %s", u.Size(), u.Formula())
	}
	st, back := s.NewState(), s.NewState()
	for r := uint64(0); r < 5000; r++ {
		u.Unrank(r, back)
		if string(back) != string(st) || u.Rank(st) != r {
			t.Fatalf("rank %d: %v vs %v", r, st, back)
		}
		u.Next(st)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	a, b := s.NewState(), s.NewState()
	for range 10000 {
		u.Unrank(rng.Uint64N(u.Size()), a)
		u.Unrank(rng.Uint64N(u.Size()), b)
		if got, ok := u.RankFrom(a, u.Rank(a), b); !ok || got != u.Rank(b) {
			t.Fatalf("RankFrom %v → %v = %d, want %d", a, b, got, u.Rank(b))
		}
	}
}

// A model that starts from every configuration yields them in rank order: the daemon's model
// walks the universe on its own (it may not import this package), and the dense store relies
// on the two orders being one.
func TestInitWalksRanks(t *testing.T) {
	b := model.NewBuilder(3)
	for p, k := range []int{3, 1, 4} {
		b.Var(string(rune('a'+p)), model.Owner(p), model.Range(k))
	}
	sch, err := b.Schema()
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(idle{sch}, model.Central)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := universe.New(sch)
	want, r := sch.NewState(), uint64(0)
	m.Init(func(s model.State) bool {
		if u.Unrank(r, want); !s.Equal(want) {
			t.Fatalf("configuration %d is %v, want %v", r, s, want)
		}
		r++
		return true
	})
	if r != u.Size() {
		t.Fatalf("%d initial configurations, want %d", r, u.Size())
	}
	big := make([]model.Var, 65)
	for i := range big {
		big[i] = model.Var{Name: string(rune(0x100 + i)), Owner: model.Global, Domain: model.Range(2)}
	}
	s, _ := model.NewSchema(0, big...)
	if _, err := universe.New(s); err == nil {
		t.Error("a universe of 2^65 accepted")
	}
}

// idle is a protocol whose processes never move.
type idle struct{ sch *model.Schema }

func (p idle) Schema() *model.Schema                       { return p.sch }
func (idle) Neighbors(int) []int                           { return nil }
func (idle) Enabled(_ model.State, _ int, dst []int) []int { return dst }
func (idle) Fire(model.State, []model.Move, model.State)   {}
func (idle) RuleName(int, int) string                      { return "" }
