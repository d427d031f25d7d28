package lang_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/model"
	formpkg "github.com/mc-checker/mc/checker/model/form"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/models/lang"
)

// maxEnumerated is the largest universe a form test enumerates; larger ones are sampled.
const maxEnumerated = 1 << 18

// agree checks that form holds exactly where pred does: on every configuration of a small
// universe, on random ones of a larger.
func agree(t *testing.T, what string, pr *lang.Program, form model.Form, pred model.Predicate) {
	t.Helper()
	sch := pr.Schema()
	s := sch.NewState()
	check := func() bool {
		if got, want := form.Holds(s), pred(s); got != want {
			t.Errorf("%s: the form says %v, the predicate %v at %s", what, got, want, sch.Format(s))
			return false
		}
		return true
	}
	u, err := universe.New(sch)
	if err == nil && u.Size() <= maxEnumerated {
		for ok := true; ok; ok = u.Next(s) {
			if !check() {
				return
			}
		}
	} else {
		rng := rand.New(rand.NewPCG(1, 2))
		for range 5000 {
			for i, v := range sch.Vars {
				s[i] = byte(rng.IntN(v.Domain.Size))
			}
			if !check() {
				return
			}
		}
	}
	if err := pr.Violation(); err != nil {
		t.Errorf("%s: evaluating it breached the language's rules: %v", what, err)
	}
}

// nonLocal is the first process whose local fact, in some census of form, changes when a
// variable outside the process's view (its own and its neighbours') changes, on random
// configurations, as the symbolic engine's tabulation would find; -1 if none is found.
func nonLocal(pr *lang.Program, form model.Form) int {
	sch := pr.Schema()
	rng := rand.New(rand.NewPCG(3, 4))
	var walk func(f model.Form) int
	walk = func(f model.Form) int {
		switch f := f.(type) {
		case formpkg.Count:
			for p := range f.Procs {
				view := append([]int{p}, pr.Neighbors(p)...)
				s := sch.NewState()
				for range 300 {
					for i, v := range sch.Vars {
						s[i] = byte(rng.IntN(v.Domain.Size))
					}
					before := f.Local(s, p)
					t := s.Clone()
					for i, v := range sch.Vars {
						if !slices.Contains(view, int(v.Owner)) {
							t[i] = byte(rng.IntN(v.Domain.Size))
						}
					}
					if f.Local(t, p) != before {
						return p
					}
				}
			}
		case formpkg.Not:
			return walk(f.Of)
		case formpkg.All:
			for _, g := range f {
				if p := walk(g); p >= 0 {
					return p
				}
			}
		case formpkg.Any:
			for _, g := range f {
				if p := walk(g); p >= 0 {
					return p
				}
			}
		}
		return -1
	}
	return walk(form)
}

// Every legitimate predicate of the library's self-stabilizing protocols is a census of local
// facts, whose form agrees with the compiled predicate, at the default parameters and at n = 3;
// so are the invariants. server.gcl, a handshake of two named processes, and arrow.gcl, whose
// predicate counts messages in flight, are no censuses; nor are abp.gcl, a handshake of two
// processes with messages, and ij.gcl, whose token bits are the network's (shared), in no
// process's view.
func TestLibraryForms(t *testing.T) {
	notCensus := map[string]bool{"server.gcl": true, "arrow.gcl": true, "ij.gcl": true, "abp.gcl": true}
	files, err := filepath.Glob("../../examples/protocols/*.gcl")
	if err != nil || len(files) == 0 {
		t.Fatal("no protocol files", err)
	}
	// No library predicate reads beyond its process's view (matching's once read m[m[r]] for r
	// a neighbour of q, two hops away; it was rewritten to an equivalent census).
	wantNonLocal := map[string]bool{}
	for _, path := range files {
		name := filepath.Base(path)
		if notCensus[name] {
			continue
		}
		for _, values := range []map[string]int{nil, {"n": 3}} {
			pr := compile(t, path, values)
			what := name
			if values != nil {
				what += " n=3"
			}
			if pr.LegitForm == nil {
				t.Errorf("%s: the legitimate predicate has no form", what)
				continue
			}
			agree(t, what+" legitimate", pr, pr.LegitForm, pr.Legit)
			switch p, want := nonLocal(pr, pr.LegitForm), wantNonLocal[name] && values == nil; {
			case p >= 0 && !want:
				t.Errorf("%s: the legitimate predicate's census reads outside the view of process %d", what, p)
			case p < 0 && want:
				t.Errorf("%s: the legitimate predicate's census was expected to read outside a view", what)
			}
			for _, inv := range pr.Invariants() {
				if inv.Form == nil {
					t.Errorf("%s: invariant %s has no form", what, inv.Name)
					continue
				}
				agree(t, what+" invariant "+inv.Name, pr, inv.Form, inv.Holds)
			}
		}
	}
}

