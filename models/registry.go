// Package models is the catalogue of protocols the command line knows: their parameters,
// defaults and the properties each one is checked against.
package models

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker"
)

// Param is an integer parameter of a model.
type Param struct {
	Name     string
	Default  int
	Min, Max int
	Doc      string
}

// Instance is a model built for given parameter values.
type Instance struct {
	Protocol checker.Protocol
	// Legit is the legitimate set of closure, convergence and worst-case.
	Legit      checker.Predicate
	LegitDoc   string
	Invariants []checker.Property
}

// Entry describes one model of the catalogue.
type Entry struct {
	Name   string
	Doc    string
	Params []Param
	// Search is the parameter `mc sweep` minimises by default (e.g. Dijkstra's K).
	Search string
	Build  func(params map[string]int) (*Instance, error)
}

var catalogue = map[string]*Entry{}

func register(e *Entry) { catalogue[e.Name] = e }

// All lists the models by name.
func All() []*Entry {
	var out []*Entry
	for _, e := range catalogue {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup finds a model by name.
func Lookup(name string) (*Entry, error) {
	if e, ok := catalogue[name]; ok {
		return e, nil
	}
	var names []string
	for _, e := range All() {
		names = append(names, e.Name)
	}
	return nil, fmt.Errorf("unknown model %q (known: %s)", name, strings.Join(names, ", "))
}

func (e *Entry) param(name string) (*Param, error) {
	for i := range e.Params {
		if e.Params[i].Name == name {
			return &e.Params[i], nil
		}
	}
	var names []string
	for _, p := range e.Params {
		names = append(names, p.Name)
	}
	return nil, fmt.Errorf("model %s has no parameter %q (it has %s)", e.Name, name, strings.Join(names, ", "))
}

// Range is the values lo..hi of one parameter, as "n=3..8" (or a single value).
type Range struct {
	Name   string
	Lo, Hi int
}

// ParseAssignments reads "name=v" or "name=lo..hi" items, checking names and bounds.
func (e *Entry) ParseAssignments(items []string) ([]Range, error) {
	var out []Range
	for _, it := range items {
		name, val, ok := strings.Cut(it, "=")
		if !ok {
			return nil, fmt.Errorf("parameter %q: want name=value", it)
		}
		p, err := e.param(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		r := Range{Name: p.Name}
		loText, hiText, isRange := strings.Cut(val, "..")
		if r.Lo, err = p.parse(loText); err != nil {
			return nil, err
		}
		r.Hi = r.Lo
		if isRange {
			if r.Hi, err = p.parse(hiText); err != nil {
				return nil, err
			}
			if r.Hi < r.Lo {
				return nil, fmt.Errorf("parameter %s: empty range %d..%d", p.Name, r.Lo, r.Hi)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

func (p *Param) parse(text string) (int, error) {
	v, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		return 0, fmt.Errorf("parameter %s: %q is not an integer", p.Name, text)
	}
	if v < p.Min || v > p.Max {
		return 0, fmt.Errorf("parameter %s = %d is outside %d..%d", p.Name, v, p.Min, p.Max)
	}
	return v, nil
}

// Values applies single-valued assignments over the defaults; ranges are an error here.
func (e *Entry) Values(items []string) (map[string]int, error) {
	ranges, err := e.ParseAssignments(items)
	if err != nil {
		return nil, err
	}
	vals := e.Defaults()
	for _, r := range ranges {
		if r.Lo != r.Hi {
			return nil, fmt.Errorf("parameter %s: a range %d..%d is only allowed in a sweep", r.Name, r.Lo, r.Hi)
		}
		vals[r.Name] = r.Lo
	}
	return vals, nil
}

// Defaults is a fresh map of the default values.
func (e *Entry) Defaults() map[string]int {
	vals := map[string]int{}
	for _, p := range e.Params {
		vals[p.Name] = p.Default
	}
	return vals
}
