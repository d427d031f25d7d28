package checkpoint

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cespare/xxhash/v2"
	"github.com/mc-checker/mc/checker/internal/analysis"
	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/par"
)

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

// SaveLabels saves the labels l of a search over the complete graph g (just saved) for the
// legitimate set legit.
func (d *Dir) SaveLabels(g *explore.Explicit, l *analysis.Labels, legit par.Bitmap) error {
	pending := filepath.Join(d.Dir, labelsPending)
	err := d.writeLabels(g, l, legit, pending)
	if err == nil {
		cur := filepath.Join(d.Dir, labelsName)
		if err = os.RemoveAll(cur); err == nil {
			if err = os.Rename(pending, cur); err == nil {
				err = syncDir(d.Dir)
			}
		}
	}
	if err != nil {
		os.RemoveAll(pending)
		return fmt.Errorf("checkpoint of the analysis: %w", err)
	}
	return nil
}

func (d *Dir) writeLabels(g *explore.Explicit, l *analysis.Labels, legit par.Bitmap, dir string) error {
	man := labelsManifest{Run: d.Run, Graph: d.graphSum, Legit: legitHash(legit), Nodes: g.Size(), Edges: g.Edges(),
		Bits: l.Steps.Bits()}
	files := []savedFile{{"steps", l.Steps.Save}}
	for m, w := range l.Weighted {
		if w != nil {
			man.Measures = append(man.Measures, m)
			files = append(files, savedFile{analysis.Measure(m).String(), w.Save})
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
func legitHash(legit par.Bitmap) uint64 { return xxhash.Sum64(par.Bytes(legit)) }

// LoadLabels returns the saved labels of a search over g (as loaded) for the legitimate set
// legit, or nil if there are none that fit: labels are optional, so damaged or foreign ones
// are passed over and the search starts afresh.
func (d *Dir) LoadLabels(g *explore.Explicit, legit par.Bitmap) *analysis.Labels {
	dir := filepath.Join(d.Dir, labelsName)
	text, err := os.ReadFile(filepath.Join(dir, manifestName))
	var man labelsManifest
	if err != nil || json.Unmarshal(text, &man) != nil || (man.Bits != 16 && man.Bits != 32) ||
		man.Run != d.Run || man.Graph != d.graphSum || man.Legit != legitHash(legit) ||
		man.Nodes != g.Size() || man.Edges != g.Edges() {
		return nil
	}
	l := &analysis.Labels{Steps: par.NewCells(g.Size(), man.Bits)}
	cols := map[string]*par.Cells{"steps": l.Steps}
	for _, m := range man.Measures {
		if m < 0 || m >= int(analysis.NumMeasures) {
			return nil
		}
		l.Weighted[m] = par.NewCells(g.Size(), man.Bits)
		cols[analysis.Measure(m).String()] = l.Weighted[m]
	}
	for name, col := range cols {
		sum, err := readFile(filepath.Join(dir, name), col.Load)
		if err != nil || sum != man.Files[name] {
			return nil
		}
	}
	return l
}
