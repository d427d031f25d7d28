package model

// Predicate is a property of one configuration. It must be a pure function of the state: the
// checker evaluates it from several goroutines at once and in no particular order.
type Predicate func(State) bool

// Property is a named predicate.
type Property struct {
	Name  string
	Holds Predicate
	// Form, when set, is the same predicate with the structure the symbolic engine builds
	// (Holds must then be Form.Holds); nil: the property is for the explicit engines only.
	Form Form
}

// ActionProperty is a predicate of one step: the configuration before, the step with its
// moves, and the configuration after. "The child of e never changes φ(e)" is one. Like a
// Predicate it must be pure; step.Moves is valid only during the call.
type ActionProperty struct {
	Name  string
	Holds func(from State, step Step, to State) bool
}

// Cost is a figure every step pays on arrival at a configuration: Of(s) for each step into
// s. The messages a synchronous round sends are the messages in transit in the configuration
// it reaches. The expected-time check gives its expected total until the legitimate set. Of
// must be pure, at least 0, and the same on configurations a symmetry maps to each other.
type Cost struct {
	Name string
	Of   func(State) int
}

// Properties are what a protocol claims of itself, as one value: the catalogue's instance
// carries it and the checker's Spec takes it whole (which checks read which is the Spec's
// business). The zero value claims nothing.
type Properties struct {
	// Legit is the legitimate set L of closure, convergence, deadlock, worst case and
	// recovery.
	Legit Predicate
	// LegitForm, when set, is the same set as a Form (Legit is then its Holds): the
	// symbolic engine needs it. When Legit is nil the checker takes LegitForm.Holds.
	LegitForm Form
	// Invariants must hold on every reachable configuration.
	Invariants []Property
	// Actions must hold of every step between reachable configurations.
	Actions []ActionProperty
	// Characterisations must hold exactly on the reachable configurations.
	Characterisations []Property
	// Eventually are goals every execution reaches from every reachable configuration.
	Eventually []Property
	// Temporal are properties of executions under a fairness assumption (the temporal
	// check).
	Temporal []Temporal
	// Costs are measured by the expected-time check beside the steps, moves and rounds.
	Costs []Cost
}
