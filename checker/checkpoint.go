package checker

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
	"unsafe"

	"github.com/cespare/xxhash/v2"
	"github.com/mc-checker/mc/checker/model"
)

// Checkpoints lets a hashed exploration survive an interruption or a crash. The run saves
// its explored graph in Dir (the visited set is rebuilt from it: every state's fingerprint)
// when it is interrupted or stopped by a bound (during the analyses: the complete graph), and
// with Every set also every Every while it explores and once the graph is complete; a later run with Resume continues from the last
// save and gives exactly the result of an uninterrupted run, with any number of workers.
//
// A save is atomic: it is written beside the previous one and renamed over it, so a run
// killed while saving resumes from the save before. The analyses after the exploration are
// not saved: a resumed run redoes them (they take a fraction of the exploration's time).
type Checkpoints struct {
	Dir    string
	Every  time.Duration // 0: save only when stopped
	Resume bool
	// Meta is a JSON value saved with the checkpoint for the caller (the run as the command
	// line asked for it); ReadCheckpointMeta returns it.
	Meta json.RawMessage
}

const (
	checkpointName    = "checkpoint"
	checkpointFormat  = 2
	manifestName      = "manifest.json"
	checkpointPending = checkpointName + ".new"
	checkpointOld     = checkpointName + ".old"
)

// manifest describes a saved graph: its sizes, BFS cursor and the checksum of every file.
type manifest struct {
	Format       int               `json:"format"`
	LittleEndian bool              `json:"little_endian"`
	Run          uint64            `json:"run"` // runIdentity of the model and checks
	Meta         json.RawMessage   `json:"meta,omitempty"`
	Nodes        uint64            `json:"nodes"`
	Expanded     uint64            `json:"expanded"`
	Edges        uint64            `json:"edges"`
	Depth        uint32            `json:"depth"`
	LevelStart   uint64            `json:"level_start"`
	LevelEnd     uint64            `json:"level_end"`
	Levels       uint32            `json:"levels"`
	Steps        bool              `json:"steps"` // the graph keeps its edges' steps
	Movers       bool              `json:"movers"`
	Exact        bool              `json:"exact"`
	ActionFirst  []uint64          `json:"action_first"`
	Files        map[string]uint64 `json:"files"` // name → xxhash64 of the content
}

// checkpointer saves and restores the explicit graph of one run in its directory, which it
// holds locked for the run.
type checkpointer struct {
	Checkpoints
	graphSum uint64 // identifies the graph last saved or loaded: a hash of its files' checksums
	exact    bool   // the visited set's mode, which the saved graph was built with
	run      uint64
	last     time.Time
	saved    uint64 // expanded nodes at the last save or load; noNode before any
	lock     *os.File
}

// openCheckpoints creates or opens the directory, locks it and completes a save that a crash
// interrupted.
func openCheckpoints(c Checkpoints, m model.Model, spec *Spec, exact bool) (*checkpointer, error) {
	if c.Dir == "" {
		return nil, errors.New("checkpoints need a directory")
	}
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("checkpoint directory: %w", err)
	}
	lock, err := lockDir(c.Dir)
	if err != nil {
		return nil, err
	}
	run, err := runIdentity(m, spec)
	if err != nil {
		lock.Close()
		return nil, err
	}
	ck := &checkpointer{Checkpoints: c, exact: exact, run: run, last: time.Now(), saved: noNode, lock: lock}
	if err := ck.recover(); err != nil {
		lock.Close()
		return nil, fmt.Errorf("checkpoint directory %s: %w", c.Dir, err)
	}
	if !c.Resume { // a new run: labels of an earlier one would only be passed over
		os.RemoveAll(filepath.Join(c.Dir, labelsName))
	}
	return ck, nil
}

