package app

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker"
	"github.com/mc-checker/mc/checker/runs"
	"github.com/urfave/cli/v2"
)

// checkpoints turns --dir, --checkpoint-every and --resume into the library's options. The
// run as asked for is saved with the checkpoint, so that --resume needs nothing else.
func checkpoints(c *cli.Context, run *runs.Run) (*checker.Checkpoints, error) {
	if c.Duration("checkpoint-every") < 0 {
		return nil, usageError("--checkpoint-every must be positive")
	}
	if dir := c.String("resume"); dir != "" {
		if c.String("dir") != "" {
			return nil, usageError("--resume DIR saves its checkpoints in DIR; --dir does not apply")
		}
		return &checker.Checkpoints{Dir: dir, Every: c.Duration("checkpoint-every"), Resume: true}, nil
	}
	dir := c.String("dir")
	switch {
	case dir == "" && c.Duration("checkpoint-every") != 0:
		return nil, usageError("--checkpoint-every needs --dir")
	case dir == "":
		return nil, nil
	}
	given := run.Given
	if strings.HasSuffix(given.Topology, ".dot") {
		abs, err := filepath.Abs(given.Topology)
		if err != nil {
			return nil, usageError("%w", err)
		}
		given.Topology = abs
	}
	meta, err := json.Marshal(savedMeta{Description: given, Store: c.String("store"), Mem: c.String("mem"), Exact: c.Bool("exact"),
		Hashed: c.Bool("hashed")})
	if err != nil {
		return nil, err
	}
	return &checker.Checkpoints{Dir: dir, Every: c.Duration("checkpoint-every"), Meta: meta}, nil
}

// savedMeta is what --dir saves for --resume: the run as asked for, and how its states were
// stored, which the saved graph depends on (a universe explored hashed with --store disk
// would otherwise resume in the dense store, which has no checkpoints).
type savedMeta struct {
	runs.Description
	Store string `json:",omitempty"`
	Mem   string `json:",omitempty"`
	Exact bool   `json:",omitempty"`
	// Hashed: a universe explored hashed in memory (--hashed), which the dense store could not
	// resume.
	Hashed bool `json:",omitempty"`
}

// savedRun rebuilds the run whose checkpoint is in dir, and takes its --store, --mem and
// --exact unless the command line gives them again.
func savedRun(c *cli.Context, dir string) (*runs.Run, error) {
	meta, err := checker.ReadCheckpointMeta(dir)
	if err != nil {
		return nil, badInput("--resume: %w", err)
	}
	var saved savedMeta
	if err := json.Unmarshal(meta, &saved); err != nil || saved.Model == "" {
		return nil, badInput("--resume: the checkpoint in %s does not say which run it belongs to", dir)
	}
	for flag, value := range map[string]string{"store": saved.Store, "mem": saved.Mem, "exact": strconv.FormatBool(saved.Exact),
		"hashed": strconv.FormatBool(saved.Hashed)} {
		if value != "" && !c.IsSet(flag) {
			if err := c.Set(flag, value); err != nil {
				return nil, usageError("--resume: the saved --%s: %w", flag, err)
			}
		}
	}
	b, err := saved.Description.Build()
	if err != nil {
		return nil, usageError("--resume: %w", err)
	}
	return b, nil
}

// storeOptions turns --store into the library's options; its files go under --dir, or the
// directory of the run resumed.
func storeOptions(c *cli.Context, opts *checker.Options) error {
	dir := c.String("dir")
	if dir == "" {
		dir = c.String("resume")
	}
	kind, err := checker.ParseStoreKind(c.String("store"))
	if err != nil {
		return usageError("--store: %w", err)
	}
	if kind == checker.StoreDisk || kind == checker.StoreBadger {
		if dir == "" {
			return usageError("--store %s keeps its files under --dir; give one", kind)
		}
	}
	opts.Store, opts.Dir = kind, dir
	return nil
}