// source compiles a protocol file given as text at its defaults.
func source(t *testing.T, src string) *lang.Program {
	t.Helper()
	f, err := lang.Parse("test.gcl", src)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := lang.Compile(f, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// The shapes that are censuses, and those that are not: a read not tied to the quantified
// process, a quantifier over procs inside the local fact, enabled of another process, a
// non-neighbour read the static check finds. A predicate that names a process by a constant
// (x[0] == x[1]) is that process's local fact.
func TestForms(t *testing.T) {
	const head = `protocol t
param n = 5 in 3..8
param K = 3
topology TOPO(n)
var x : 0..K-1
var y : 0..1
rule ra : x == x[left] -> x := (x + 1) % K
rule rb : y != y[left] -> y := y[left]
`
	cases := []struct {
		topo, legit string
		form        bool
		kind        string // the form's type at the top, when there is one
	}{
		{"ring", "x[0] == x[1]", true, "Count"}, // a fact of process 0, which reads its neighbour 1
		{"ring", "forall(q in procs : x[q] == x[0])", false, ""},
		{"ring", "forall(q in procs : forall(r in procs : x[r] == x[q]))", false, ""},
		{"ring", "exists(q in procs : enabled((q + 1) % n))", false, ""},
		{"ring", "forall(q in 0..n-1 : x[q] == 0)", false, ""},
		{"ring", "count(q in procs : x[q] == 0) + 1 == 2", false, ""},
		{"oriented_ring", "forall(q in procs : x[(q + 2) % n] != x[q])", false, ""},
		{"oriented_ring", "forall(q in procs : x[(q + 1) % n] != x[q])", false, ""}, // q reads its left only
		{"oriented_ring", "count(q in procs : y[(q - 1) % n] != y[q]) == 1", true, "Count"},
		{"ring", "forall(q in procs : x[(q + 1) % n] != x[q])", true, "Count"},
		{"ring", "forall(q in procs : q == 0 or x[(q + 2) % n] != x[q])", true, "Count"}, // guarded: left to the engine
		{"ring", "true", true, "All"},
		{"ring", "false", true, "Any"},
		{"ring", "n > 3 or false", true, "All"},
		{"ring", "count(q in procs : enabled(q)) == 1", true, "Count"},
		{"ring", "count(q in procs : enabled(q)) != 1", true, "Not"},
		{"ring", "count(q in procs : enabled(q)) != n + 2", true, "All"},
		{"ring", "count(q in procs : enabled(q)) > n", true, "Any"},
		{"ring", "count(q in procs : x[q] == 0) < K", true, "Count"},
		{"ring", "K - 1 <= count(q in procs : x[q] == 0)", true, "Count"},
		{"ring", "count(q in procs : x[q] == 0) >= -4", true, "Count"},
		{"ring", "not exists(q in procs : x[q] == 2) and forall(q in procs : exists(q in neighbors(q) : x[q] == y[q]))", true, "All"},
		{"ring", "exists(q in procs : x[q] == 2) or count(r in procs : y[r] == 1) <= 2", true, "Any"},
		{"ring", "if exists(q in procs : y[q] == 1) then forall(q in procs : x[q] == 0) else count(q in procs : x[q] == 1) == 2", true, "Any"},
		{"ring", "if n == 5 then forall(q in procs : x[q] == 0) else x[0] == 1", true, "Count"},
		{"ring", "if exists(q in procs : y[q] == 1) then x[0] == 1 else true", true, "Any"},
		{"ring", "x[0] + count(q in procs : x[q] == 0) == 2", false, ""}, // a census inside a fact
		{"ring", "forall(q in procs : near)", true, "Count"},
		{"ring", "forall(q in procs : forall(r in neighbors(q) : close))", true, "Count"},
	}
	for _, tc := range cases {
		src := strings.Replace(head, "TOPO", tc.topo, 1) +
			"let near = x[q] == x[(q + 1) % n] or y[q] == 1\nlet close = x[q] != x[r]\nlegitimate : " + tc.legit + "\n"
		pr := source(t, src)
		what := tc.topo + ": " + tc.legit
		if (pr.LegitForm != nil) != tc.form {
			t.Errorf("%s: form %v, want one: %v", what, pr.LegitForm, tc.form)
			continue
		}
		if pr.LegitForm == nil {
			continue
		}
		if kind := typeName(pr.LegitForm); kind != tc.kind {
			t.Errorf("%s: a %s, want a %s", what, kind, tc.kind)
		}
		agree(t, what, pr, pr.LegitForm, pr.Legit)
	}
}

func typeName(f model.Form) string {
	switch f.(type) {
	case formpkg.Count:
		return "Count"
	case formpkg.Not:
		return "Not"
	case formpkg.All:
		return "All"
	case formpkg.Any:
		return "Any"
	}
	return "?"
}

// A file's forms agree with its compiled predicates on the configurations the fuzzer's input
// picks, and building them never fails a compilation.
func FuzzForm(f *testing.F) {
	for _, pattern := range []string{"../../examples/protocols/*.gcl", "../../examples/protocols/broken/*.gcl"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			data, _ := os.ReadFile(name)
			f.Add(string(data), uint64(1))
		}
	}
	f.Fuzz(func(t *testing.T, src string, seed uint64) {
		file, err := lang.Parse("fuzz.gcl", src)
		if err != nil {
			return
		}
		pr, err := lang.Compile(file, nil, nil)
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatal(err)
			}
			return
		}
		sch := pr.Schema()
		if sch.Width() > 1<<10 {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		s := sch.NewState()
		for range 20 {
			for i, v := range sch.Vars {
				s[i] = byte(rng.IntN(v.Domain.Size))
			}
			if pr.LegitForm != nil && pr.LegitForm.Holds(s) != pr.Legit(s) {
				t.Fatalf("the legitimate predicate's form disagrees at %s", sch.Format(s))
			}
			for _, inv := range pr.Invariants() {
				if inv.Form != nil && inv.Form.Holds(s) != inv.Holds(s) {
					t.Fatalf("invariant %s's form disagrees at %s", inv.Name, sch.Format(s))
				}
			}
		}
	})
}
