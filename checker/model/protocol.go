package model

// Move is one process executing one of its rules.
type Move struct {
	Proc int
	Rule int
	// Outcome is the outcome drawn by a randomized rule (Randomized.Chances), else 0.
	Outcome int
}

// Protocol is a set of processes on a topology, each with named rules guard → statement.
//
// A rule of p reads p's variables and its neighbours' and writes only what p owns. Rules are
// pure functions of the old configuration, which is what lets a daemon fire several processes in
// one step (composite atomicity): every move of a step reads s, none reads another's writes.
type Protocol interface {
	Schema() *Schema
	// Neighbors lists the processes p may read; the locally-central daemon never fires two
	// neighbours in one step.
	Neighbors(p int) []int
	// Enabled appends the rules of p whose guards hold in s, in a fixed order.
	Enabled(s State, p int, dst []int) []int
	// Fire applies moves, all reading s, writing into next, which holds a copy of s on entry.
	Fire(s State, moves []Move, next State)
	// RuleName names rule r of process p for traces.
	RuleName(p, r int) string
}
