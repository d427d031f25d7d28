package lek

import (
	"fmt"

	"github.com/mc-checker/mc/checker/model/faults"
)

// Records are a process's three query variables (model.Recorded): a fault writes one whole, as
// ⊥ (four zero bytes) or as a query (a home, a candidate, a vote count, a flag), never a ⊥ home
// with a count left behind.
func (r *Ring) Records(p int) []faults.Record {
	recs := make([]faults.Record, 0, 3)
	for t, name := range []string{"qI", "qII", "qIII"} {
		at := p*perProc + fQueries + 4*t
		recs = append(recs, faults.Record{Name: fmt.Sprintf("%s%d", name, p),
			Vars: []int{at, at + 1, at + 2, at + 3}, Values: r.queryValues})
	}
	return recs
}

// queryValues are the encodings of ⊥ and of every query, shared by every record.
func (f fields) queryValues() [][]byte {
	vals := [][]byte{{0, 0, 0, 0}}
	for home := f.home.lo; home <= f.home.hi; home++ {
		for cand := f.cand.lo; cand <= f.cand.hi; cand++ {
			for count := f.count.lo; count <= f.count.hi; count++ {
				for sole := range 2 {
					vals = append(vals, []byte{f.home.put(home), f.cand.put(cand), f.count.put(count), byte(sole)})
				}
			}
		}
	}
	return vals
}
