package difftest

import (
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/internal/randproto"
	"github.com/mc-checker/mc/checker/internal/reference"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/faults"
	"github.com/mc-checker/mc/checker/model/symmetry"
)

// Subject is what the checker runs for a random protocol: its Go reading, or its file
// compiled by models/lang, with the legitimate set and invariants that come with it. The
// reference always reads the Go protocol's own.
type Subject struct {
	Protocol   model.Protocol
	Legit      model.Predicate
	LegitForm  model.Form
	Invariants []model.Property
	Eventually []model.Property
	Actions    []model.ActionProperty
	Temporal   []model.Temporal
}

// GoSubject is the Go reading of p.
func GoSubject(p *randproto.Protocol) Subject {
	s := Subject{Protocol: p.Model(), Legit: p.Legit.Predicate(p), LegitForm: p.Legit.Form(p)}
	for i, inv := range p.Invariants {
		form := inv.Form(p)
		s.Invariants = append(s.Invariants, model.Property{Name: fmt.Sprintf("i%d", i), Holds: form.Holds, Form: form})
	}
	for i, g := range p.Goals {
		s.Eventually = append(s.Eventually, model.Property{Name: fmt.Sprintf("g%d", i), Holds: g.Predicate(p)})
	}
	s.Actions = actions(p)
	for i, t := range p.Temporal {
		s.Temporal = append(s.Temporal, t.Property(p, fmt.Sprintf("t%d", i)))
	}
	return s
}

// maxStarts bounds the configurations times the starts of a recovery to its start.
const maxStarts = 50_000

// errSkip says a drawn run has nothing to check (a recovery without a legitimate
// configuration to start from, an initial predicate nothing satisfies).
var errSkip = errors.New("nothing to check")

// built is a run ready for checker.Run, and what the reference needs to check it.
type built struct {
	cfg   Config
	base  model.Model // the daemon's model, under the reduction if any
	m     model.Model // what the checker runs: base, its quotient, or base with faults
	spec  checker.Spec
	opts  checker.Options
	init  []model.State // the initial configurations, listed (for the reference)
	from  []model.State // a recovery's starts
	clean func()
}

// build builds the run cfg of subject s of p, whose listed initial set is list.
func build(p *randproto.Protocol, s Subject, cfg Config, list []model.State) (*built, error) {
	b := &built{cfg: cfg, clean: func() {}}
	var opt []model.Option
	universe := reference.Universe(p.Schema())
	switch cfg.Start {
	case Everything:
		b.init = universe
	case Satisfying:
		where := p.Init.Predicate(p)
		for _, c := range universe {
			if where(c) {
				b.init = append(b.init, c)
			}
		}
		opt = append(opt, model.Where(where))
	case Listed:
		b.init = list
		opt = append(opt, model.From(list))
	}
	if len(b.init) == 0 {
		return nil, errSkip
	}
	if cfg.Lint {
		opt = append(opt, model.WithLint())
	}
	m, err := model.Daemonize(s.Protocol, cfg.Daemon, opt...)
	if err != nil {
		return nil, err
	}
	b.base, b.m = m, m
	if cfg.Rotation {
		r, ok := s.Protocol.(symmetry.Rotational)
		if !ok {
			return nil, fmt.Errorf("rotation drawn for a protocol that is not rotational")
		}
		if b.m, err = symmetry.ByRotation(m, r.RotationBlock()); err != nil {
			return nil, err
		}
	}
	temporal := s.Temporal
	if cfg.Store == Symbolic { // the symbolic engine decides the unfair and weakly fair per process
		temporal = slices.DeleteFunc(slices.Clone(temporal), func(t model.Temporal) bool {
			return slices.ContainsFunc(t.Fair, func(f model.Fair) bool { return f.Strong || f.PerRule || f.Rule != "" })
		})
	}
	b.spec = checker.Spec{Checks: cfg.checks(len(s.Invariants) > 0, len(s.Eventually) > 0, len(s.Actions) > 0, len(temporal) > 0),
		Properties: model.Properties{
			Legit:      s.Legit,
			LegitForm:  s.LegitForm,
			Invariants: s.Invariants,
			Eventually: s.Eventually,
			Actions:    s.Actions,
			Temporal:   temporal,
		},
		Fairness: cfg.Fairness, Reading: cfg.Reading, Rounds: cfg.Rounds}
	if cfg.Faults != nil {
		if err := b.withFaults(s); err != nil {
			return nil, err
		}
	}
	return b, b.options()
}

// withFaults puts the faults of the run on its model, from the legitimate configurations of
// its initial set, as mc check --check recovery does.
func (b *built) withFaults(s Subject) error {
	for _, c := range b.init {
		if s.Legit(c) {
			b.from = append(b.from, c)
		}
	}
	if len(b.from) == 0 {
		return errSkip
	}
	if b.cfg.Faults.KeepStart && len(b.from)*len(b.init) > maxStarts {
		return errSkip // a configuration and a start each: too many for the naive reference
	}
	f, err := faults.With(b.m, *b.cfg.Faults, b.from, s.Legit)
	can := reference.CanFault(b.base.Schema(), *b.cfg.Faults)
	switch {
	case err != nil && !can:
		return errSkip // no value of the fault's is in a domain it names: refused, as it must be
	case err != nil:
		return err
	case !can:
		return fmt.Errorf("faults that can rewrite nothing are accepted")
	}
	b.m = f
	b.spec.Legit, b.spec.LegitForm, b.spec.Invariants, b.spec.Eventually, b.spec.Actions = faults.OnBase(f, s.Legit), nil, nil, nil, nil
	if b.cfg.Faults.KeepStart {
		b.spec.Legit, err = faults.Start(f)
	}
	return err
}

// options are the run's engine, store and workers.
func (b *built) options() error {
	b.opts = checker.Options{Workers: b.cfg.Workers, Compress: checker.CompressNever}
	if b.cfg.Compress {
		b.opts.Compress = checker.CompressAlways
	}
	switch b.cfg.Store {
	case Memory:
		b.opts.Hashed = true
	case Disk, Badger:
		dir, err := os.MkdirTemp("", "difftest")
		if err != nil {
			return err
		}
		b.opts.Store, b.opts.Dir, b.clean = checker.StoreDisk, dir, func() { os.RemoveAll(dir) }
		if b.cfg.Store == Badger {
			b.opts.Store = checker.StoreBadger
		}
	case Symbolic:
		b.opts.Engine = checker.EngineSymbolic
	}
	return nil
}

// actions are p's action invariants, named as its file names them.
func actions(p *randproto.Protocol) []model.ActionProperty {
	var out []model.ActionProperty
	for i, a := range p.Actions {
		out = append(out, model.ActionProperty{Name: fmt.Sprintf("a%d", i),
			Holds: func(s model.State, _ model.Step, t model.State) bool { return a.Holds(p, s, t) }})
	}
	return out
}
