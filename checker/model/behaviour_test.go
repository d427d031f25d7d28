package model_test

import (
	"testing"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/prob"
)

// Issue 35: the checker asks what a model does and which protocol it runs by one query each.
// Daemonize's model forks, batches (under the central daemon), meets limits and reports
// breaches, and it is its protocol under its daemon; a user's wrapper says none of it, since
// neither query looks through wrappers.
func TestBehaviourAndProtocolOf(t *testing.T) {
	p := newDice(prob.Coin)
	m, err := model.Daemonize(p, model.Central)
	if err != nil {
		t.Fatal(err)
	}
	b := model.BehaviourOf(m)
	if b.Fork == nil || b.Batch == nil || b.Limit == nil || b.Violation == nil {
		t.Errorf("the daemon's model: %+v, want every behaviour", b)
	}
	if proto, d, ok := model.ProtocolOf(m); !ok || proto != model.Protocol(p) || d != model.Central {
		t.Errorf("ProtocolOf: %v %v %v", proto, d, ok)
	}
	if _, d, ok := model.ProtocolOf(b.Fork()); !ok || d != model.Central {
		t.Errorf("a fork is not its protocol under its daemon")
	}
	wrapped := plainWrapper{m}
	if b := model.BehaviourOf(wrapped); b.Fork != nil || b.Batch != nil || b.Limit != nil || b.Violation != nil {
		t.Errorf("a user's wrapper: %+v, want none", b)
	}
	if _, _, ok := model.ProtocolOf(wrapped); ok {
		t.Errorf("a user's wrapper is its base's protocol under a daemon")
	}
}
