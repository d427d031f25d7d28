// Package model is the teachable core of the checker, all a protocol author needs: the
// Schema of a protocol's variables (built with a Builder) and the States it encodes, the
// Protocol interface, the Daemon that turns a protocol into a Model (Daemonize, From, Where,
// WithLint), Steps and Traces with their Replay, the Traits of a model, and the predicates
// checks are stated with (Predicate, Property, Form, and Temporal for properties of
// executions under a fairness of their own: temporal.go). It depends on the standard library,
// xxhash, checker/plural and its leaf prob only: nothing here stores, maps or explores.
//
// What is not the core lives in subpackages of one job each, which import this package
// (never the other way, but for prob, which imports nothing): prob (exact probabilities, the
// coins of randomized protocols), form (the forms the symbolic engine builds: censuses of
// local facts and their Boolean combinations), channel (messages in transit as variables),
// legend (what the columns of a trace table are), universe (every configuration, ranked),
// symmetry (rotation symmetry and its quotient), faults (the recovery check's faults and
// their budget) and fairness (what weak fairness reads of a model).
//
// # A protocol
//
// A Protocol declares its variables once, in a Schema (build it with a Builder, which hands
// back a Ref to each variable), and its rules as guards (Enabled) and statements (Fire) of
// processes on a topology (Neighbors). Daemonize puts it under a daemon — central,
// locally-central, distributed or synchronous — and gives the Model the checker explores,
// starting from every configuration of the universe unless From or Where says otherwise.
//
// # The contract
//
// The checker relies on these. A model that breaks the first two gets wrong answers, not
// errors, unless it is run with WithLint (mc check --lint), which checks them on every step a
// run meets and reports a breach as a *ContractError (in a *StateError, with its
// configuration). The checker always rejects a successor outside the schema (the last), and
// replays every trace, which a model that is not pure (the third) usually fails: an internal
// error, never a verdict.
//
//   - A statement writes only what its process owns: its variables and its out-channels,
//     and the channels it receives from (to consume a message). A guard and a statement read
//     only the variables of their process, of its neighbours, and Global ones.
//   - Every move of a step reads the old configuration s and writes into next, which holds a
//     copy of s (composite atomicity): moves of one step never see each other's writes, and
//     never write one variable.
//   - Enabled, Fire, Successors, Init and every Predicate are pure functions of their
//     arguments: the same state gives the same rules, successors and answers, in the same
//     order, on every call and from any goroutine. Traces are replayed by step index, so the
//     order of successors is part of the model.
//   - "Valid only during the call": the State that Successors passes to yield, and a Step's
//     Moves, live in buffers the next call reuses; Clone what you keep.
//   - A successor stays inside the schema: every value within its variable's domain.
//
// # Optional behaviour
//
// Beyond Model, a model may have more (Daemonize's models have all that apply). Ask for it
// through one query each: ProcessesOf, InitOverUniverse, TraitsOf, BehaviourOf, ProtocolOf,
// and in the subpackages symmetry.QuotientOf, faults.BudgetOf, fairness.Of.
//
//   - InitOverUniverse: the initial set is described over the universe (every configuration,
//     or those that satisfy a predicate; a method UniverseInit): the checker uses the dense
//     store.
//   - Processes: steps are moves of processes; weak fairness and the enabled column of
//     traces need it.
//   - TraitsOf: what the model is, as one value (Traits; a method Traits): timed (the worst
//     case also in ticks, and its clock), one move a step (moves need no label of their own),
//     probabilistic, the reduction it explores (the Blocks daemon), its identity for
//     checkpoints. Each wrapper copies its base's Traits and edits them, so none can be lost on
//     the way.
//   - BehaviourOf: what it does, each a method the model may have: Fork gives each worker a
//     copy with scratch buffers of its own, so that Successors allocates nothing on the
//     explorer's hot path; AppendSuccessors writes every successor at once (the central
//     daemon's batch); Limit is a limit of its own it met (too many enabled processes for the
//     daemon's subsets: the run is inconclusive); Violation (Audited) is the first breach of
//     the contract it found (WithLint).
//   - ProtocolOf: the protocol and the daemon of Daemonize's model, from which the symbolic
//     engine builds its relation.
//   - Wrapper: a model built over another (symmetry.ByRotation, faults.With) names it; As
//     looks through wrappers for behaviour, and a wrapper that says nothing of its Traits
//     keeps its base's reduction (TraitsOf), so that a refusal cannot be lost.
//
// A Protocol may implement Clocked: its clock process's moves are ticks of time, and the
// clock, the environment, may read and write every variable (its moves must still compose
// with the others' in one step). It may implement FairUnits (weak fairness per message, say),
// Randomized (statements that draw at random), CentralBatch (its own central successors),
// and Audited (a protocol that checks its own rules as it runs, such as a compiled protocol
// file: the daemon's model reports its breach); and, for the subpackages,
// symmetry.Rotational (an anonymous ring) and faults.Recorded (variables a fault rewrites as
// one).
package model
