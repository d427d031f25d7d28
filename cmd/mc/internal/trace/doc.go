// Package trace shows a trace of a model outside the checker: as a table for people, a row a
// configuration with the step into it, the values it changed and the enabled processes,
// fitted to a width, with a legend under it (Print); the names of steps, moves and rules
// (StepName, MoveName, RuleName) that every output shares; and as the JSON that --json and
// --trace-out write and mc replay reads back (Encode, Decode). The moves are never stored:
// they come from replaying the trace's steps through the model, so that what is shown is
// what the model does.
package trace
