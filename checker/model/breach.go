package model

// StateError is an error a model met in one configuration: a guard or a statement that broke
// the protocol's rules there (a compiled protocol file's division by zero, a value outside a
// domain), a breach of the protocol contract (a *ContractError, which WithLint reports inside
// one), or a step that left the schema. The checker reports it with a path from an initial
// configuration to State (checker.ModelError).
type StateError struct {
	Err   error
	State State
}

func (e *StateError) Error() string { return e.Err.Error() }

func (e *StateError) Unwrap() error { return e.Err }
