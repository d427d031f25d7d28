package app

import (
	"fmt"
	"os"

	"github.com/mc-checker/mc/checker/proof"
	"github.com/mc-checker/mc/checker/runs"
)

// readProof reads a proof file and validates every run in it (proof.Parse) before any is
// run; what it refuses is an input error.
func readProof(path string, lint bool) (*proof.File, []runs.Description, error) {
	data, err := readInput("proof file", path, maxProofFile)
	if err != nil {
		return nil, nil, err
	}
	f, specs, err := proof.Parse(path, data, lint)
	if err != nil {
		return nil, nil, &inputError{err}
	}
	return f, specs, nil
}

// The largest files mc reads whole: a proof file is a few runs, a saved run a few traces.
const (
	maxProofFile = 16 << 20
	maxSavedRun  = 256 << 20
)

// readInput reads a file a user gives, refusing one larger than limit before reading it; an
// error names the file as named says (proof file, saved run).
func readInput(named, path string, limit int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, runs.NamedFile(named, err)
	}
	if info.Size() > limit {
		return nil, &inputError{fmt.Errorf("%s %s has %d bytes; mc reads at most %d here", named, path, info.Size(), limit)}
	}
	data, err := os.ReadFile(path)
	return data, runs.NamedFile(named, err)
}
