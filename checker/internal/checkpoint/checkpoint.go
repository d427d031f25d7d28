package checkpoint

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/cespare/xxhash/v2"
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/sys"
	"github.com/mc-checker/mc/checker/model"
)

const (
	saveName     = "checkpoint"
	format       = 2
	manifestName = "manifest.json"
	savePending  = saveName + ".new"
	saveOld      = saveName + ".old"
)

// manifest describes a saved graph: its header (sizes and BFS cursor) and the checksum of
// every file.
type manifest struct {
	Format       int             `json:"format"`
	LittleEndian bool            `json:"little_endian"`
	Run          uint64          `json:"run"` // Identity of the model and checks
	Meta         json.RawMessage `json:"meta,omitempty"`
	explore.Header
	Exact bool              `json:"exact"`
	Files map[string]uint64 `json:"files"` // name → xxhash64 of the content
}

// Config says where to save and when.
type Config struct {
	Dir    string
	Every  time.Duration // 0: save only when asked to by the run (stopped, complete)
	Resume bool          // continue from the save in Dir; else a new run that overwrites it
	Meta   json.RawMessage
	Run    uint64 // the Identity of the run
	Exact  bool   // the visited set's mode, which the saved graph was built with
}

// Dir saves and restores the explicit graph of one run in its directory, which it holds
// locked for the run.
type Dir struct {
	Config
	graphSum uint64 // identifies the graph last saved or loaded: a hash of its files' checksums
	last     time.Time
	saved    uint64 // expanded nodes at the last save or load; noSave before any
	loaded   string // the save Load read
	lock     *os.File
}

const noSave = ^uint64(0)

// Open creates or opens the directory, locks it and completes a save that a crash
// interrupted.
func Open(c Config) (*Dir, error) {
	if c.Dir == "" {
		return nil, errors.New("checkpoints need a directory")
	}
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("checkpoint directory: %w", err)
	}
	lock, err := sys.LockDir(c.Dir)
	if err != nil {
		return nil, err
	}
	d := &Dir{Config: c, last: time.Now(), saved: noSave, lock: lock}
	if err := d.recover(); err != nil {
		lock.Close()
		return nil, fmt.Errorf("checkpoint directory %s: %w", c.Dir, err)
	}
	if !c.Resume { // a new run: labels of an earlier one would only be passed over
		os.RemoveAll(filepath.Join(c.Dir, labelsName))
	}
	return d, nil
}

// Close releases the directory.
func (d *Dir) Close() { d.lock.Close() }

// Due reports whether a periodic save is due.
func (d *Dir) Due() bool { return d.Every > 0 && time.Since(d.last) >= d.Every }

// Save writes g beside the current save and renames it over it, unless nothing was expanded
// since the last save. A failed save leaves the previous one, and removes its own files (a
// full disk gets its space back).
func (d *Dir) Save(g *explore.Explicit) error {
	if g.ExpandedNodes() == d.saved {
		return nil
	}
	pending := filepath.Join(d.Dir, savePending)
	if err := d.write(g, pending); err != nil {
		os.RemoveAll(pending)
		return fmt.Errorf("checkpoint: %w", err)
	}
	d.last, d.saved = time.Now(), g.ExpandedNodes()
	return nil
}

// write saves g in the directory pending, then publishes it.
func (d *Dir) write(g *explore.Explicit, pending string) error {
	var files []savedFile
	for _, c := range g.Columns() {
		files = append(files, savedFile{c.Name, c.Col.Save})
	}
	sums, err := writeFiles(pending, files)
	if err != nil {
		return err
	}
	man := manifest{Format: format, LittleEndian: littleEndian(), Run: d.Run, Meta: d.Meta,
		Header: g.Header(), Exact: d.Exact, Files: sums}
	text, err := json.MarshalIndent(man, "", "  ")
	if err != nil {
		return err
	}
	if err := writeManifest(pending, text); err != nil {
		return err
	}
	if err := d.publish(); err != nil {
		return err
	}
	d.graphSum = man.sum()
	return nil
}

// sum identifies a saved graph by its files' checksums.
func (man *manifest) sum() uint64 {
	h := xxhash.New()
	for _, name := range []string{"states", "parent", "via", "offsets", "edges", "steps", "ticks", "movers"} {
		fmt.Fprintf(h, "%s=%d;", name, man.Files[name])
	}
	return h.Sum64()
}

// ReadMeta returns the Meta saved with the checkpoint in dir.
func ReadMeta(dir string) (json.RawMessage, error) {
	man, _, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	return man.Meta, nil
}

// Load restores the saved graph under cfg, an exploration's configuration that must be the
// saved one's. prepare is called with the empty graph and the estimated bytes of the saved
// one before its columns are read: a run that had moved to disk goes there first.
func (d *Dir) Load(m model.Model, cfg explore.Config, prepare func(g *explore.Explicit, bytes uint64) error) (*explore.Explicit, error) {
	man, p, err := readManifest(d.Dir)
	if err != nil {
		return nil, err
	}
	switch {
	case man.LittleEndian != littleEndian():
		return nil, fmt.Errorf("the checkpoint in %s was written on a machine of the other byte order", p)
	case man.Run != d.Run:
		return nil, fmt.Errorf("the checkpoint in %s is of another model, initial set or checks", p)
	case !man.Fits(cfg):
		return nil, fmt.Errorf("the checkpoint in %s was made for other checks", p)
	case man.Exact != d.Exact:
		return nil, fmt.Errorf("the checkpoint in %s was made with exact=%v; resume it the same way", p, man.Exact)
	}
	if err := man.Valid(); err != nil {
		return nil, fmt.Errorf("corrupt checkpoint in %s: %w", p, err)
	}
	g, err := explore.Empty(m, cfg)
	if err == nil && prepare != nil {
		err = prepare(g, man.Bytes(m.Schema().Width()))
	}
	if err != nil {
		return nil, err
	}
	err = g.Restore(man.Header, func(c explore.NamedColumn, n uint64) error {
		sum, err := readFile(filepath.Join(p, c.Name), func(r io.Reader) error { return c.Col.Load(r, n) })
		var full *sys.DiskError
		if errors.As(err, &full) {
			return err
		}
		if err != nil || sum != man.Files[c.Name] {
			return fmt.Errorf("%s does not match its checksum", c.Name)
		}
		return nil
	})
	var full *sys.DiskError
	var other *explore.OtherModelError
	switch {
	case errors.As(err, &full):
		return nil, err
	case errors.As(err, &other):
		return nil, fmt.Errorf("the checkpoint in %s does not match the model (another topology, daemon or model version?): %w", p, other.Err)
	case err != nil:
		return nil, fmt.Errorf("corrupt checkpoint in %s: %w", p, err)
	}
	d.saved, d.graphSum, d.loaded = g.ExpandedNodes(), man.sum(), p
	return g, nil
}

// Corrupt wraps what rebuilding the visited set from the loaded graph found wrong with it.
func (d *Dir) Corrupt(err error) error {
	return fmt.Errorf("corrupt checkpoint in %s: %w", d.loaded, err)
}
