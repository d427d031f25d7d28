package lang

// File is a parsed protocol file.
type File struct {
	Path       string
	Src        string // the text, for the lines errors show
	Protocol   Ident
	Params     []*Param
	Topology   *Topology
	Vars       []*Var
	Lets       []*Named // let NAME = EXPR: names for expressions, expanded where used
	Rules      []*Rule
	Legit      Expr
	Invariants []*Named
	Actions    []*Named    // action invariants: predicates of a step (old(E) reads the step's start)
	Properties []*Property // temporal properties (property.go)
	// Init, when set, restricts the initial configurations to those where it holds;
	// Characterise are predicates that must hold exactly on the reachable configurations.
	Init         Expr
	Characterise []*Named
	Messages     []*Message   // message kinds (messages.go)
	Channel      *ChannelDecl // the links' channels, or nil: no messages
	Checks       []Ident
}

// Ident is a name and where it was written.
type Ident struct {
	Name string
	Pos  Pos
}

// Param is `param NAME = DEFAULT [in LO..HI]`.
type Param struct {
	Name    Ident
	Default Expr
	Lo, Hi  Expr // nil: any value
}

// Topology is `topology KIND(ARGS)` or `topology "file.dot"`.
type Topology struct {
	Pos  Pos
	Kind string // ring, oriented_ring, path, star, grid, complete, random, or "" for a file
	Args []Expr
	File string
}

// Var is `var NAME : DOMAIN [where COND]`: a variable of every process for which COND holds
// (COND reads the process's index p and the parameters). A shared variable (`shared var`)
// is written by its process's neighbours too: x[E] := V.
type Var struct {
	Name   Ident
	Domain Domain
	Where  Expr
	Shared bool
}

// Domain is LO..HI, {A, B, ...} (an enumeration, its values by name), or neighbors [+ {A, …}]
// (a neighbour of the process, or one of the names: a pointer such as a parent).
type Domain struct {
	Pos       Pos
	Lo, Hi    Expr
	Names     []Ident
	Neighbors bool
}

// Rule is `rule NAME[(Q in SET)] [where COND] : GUARD -> ASSIGNMENTS`. With a parameter, the
// rule is one action per member of SET at each process (SET: procs, neighbors, neighbors(E)
// or LO..HI, fixed by the process), the daemon choosing among the enabled ones: a process
// "takes some neighbour q with ...".
type Rule struct {
	Name    Ident
	Param   *Ident
	Over    Expr
	Where   Expr
	Receive *Receive // receive KIND from E, at the guard's start, or nil (messages.go)
	Guard   Expr
	Assigns []*Assign
	Sends   []*Send // send KIND to E, among the statements
}

// Assign is `VAR := VALUE`: a process writes its own variables; or `VAR[INDEX] := VALUE`,
// the variable of the process INDEX names (itself or a neighbour), where VAR is shared.
type Assign struct {
	Var   Ident
	Index Expr // nil for the process's own
	Value Expr
}

// Named is a named predicate: `invariant NAME : EXPR`.
type Named struct {
	Name Ident
	Expr Expr
}

// Expr is an expression.
type Expr interface{ At() Pos }

type (
	// Num is an integer literal.
	Num struct {
		Pos   Pos
		Value int
	}
	// Str is a string: the name of a rule set, as in algo == "root".
	Str struct {
		Pos   Pos
		Value string
	}
	// Name is a parameter, a variable, a value of an enumeration, or a bound name.
	Name struct{ Ident }
	// Index is X[I]: a variable of another process (I a process index, or left, right, …).
	Index struct {
		X, I Expr
	}
	// Unary is -X or not X.
	Unary struct {
		Pos Pos
		Op  string
		X   Expr
	}
	// Binary is L op R.
	Binary struct {
		Pos  Pos
		Op   string
		L, R Expr
	}
	// Cond is `if C then A else B`.
	Cond struct {
		Pos            Pos
		If, Then, Else Expr
	}
	// Quant is `forall q in SET : BODY` (and exists, count, sum, min, max).
	Quant struct {
		Pos  Pos
		Op   string
		Var  Ident
		Over Expr
		Body Expr
	}
	// Call is F(ARGS): a function of the language (enabled, abs, …).
	Call struct {
		Fun  Ident
		Args []Expr
	}
)

func (e *Num) At() Pos    { return e.Pos }
func (e *Name) At() Pos   { return e.Pos }
func (e *Str) At() Pos    { return e.Pos }
func (e *Index) At() Pos  { return e.X.At() }
func (e *Unary) At() Pos  { return e.Pos }
func (e *Binary) At() Pos { return e.Pos }
func (e *Cond) At() Pos   { return e.Pos }
func (e *Quant) At() Pos  { return e.Pos }
func (e *Call) At() Pos   { return e.Fun.Pos }
