package model

// StateError is an error a model met in one configuration: a guard or a statement that broke
// the protocol's rules there (a compiled protocol file's division by zero, a value outside a
// domain), or a step that left the schema. The checker reports it with a path from an initial
// configuration to State (checker.ModelError).
type StateError struct {
	Err   error
	State State
}

func (e *StateError) Error() string { return e.Err.Error() }

func (e *StateError) Unwrap() error { return e.Err }

// Configuration is the configuration the error happened in.
func (e *StateError) Configuration() State { return e.State }

// Situated is an error that knows the configuration it happened in (a *StateError, a
// *ContractError).
type Situated interface {
	error
	Configuration() State
}
