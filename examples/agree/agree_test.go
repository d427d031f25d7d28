package agree_test

import (
	"context"
	"errors"
	"testing"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/examples/agree"
)

var stabilization = []checker.Check{checker.CheckClosure, checker.CheckConvergence, checker.CheckWorstCase}

// From every one of the 3^4 configurations, under the distributed daemon, the line agrees
// on one colour and stays so; the worst execution takes 6 moves (the last process may copy
// three colours in turn, the one before it two, the second one). The checker's tests compare
// it with their naive reference (TestReferenceEverywhere).
func TestStabilizes(t *testing.T) {
	p, err := agree.New(4, 3)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Daemonize(p, model.Distributed, model.WithLint())
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Run(context.Background(), m, checker.Spec{Checks: stabilization, Properties: model.Properties{Legit: p.Legitimate}}, checker.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict() != checker.Holds || res.Stats.States != 81 || *res.WorstCaseMoves != 6 {
		t.Fatalf("%v, %d states, worst case %d moves", res.Verdict(), res.Stats.States, *res.WorstCaseMoves)
	}
}

// copiesRight is a mutant: a process copies its right neighbour instead, which it does not
// read. The lint reports the breach of the contract.
type copiesRight struct{ *agree.Protocol }

func (p copiesRight) Fire(s model.State, moves []model.Move, next model.State) {
	for _, m := range moves {
		if m.Proc+1 < len(s) {
			next[m.Proc] = s[m.Proc+1]
		}
	}
}

func TestMutantIsCaught(t *testing.T) {
	p, _ := agree.New(4, 3)
	m, _ := model.Daemonize(copiesRight{p}, model.Central, model.WithLint())
	_, err := checker.Run(context.Background(), m, checker.Spec{Checks: stabilization, Properties: model.Properties{Legit: p.Legitimate}}, checker.Options{})
	var breach *model.ContractError
	if !errors.As(err, &breach) {
		t.Fatalf("got %v, want a breach of the contract", err)
	}
}
