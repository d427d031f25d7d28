package lek

// Mutant is a deliberate bug, to show that the checks notice it; Correct is the protocol as
// its readings make it.
type Mutant int

const (
	Correct Mutant = iota
	// WrongTrack: a query counts the votes for its candidate on track I, on its way left,
	// instead of on track II (Action 5's counting copy); the count is reset when the query
	// crosses to track II, so it always concludes with a count of 0.
	WrongTrack
	// DenialStays: Delete Trailing Denial (13) omits its end case, so a denial that reaches the
	// end of the interval of relevance (relative address ±3k) does not stop there: it is
	// never deleted.
	DenialStays
	// ErroneousAnyStatus: Erroneous Query Return (11) omits its status condition (query_L or
	// resting), so it also deletes a returned query that its process is about to conclude.
	ErroneousAnyStatus
)

// Mutants are the mutants' names, in order.
var Mutants = []string{"none", "wrong-track", "denial-stays", "erroneous-any-status"}