// explore runs the hashed exploration, from a checkpoint and saving checkpoints when ck is
// set.
func explore(ctx context.Context, m model.Model, opts Options, cfg bfsConfig, ck *checkpointer, stats *Stats) (*explicitGraph, error) {
	width := m.Schema().Width()
	var store Store = newMemStore(opts.Exact, width)
	// Sorted runs are read once per segment: segments as large as a quarter of the budget
	// allows, at about 96 bytes an edge and its target's bytes until the commit.
	runSegment := min(opts.budget()/4/uint64(96+width), 1<<24)
	switch {
	case opts.Spill && !opts.Badger:
		b, err := newBatchStore(filepath.Join(opts.Disk, "visited"), opts.Exact, width, opts.workers())
		if err != nil {
			return nil, err
		}
		defer func() { stats.SpilledStates = b.runs.len(); b.close() }()
		store, cfg.segmentEdges = b, runSegment
	case opts.Spill || opts.Auto:
		dir := ""
		if opts.Spill {
			dir = filepath.Join(opts.Disk, "visited")
		}
		sp := newSpillStore(dir, opts.Badger, opts.Exact, width, opts.workers(), opts.budget()/4)
		defer func() { stats.SpilledStates = sp.moved; sp.close() }()
		store = sp
		if !opts.Badger {
			cfg.segmentEdges = runSegment
		}
	}
	if ck == nil {
		return exploreBFS(ctx, m, store, cfg)
	}
	var g *explicitGraph
	var err error
	if ck.Resume {
		g, err = ck.load(m, store, cfg)
		if stats.Resumed = err == nil; stats.Resumed {
			stats.Checkpoint = ck.Dir
		}
	} else {
		g, err = newExplicitGraph(m, store, cfg)
	}
	if err == nil {
		cfg.committed = func(g *explicitGraph) error {
			if ck.due() {
				return ck.save(g)
			}
			return nil
		}
		err = g.explore(ctx, store, cfg)
	}
	if stoppedEarly(err) || err == nil && ck.Every > 0 {
		if serr := store.failed(); serr != nil {
			return nil, serr
		}
		if serr := ck.save(g); serr != nil {
			return nil, serr
		}
		stats.Checkpoint = ck.Dir
	}
	return g, err
}

func (c *checkpointer) close() { c.lock.Close() }

// runIdentity hashes what a checkpoint must agree with to be resumed: the model's type (the
// protocol's and the daemon, for a daemonized one), the schema, the initial states, the checks
// and the fairness. What it cannot see (a changed topology file or model code) the sample of
// re-expanded nodes in load catches.
func runIdentity(m model.Model, spec *Spec) (uint64, error) {
	h := xxhash.New()
	if d, ok := m.(model.Identified); ok {
		fmt.Fprintf(h, "%s;", d.Identity())
	} else {
		fmt.Fprintf(h, "%T;", m)
	}
	for _, v := range m.Schema().Vars {
		fmt.Fprintf(h, "%s/%d/%v;", v.Name, v.Owner, v.Domain.Names)
	}
	var err error
	m.Init(func(s model.State) bool {
		_, err = h.Write(s)
		return err == nil
	})
	fmt.Fprintf(h, "%v/%v/%v", spec.Checks, spec.Fairness, len(spec.actionsToCheck()))
	for _, a := range spec.actionsToCheck() {
		fmt.Fprintf(h, "/%s", a.Name)
	}
	return h.Sum64(), err
}

// due reports whether a periodic save is due.
func (c *checkpointer) due() bool { return c.Every > 0 && time.Since(c.last) >= c.Every }

// save writes g beside the current checkpoint and renames it over it, unless nothing was
// expanded since the last save. A failed save leaves the previous one, and removes its own
// files (a full disk gets its space back).
func (c *checkpointer) save(g *explicitGraph) error {
	if g.expandedNodes() == c.saved {
		return nil
	}
	pending := filepath.Join(c.Dir, checkpointPending)
	if err := c.write(g, pending); err != nil {
		os.RemoveAll(pending)
		return fmt.Errorf("checkpoint: %w", err)
	}
	c.last, c.saved = time.Now(), g.expandedNodes()
	return nil
}

