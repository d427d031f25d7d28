package checker

import (
	"encoding/json"
	"time"

	"github.com/mc-checker/mc/checker/internal/checkpoint"
)

// Checkpoints lets a hashed exploration survive an interruption or a crash. The run saves
// its explored graph in Dir (the visited set is rebuilt from it: every state's fingerprint)
// when it is interrupted or stopped by a bound (during the analyses: the complete graph), and
// with Every set also every Every while it explores and once the graph is complete; a later
// run with Resume continues from the last save and gives exactly the result of an
// uninterrupted run, with any number of workers.
//
// A save is atomic: it is written beside the previous one and renamed over it, so a run
// killed while saving resumes from the save before. The analyses after the exploration are
// not saved, except the finished labels of an interrupted convergence search: a resumed run
// redoes the rest (a fraction of the exploration's time).
type Checkpoints struct {
	Dir    string
	Every  time.Duration // 0: save only when stopped
	Resume bool
	// Meta is a JSON value saved with the checkpoint for the caller (the run as the command
	// line asked for it); ReadCheckpointMeta returns it.
	Meta json.RawMessage
}

// ReadCheckpointMeta returns the Meta saved with the checkpoint in dir.
func ReadCheckpointMeta(dir string) (json.RawMessage, error) { return checkpoint.ReadMeta(dir) }
