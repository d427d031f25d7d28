package model

// Form is a predicate with a structure the symbolic engine can build: one of package form's,
// a census of a local fact (form.Count) or a Boolean combination of forms (form.Not,
// form.All, form.Any); the engine refuses any other. Every Form is also an ordinary predicate
// (Holds), which the explicit engine evaluates: an entry that states its legitimate set as a
// Form gives both engines one definition.
type Form interface {
	Holds(s State) bool
}