// write saves g in the directory pending, then publishes it.
func (c *checkpointer) write(g *explicitGraph, pending string) error {
	var files []savedFile
	for _, col := range g.columns() {
		files = append(files, savedFile{col.name, col.col.save})
	}
	sums, err := writeFiles(pending, files)
	if err != nil {
		return err
	}
	man := manifest{Format: checkpointFormat, LittleEndian: littleEndian(), Run: c.run, Meta: c.Meta,
		Nodes: g.size(), Expanded: g.expandedNodes(), Edges: g.edges.len(), Depth: g.depth,
		LevelStart: g.levelStart, LevelEnd: g.levelEnd, Levels: g.levels, Steps: g.keepSteps, Movers: g.withMovers, Exact: c.exact, Files: sums}
	for _, t := range g.actionFirst {
		id, _ := t.get()
		man.ActionFirst = append(man.ActionFirst, id)
	}
	text, err := json.MarshalIndent(man, "", "  ")
	if err != nil {
		return err
	}
	if err := writeManifest(pending, text); err != nil {
		return err
	}
	if err := c.publish(); err != nil {
		return err
	}
	c.graphSum = man.sum()
	return nil
}

// sum identifies a saved graph by its files' checksums.
func (man *manifest) sum() uint64 {
	h := xxhash.New()
	for _, name := range []string{"states", "parent", "via", "offsets", "edges", "steps", "movers"} {
		fmt.Fprintf(h, "%s=%d;", name, man.Files[name])
	}
	return h.Sum64()
}

// savedFile is a file of a save and what writes it.
type savedFile struct {
	name  string
	write func(io.Writer) error
}

// writeFiles writes the files of a save into the fresh directory dir, each synced, and
// returns their checksums; the manifest comes after (writeManifest).
func writeFiles(dir string, files []savedFile) (map[string]uint64, error) {
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	sums := map[string]uint64{}
	for _, f := range files {
		sum, err := writeFile(filepath.Join(dir, f.name), f.write)
		if err != nil {
			return nil, err
		}
		sums[f.name] = sum
	}
	return sums, syncDir(dir)
}

// writeManifest writes a save's manifest last and atomically (a temporary file, synced, then
// renamed): a save is complete exactly when its manifest exists.
func writeManifest(dir string, text []byte) error {
	tmp := filepath.Join(dir, manifestName+".tmp")
	if _, err := writeFile(tmp, func(w io.Writer) error {
		_, err := w.Write(text)
		return err
	}); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, manifestName)); err != nil {
		return err
	}
	return syncDir(dir)
}

