// Package faults is the recovery check's model: With wraps a model of processes so that, as
// often as a budget (Spec) allows, a fault rewrites what one process owns, before or during
// recovery. The budget left is a variable of the configuration, so the explorer checks every
// interleaving of faults and moves; a fault is a step of its own (model.Step.Fault, rule
// Rule). Record (Recorded) lets a protocol name variables a fault rewrites as one, and
// LegitimateStarts lists the configurations a recovery starts from.
//
// Its contract: BudgetOf is the one question the checker asks (is this a model with faults,
// and with which budget); OnBase and Start state end conditions over the base model's
// configurations. Faults are refused over a symmetry reduction (symmetry.QuotientOf).
package faults
