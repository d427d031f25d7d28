package lang

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker/model"
)

// maxInit bounds the initial configurations init= attributes may leave open; maxInitScan the
// configurations an init predicate is evaluated on.
const (
	maxInit     = 1 << 20
	maxInitScan = 1 << 24
)

// Init lists the initial configurations a topology file's init= attributes give (each node's
// "x=1 y=⊥": its variables' values; the ones not given take every value of their domain), or
// nil, every configuration, when no node has one.
func (pr *Program) Init() ([]model.State, error) {
	f := pr.g.file
	fixed := map[int]byte{} // state index: value
	any := false
	for p := range pr.g.n {
		if f == nil {
			break
		}
		text, ok := f.Attrs[p]["init"]
		if !ok {
			continue
		}
		any = true
		if err := pr.initOf(p, text, fixed); err != nil {
			return nil, fmt.Errorf("%s: node %s: init=%q: %v", f.Name, pr.g.labels[p], text, err)
		}
	}
	if pr.initPred != nil {
		return pr.satisfying(fixed)
	}
	if !any {
		return nil, nil
	}
	return pr.configurations(fixed, maxInit)
}

// satisfying lists the configurations that agree with fixed and satisfy the init predicate.
func (pr *Program) satisfying(fixed map[int]byte) ([]model.State, error) {
	all, err := pr.configurations(fixed, maxInitScan)
	if err != nil {
		return nil, fmt.Errorf("init : %w", err)
	}
	var out []model.State
	for _, s := range all {
		if pr.eval(pr.initPred, s, nil, nil) {
			out = append(out, s)
		}
	}
	if err := pr.Violation(); err != nil {
		return nil, fmt.Errorf("init : %w", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("init : no configuration satisfies the init predicate")
	}
	if len(out) > maxInit {
		return nil, fmt.Errorf("init : %d configurations satisfy the init predicate, more than %d", len(out), maxInit)
	}
	return out, nil
}

// initOf reads one node's init attribute into fixed.
func (pr *Program) initOf(p int, text string, fixed map[int]byte) error {
	text = strings.Trim(strings.TrimSpace(text), "()")
	for _, item := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' }) {
		name, value, ok := strings.Cut(item, "=")
		if !ok {
			return fmt.Errorf("%q is not NAME=VALUE", item)
		}
		v := -1
		for i, vi := range pr.vars {
			if vi.name == name {
				v = i
			}
		}
		if v < 0 || pr.refs[v][p] < 0 {
			return fmt.Errorf("the process has no variable %s", name)
		}
		x, err := strconv.Atoi(value)
		if err != nil {
			var known bool
			if x, known = pr.values[value]; !known {
				return fmt.Errorf("%s=%s: a number or a value's name", name, value)
			}
		}
		raw, ok := pr.encode(v, p, x)
		if !ok {
			return fmt.Errorf("%s=%s is outside its domain", name, value)
		}
		fixed[pr.refs[v][p]] = raw
	}
	return nil
}

// configurations lists every configuration that agrees with fixed.
func (pr *Program) configurations(fixed map[int]byte, most int) ([]model.State, error) {
	width := pr.schema.Width()
	var open []int
	count := 1
	for i := range width {
		if _, ok := fixed[i]; !ok {
			open = append(open, i)
			if count *= pr.schema.Vars[i].Domain.Size; count > most {
				return nil, fmt.Errorf("more than %d configurations to list: give more values (init= attributes)", most)
			}
		}
	}
	s := make(model.State, width)
	for i, x := range fixed {
		s[i] = x
	}
	var out []model.State
	for {
		out = append(out, append(model.State(nil), s...))
		k := 0
		for ; k < len(open); k++ { // the next combination, as an odometer
			if s[open[k]]++; int(s[open[k]]) < pr.schema.Vars[open[k]].Domain.Size {
				break
			}
			s[open[k]] = 0
		}
		if k == len(open) {
			return out, nil
		}
	}
}
