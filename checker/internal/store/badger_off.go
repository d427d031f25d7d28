//go:build nobadger

package store

import (
	"errors"

	"github.com/mc-checker/mc/checker/model"
)

// BadgerBuilt reports whether this build has the badger cold set: with -tags nobadger it has
// not, and the checker refuses --store badger before a run starts.
const BadgerBuilt = false

var errNoBadger = errors.New("this build has no badger store (built with -tags nobadger)")

// badgerSet stands for the cold set in badger, which this build leaves out.
type badgerSet struct{}

func openBadgerSet(string, int, uint64) (*badgerSet, error) { return nil, errNoBadger }

func (*badgerSet) close() {}

func (*badgerSet) find(uint64, model.State) (uint64, bool, error) { return 0, false, errNoBadger }

func (*badgerSet) put(uint64, model.State, uint64) error { return errNoBadger }

func (*badgerSet) flush() error { return errNoBadger }
