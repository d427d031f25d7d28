package channel

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model"
)

// Declare declares the variable of a channel from process from to process to, of domain d (a
// Channel's Domain): owned by from, which sends, and written by to too, which receives (the
// lint lets it consume a message).
func Declare(b *model.Builder, name string, from, to int, d model.Domain) model.Ref {
	return b.Add(model.Var{Name: name, Owner: model.Owner(from), Domain: d, Link: &model.Link{Receiver: model.Owner(to)}})
}

// DeclareNetwork declares a variable of the network rather than of a process: a message in
// transit between any two processes, or a token that any process may hold, as in a protocol
// whose pointers need not follow the edges of the network. It is Global, and every process
// may read and write it; an asynchronous model (one event per step) is what keeps two moves
// from writing it at once.
func DeclareNetwork(b *model.Builder, name string, d model.Domain) model.Ref {
	return b.Add(model.Var{Name: name, Owner: model.Global, Domain: d, Link: &model.Link{Receiver: model.Global}})
}

// DeclareTimed declares the Vars() variables of timed channel c from process from to process
// to, named name@0, name@1, … by message age, and returns the handle of the first: the
// channel's window in a state is s[ref : int(ref)+c.Vars()].
func DeclareTimed(b *model.Builder, name string, from, to int, c *Timed) model.Ref {
	first := model.Ref(-1)
	for age := range c.Vars() {
		ref := b.Add(model.Var{Name: fmt.Sprintf("%s@%d", name, age), Owner: model.Owner(from), Domain: c.Domain(),
			Link: &model.Link{Receiver: model.Owner(to), Timed: true, Age: age}})
		if age == 0 {
			first = ref
		}
	}
	return first
}

// Receiver is the process that receives from channel variable v; false for a variable of no
// channel (a variable of the network has no one receiver).
func Receiver(v model.Var) (p int, ok bool) {
	if v.Link == nil || v.Link.Receiver == model.Global {
		return 0, false
	}
	return int(v.Link.Receiver), true
}

// Age is the age in ticks of the messages a timed channel's variable holds (DeclareTimed);
// false for any other variable.
func Age(v model.Var) (ticks int, ok bool) {
	if v.Link == nil || !v.Link.Timed {
		return 0, false
	}
	return v.Link.Age, true
}

// OfNetwork reports whether v is a variable of the network (DeclareNetwork).
func OfNetwork(v model.Var) bool { return v.Link != nil && v.Link.Receiver == model.Global }
