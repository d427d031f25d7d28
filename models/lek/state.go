package lek

import (
	"fmt"
	"strconv"

	"github.com/mc-checker/mc/checker/model"
)

// none is ⊥ in a decoded field.
const none = -1 << 14

// Status values.
const (
	resting = iota
	requesting
	queryL
	queryR
	returned
)

// Tracks of the query variables.
const (
	trackI = iota
	trackII
	trackIII
)

// val is a decoded field: small, so that a process compares fast.
type val = int16

// query is a decoded query variable; ok false is ⊥.
type query struct {
	home, cand, count val
	ok, sole          bool // sole: no_trail_copy
}

// proc is a decoded process: relative addresses as ints, none for ⊥.
type proc struct {
	vote, rumor, lDeny, rDeny val
	status                    val
	lFlag, rFlag              val // 0 = a, 1 = b
	lProbe, rProbe            val
	lReport, rReport          val
	lNull, rNull              val
	q                         [3]query
}

// Byte offsets of a process's fields.
const (
	fVote = iota
	fRumor
	fLDeny
	fRDeny
	fStatus
	fLFlag
	fRFlag
	fLProbe
	fRProbe
	fLReport
	fRReport
	fLNull
	fRNull
	fQueries // three queries of four bytes: home, candidate, count, sole
	perProc  = fQueries + 12
)

// field is a signed range [lo, hi], stored as v-lo+1 with 0 for ⊥ (or as v-lo without ⊥).
type field struct {
	lo, hi val
	bot    bool
}

func (f field) size() int { return int(f.hi-f.lo) + 1 + b2i(f.bot) }

func (f field) get(b byte) val {
	if f.bot {
		if b == 0 {
			return none
		}
		return val(b) - 1 + f.lo
	}
	return val(b) + f.lo
}

func (f field) put(v val) byte {
	if f.bot {
		if v == none {
			return 0
		}
		return byte(v - f.lo + 1)
	}
	return byte(v - f.lo)
}

// in reports whether v fits the field (⊥ included when the field has it).
func (f field) in(v val) bool { return v == none && f.bot || v >= f.lo && v <= f.hi }

func (f field) domain() model.Domain {
	names := make([]string, 0, f.size())
	if f.bot {
		names = append(names, "⊥")
	}
	for v := f.lo; v <= f.hi; v++ {
		names = append(names, strconv.Itoa(int(v)))
	}
	return model.Enum(names...)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fields are the ranges of the types, for k.
type fields struct {
	rel, lProbe, rProbe, null, home, cand, count field
}

// newFields are the types' ranges; with wide, a candidate's is the paper's (Readings.Cands).
func newFields(k val, wide bool) fields {
	cand := field{-3*k - 1, 3*k + 1, true}
	if wide {
		cand = field{-6*k - 1, 6*k + 1, true}
	}
	return fields{
		rel:    field{-3 * k, 3 * k, true},
		lProbe: field{0, 6*k + 1, true},
		rProbe: field{-6*k - 1, 0, true},
		null:   field{0, 6*k + 2, false},
		home:   field{-6*k - 1, 6*k + 1, true},
		cand:   cand,
		count:  field{0, 3*k + 1, false},
	}
}

var statusNames = []string{"resting", "requesting", "query_L", "query_R", "returned"}

// schema declares the variables of n processes, process-major, and the runaway flag.
func (f fields) schema(n int) (*model.Schema, error) {
	b := model.NewBuilder(n)
	for p := range n {
		o := model.Owner(p)
		v := func(name string, d model.Domain) { b.Var(fmt.Sprintf("%s%d", name, p), o, d) }
		v("vote", f.rel.domain())
		v("rumor", f.rel.domain())
		v("Ldeny", f.rel.domain())
		v("Rdeny", f.rel.domain())
		v("status", model.Enum(statusNames...))
		v("Lflag", model.Enum("a", "b"))
		v("Rflag", model.Enum("a", "b"))
		v("Lprobe", f.lProbe.domain())
		v("Rprobe", f.rProbe.domain())
		v("Lreport", f.lProbe.domain())
		v("Rreport", f.rProbe.domain())
		v("Lnull", f.null.domain())
		v("Rnull", f.null.domain())
		for _, t := range []string{"I", "II", "III"} {
			v("q"+t+"home", f.home.domain())
			v("q"+t+"cand", f.cand.domain())
			v("q"+t+"count", f.count.domain())
			v("q"+t+"sole", model.Range(2))
		}
	}
	b.Var("runaway", model.Global, model.Enum("no", "yes"))
	return b.Schema()
}

// decode reads process p of s.
func (f fields) decode(s model.State, p int) proc {
	b := s[p*perProc : (p+1)*perProc]
	x := proc{
		vote: f.rel.get(b[fVote]), rumor: f.rel.get(b[fRumor]),
		lDeny: f.rel.get(b[fLDeny]), rDeny: f.rel.get(b[fRDeny]),
		status: val(b[fStatus]), lFlag: val(b[fLFlag]), rFlag: val(b[fRFlag]),
		lProbe: f.lProbe.get(b[fLProbe]), rProbe: f.rProbe.get(b[fRProbe]),
		lReport: f.lProbe.get(b[fLReport]), rReport: f.rProbe.get(b[fRReport]),
		lNull: f.null.get(b[fLNull]), rNull: f.null.get(b[fRNull]),
	}
	for t := range x.q {
		q := b[fQueries+4*t:]
		home, cand := f.home.get(q[0]), f.cand.get(q[1])
		if home == none || cand == none { // a query is ⊥ unless both are set
			continue
		}
		x.q[t] = query{ok: true, home: home, cand: cand, count: f.count.get(q[2]), sole: q[3] != 0}
	}
	return x
}

// bytes is x's encoding.
func (f fields) bytes(x *proc) []byte {
	b := make([]byte, perProc)
	f.encodeTo(x, b)
	return b
}

// encode writes x as process p of s; a ⊥ query is written with every field 0.
func (f fields) encode(x *proc, s model.State, p int) {
	f.encodeTo(x, s[p*perProc:(p+1)*perProc])
}

// encodeTo writes x into the perProc bytes b.
func (f fields) encodeTo(x *proc, b []byte) {
	b[fVote], b[fRumor] = f.rel.put(x.vote), f.rel.put(x.rumor)
	b[fLDeny], b[fRDeny] = f.rel.put(x.lDeny), f.rel.put(x.rDeny)
	b[fStatus], b[fLFlag], b[fRFlag] = byte(x.status), byte(x.lFlag), byte(x.rFlag)
	b[fLProbe], b[fRProbe] = f.lProbe.put(x.lProbe), f.rProbe.put(x.rProbe)
	b[fLReport], b[fRReport] = f.lProbe.put(x.lReport), f.rProbe.put(x.rReport)
	b[fLNull], b[fRNull] = f.null.put(x.lNull), f.null.put(x.rNull)
	for t, q := range x.q {
		c := b[fQueries+4*t : fQueries+4*t+4]
		if !q.ok {
			c[0], c[1], c[2], c[3] = 0, 0, 0, 0
			continue
		}
		c[0], c[1], c[2], c[3] = f.home.put(q.home), f.cand.put(q.cand), f.count.put(q.count), byte(b2i(q.sole))
	}
}
