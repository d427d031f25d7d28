package checkpoint

import (
	"context"
	"fmt"

	"github.com/cespare/xxhash/v2"
	"github.com/mc-checker/mc/checker/model"
)

// Identity hashes what a checkpoint must agree with to be resumed: the model's type (the
// protocol's and the daemon, for a daemonized one), the schema, the initial states (for a
// model that starts from its whole universe, that fact: the schema names the states), and
// checks, which names the checks, the fairness and the action invariants. What it cannot see
// (a changed topology file or model code) the sample of re-expanded nodes in Load catches.
// Listing many initial states takes time: it stops when ctx is done.
func Identity(ctx context.Context, m model.Model, checks string) (uint64, error) {
	h := xxhash.New()
	fmt.Fprintf(h, "%s;", model.TraitsOf(m).Identity)
	for _, v := range m.Schema().Vars {
		fmt.Fprintf(h, "%s/%d/%v;", v.Name, v.Owner, v.Domain.Names)
	}
	var err error
	if where, ok := model.InitOverUniverse(m); ok && where == nil {
		fmt.Fprint(h, "every configuration;")
	} else {
		n := 0
		m.Init(func(s model.State) bool {
			if n++; n%(1<<16) == 0 {
				err = ctx.Err()
			}
			if err == nil {
				_, err = h.Write(s)
			}
			return err == nil
		})
	}
	fmt.Fprint(h, checks)
	return h.Sum64(), err
}