// publish renames the pending save over the current one. Whatever the point a crash stops
// it at, recover (at the next run) finds a complete save: the current one, or the pending one
// (complete once its manifest, written last, is there), or the previous one.
func (c *checkpointer) publish() error {
	cur, old := filepath.Join(c.Dir, checkpointName), filepath.Join(c.Dir, checkpointOld)
	if err := os.RemoveAll(old); err != nil {
		return err
	}
	if err := os.Rename(cur, old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := os.Rename(filepath.Join(c.Dir, checkpointPending), cur); err != nil {
		return err
	}
	if err := syncDir(c.Dir); err != nil {
		return err
	}
	return os.RemoveAll(old)
}

// recover completes or undoes a save that a crash interrupted, so that afterwards the
// directory holds at most the current save.
func (c *checkpointer) recover() error {
	cur, old, pending := filepath.Join(c.Dir, checkpointName), filepath.Join(c.Dir, checkpointOld), filepath.Join(c.Dir, checkpointPending)
	switch {
	case complete(pending):
		return c.publish()
	case !exists(cur) && exists(old):
		if err := os.Rename(old, cur); err != nil {
			return err
		}
	}
	if err := os.RemoveAll(pending); err != nil {
		return err
	}
	return os.RemoveAll(old)
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// complete reports whether the save in dir has a manifest that reads.
func complete(dir string) bool {
	text, err := os.ReadFile(filepath.Join(dir, manifestName))
	var man manifest
	return err == nil && json.Unmarshal(text, &man) == nil && man.Format == checkpointFormat
}

// latest is the directory of the last complete save (see publish) for a reader that does not
// hold the lock and so cannot recover.
func latest(dir string) (string, error) {
	for _, name := range []string{checkpointPending, checkpointName, checkpointOld} {
		if p := filepath.Join(dir, name); complete(p) || name == checkpointName && exists(p) {
			return p, nil // a current save whose manifest does not read is reported corrupt
		}
	}
	return "", fmt.Errorf("no checkpoint in %s", dir)
}

func readManifest(dir string) (*manifest, string, error) {
	p, err := latest(dir)
	if err != nil {
		return nil, "", err
	}
	text, err := os.ReadFile(filepath.Join(p, manifestName))
	if err != nil {
		return nil, "", err
	}
	var man manifest
	if err := json.Unmarshal(text, &man); err != nil || man.Format != checkpointFormat {
		return nil, "", fmt.Errorf("corrupt checkpoint in %s: unreadable manifest", p)
	}
	return &man, p, nil
}

// ReadCheckpointMeta returns the Meta saved with the checkpoint in dir.
func ReadCheckpointMeta(dir string) (json.RawMessage, error) {
	man, _, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	return man.Meta, nil
}

// load restores the saved graph and rebuilds the visited set from it.
func (c *checkpointer) load(m model.Model, store Store, cfg bfsConfig) (*explicitGraph, error) {
	man, p, err := readManifest(c.Dir)
	if err != nil {
		return nil, err
	}
	switch {
	case man.LittleEndian != littleEndian():
		return nil, fmt.Errorf("the checkpoint in %s was written on a machine of the other byte order", p)
	case man.Run != c.run:
		return nil, fmt.Errorf("the checkpoint in %s is of another model, initial set or checks", p)
	case man.Movers != cfg.movers || len(man.ActionFirst) != len(cfg.actions):
		return nil, fmt.Errorf("the checkpoint in %s was made for other checks", p)
	case man.Exact != c.exact:
		return nil, fmt.Errorf("the checkpoint in %s was made with exact=%v; resume it the same way", p, man.Exact)
	}
	if err := man.valid(); err != nil {
		return nil, fmt.Errorf("corrupt checkpoint in %s: %w", p, err)
	}
	g, err := emptyGraph(m, cfg)
	if err != nil {
		return nil, err
	}
	if cfg.grow != nil && man.bytes(g.sch.Width()) > cfg.grow.mark {
		// A run that had moved to disk goes there before it loads.
		if err := cfg.grow.move(g, store); err != nil {
			return nil, err
		}
	}
	g.depth, g.levelStart, g.levelEnd, g.levels = man.Depth, man.LevelStart, man.LevelEnd, man.Levels
	g.prevStart = g.levelStart
	g.keepSteps = man.Steps
	for i, id := range man.ActionFirst {
		g.actionFirst[i].offer(id)
	}
	sizes := map[string]uint64{"states": man.Nodes, "parent": man.Nodes, "via": man.Nodes,
		"offsets": man.Expanded + 1, "edges": man.Edges, "steps": 0, "movers": 0}
	if man.Steps {
		sizes["steps"] = man.Edges
	}
	if man.Movers {
		sizes["movers"] = man.Edges
	}
	for _, col := range g.columns() {
		sum, err := readFile(filepath.Join(p, col.name), func(r io.Reader) error { return col.col.load(r, sizes[col.name]) })
		var full *diskError
		if errors.As(err, &full) {
			return nil, err
		}
		if err != nil || sum != man.Files[col.name] {
			return nil, fmt.Errorf("corrupt checkpoint in %s: %s does not match its checksum", p, col.name)
		}
	}
	if err := g.consistent(); err != nil {
		return nil, fmt.Errorf("corrupt checkpoint in %s: %w", p, err)
	}
	if err := g.sameSteps(); err != nil {
		return nil, fmt.Errorf("the checkpoint in %s does not match the model (another topology, daemon or model version?): %w", p, err)
	}
	c.saved, c.graphSum = g.expandedNodes(), man.sum()
	for id := range g.size() {
		s := g.stateAt(id)
		fp := s.Fingerprint()
		if !store.Visit(fp, s, Note{}).New {
			return nil, fmt.Errorf("corrupt checkpoint in %s: a state is saved twice", p)
		}
		store.Number(fp, s, id)
		if id%(1<<20) == 0 {
			if err := settle(g, store, cfg.grow, min(id, g.levelStart)); err != nil {
				return nil, err
			}
		}
	}
	// A store that writes its states out in batches (batchStore) must hold them all before
	// the first lookup.
	if err := settle(g, store, cfg.grow, g.levelStart); err != nil {
		return nil, err
	}
	return g, store.failed()
}

// writeFile writes, syncs and closes a file, and returns the checksum of what was written.
func writeFile(path string, fill func(io.Writer) error) (uint64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	h := xxhash.New()
	buf := bufio.NewWriterSize(io.MultiWriter(f, h), 1<<20)
	if err := fill(buf); err != nil {
		return 0, err
	}
	if err := buf.Flush(); err != nil {
		return 0, err
	}
	if err := f.Sync(); err != nil {
		return 0, err
	}
	return h.Sum64(), f.Close()
}

// readFile reads a whole file through fill and returns its checksum; trailing bytes fail.
func readFile(path string, fill func(io.Reader) error) (uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	h := xxhash.New()
	r := bufio.NewReaderSize(io.TeeReader(f, h), 1<<20)
	if err := fill(r); err != nil {
		return 0, err
	}
	if n, _ := io.Copy(io.Discard, r); n != 0 {
		return 0, errors.New("trailing bytes")
	}
	return h.Sum64(), nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

func littleEndian() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}

// valid checks the manifest's own numbers, which no checksum covers.
func (man *manifest) valid() error {
	switch {
	case man.Nodes >= noParent:
		return errors.New("more nodes than ids")
	case man.LevelStart > man.Expanded || man.Expanded > man.LevelEnd || man.LevelEnd > man.Nodes:
		return errors.New("the BFS cursor is outside the graph")
	case man.Levels > man.Depth+1:
		return errors.New("more levels than the depth")
	}
	for _, id := range man.ActionFirst {
		if id != noNode && id >= man.Expanded {
			return errors.New("a violation at a node not expanded")
		}
	}
	return nil
}

// consistent checks that every id in the loaded columns is in the graph.
func (g *explicitGraph) consistent() error {
	n := g.size()
	for id := range n {
		if p := g.parent.at(id); p != noParent && uint64(p) >= id {
			return fmt.Errorf("node %d has parent %d", id, p)
		}
	}
	for id := range g.expandedNodes() {
		if g.offsets.at(id) > g.offsets.at(id+1) {
			return fmt.Errorf("the edges of node %d are out of order", id)
		}
	}
	if g.offsets.len() == 0 || g.offsets.at(0) != 0 || g.offsets.last() != g.edges.len() {
		return errors.New("the offsets do not cover the edges")
	}
	for j := range g.edges.len() {
		if uint64(g.edges.at(j)) >= n {
			return fmt.Errorf("edge %d leads outside the graph", j)
		}
	}
	return nil
}

// sameSteps expands again a sample of the saved nodes (up to 64, evenly spread, and the last
// expanded one) and compares their steps with the saved edges: a checkpoint of another
// transition relation over the same schema and initial states fails here.
func (g *explicitGraph) sameSteps() error {
	done := g.expandedNodes()
	if done == 0 {
		return nil
	}
	stride := max(1, done/64)
	for id := uint64(0); id < done; id += stride {
		if err := g.sameStepsAt(id); err != nil {
			return err
		}
	}
	return g.sameStepsAt(done - 1)
}

func (g *explicitGraph) sameStepsAt(id uint64) error {
	first, end := g.offsets.at(id), g.offsets.at(id+1)
	j := first
	differ := fmt.Errorf("node %d: its steps differ from the saved ones", id)
	var err error
	g.m.Successors(g.stateAt(id), func(st model.Step, t model.State) bool {
		if j == end {
			err = differ
			return false
		}
		e := g.edge(j, j-first)
		if string(g.stateAt(uint64(e.to))) != string(t) || e.index != uint32(st.Index) || e.moves != uint16(st.MoveCount()) || e.ticks != uint16(st.Ticks) {
			err = differ
			return false
		}
		j++
		return true
	})
	if err == nil && j != end {
		err = differ
	}
	return err
}

// The labels of an interrupted convergence search are saved beside the complete graph they
// belong to, in DIR/labels, written to labels.new and renamed like a checkpoint.
const (
	labelsName    = "labels"
	labelsPending = labelsName + ".new"
)

// labelsManifest ties saved labels to their graph.
type labelsManifest struct {
	Run      uint64            `json:"run"`
	Graph    uint64            `json:"graph"` // graphSum of the graph they label
	Legit    uint64            `json:"legit"` // hash of the legitimate set they were computed for
	Nodes    uint64            `json:"nodes"`
	Edges    uint64            `json:"edges"`
	Bits     uint              `json:"bits"`
	Measures []int             `json:"measures"` // the weighted measures saved beside steps
	Files    map[string]uint64 `json:"files"`
}

// saveLabels saves the labels l of a search over the complete graph g (just saved) for the
// legitimate set legit.
func (c *checkpointer) saveLabels(g *explicitGraph, l *longest, legit bitmap) error {
	pending := filepath.Join(c.Dir, labelsPending)
	err := c.writeLabels(g, l, legit, pending)
	if err == nil {
		cur := filepath.Join(c.Dir, labelsName)
		if err = os.RemoveAll(cur); err == nil {
			if err = os.Rename(pending, cur); err == nil {
				err = syncDir(c.Dir)
			}
		}
	}
	if err != nil {
		os.RemoveAll(pending)
		return fmt.Errorf("checkpoint of the analysis: %w", err)
	}
	return nil
}

func (c *checkpointer) writeLabels(g *explicitGraph, l *longest, legit bitmap, dir string) error {
	man := labelsManifest{Run: c.run, Graph: c.graphSum, Legit: legitHash(legit), Nodes: g.size(), Edges: g.edges.len(),
		Bits: l.steps.bits}
	files := []savedFile{{"steps", l.steps.save}}
	for m, w := range l.weighted {
		if w != nil {
			man.Measures = append(man.Measures, m)
			files = append(files, savedFile{measure(m).String(), w.save})
		}
	}
	var err error
	if man.Files, err = writeFiles(dir, files); err != nil {
		return err
	}
	text, err := json.Marshal(man)
	if err != nil {
		return err
	}
	return writeManifest(dir, text)
}

// legitHash identifies a legitimate set.
func legitHash(legit bitmap) uint64 { return xxhash.Sum64(bytesOf(legit)) }

// loadLabels returns the saved labels of a search over g (as loaded) for the legitimate set
// legit, or nil if there are none that fit: labels are optional, so damaged or foreign ones
// are passed over and the search starts afresh.
func (c *checkpointer) loadLabels(g *explicitGraph, legit bitmap) *longest {
	dir := filepath.Join(c.Dir, labelsName)
	text, err := os.ReadFile(filepath.Join(dir, manifestName))
	var man labelsManifest
	if err != nil || json.Unmarshal(text, &man) != nil || (man.Bits != 16 && man.Bits != 32) ||
		man.Run != c.run || man.Graph != c.graphSum || man.Legit != legitHash(legit) ||
		man.Nodes != g.size() || man.Edges != g.edges.len() {
		return nil
	}
	l := &longest{steps: newCells(g.size(), man.Bits)}
	cols := map[string]*cells{"steps": l.steps}
	for _, m := range man.Measures {
		if m < 0 || m >= int(numMeasures) {
			return nil
		}
		l.weighted[m] = newCells(g.size(), man.Bits)
		cols[measure(m).String()] = l.weighted[m]
	}
	for name, col := range cols {
		sum, err := readFile(filepath.Join(dir, name), func(r io.Reader) error {
			_, err := io.ReadFull(r, bytesOf(col.words))
			return err
		})
		if err != nil || sum != man.Files[name] {
			return nil
		}
	}
	return l
}

// bytes estimates the memory of the saved graph and its visited set, for a run that moves to
// disk when it passes a mark.
func (man *manifest) bytes(width int) uint64 {
	b := man.Nodes*uint64(width+4+4+8+28) + man.Edges*4
	if man.Steps {
		b += man.Edges * 8
	}
	if man.Movers {
		b += man.Edges * 8
	}
	return b
}
