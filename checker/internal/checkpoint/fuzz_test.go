package checkpoint

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mc-checker/mc/checker/internal/explore"
	"github.com/mc-checker/mc/checker/internal/store"
	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/dijkstra"
)

// A checkpoint whose manifest, whatever its bytes, does not describe the saved files is an
// error when it is loaded (and its labels are passed over): never a panic, and never a graph
// that passes for the saved one unless it is the saved one.
func FuzzManifest(f *testing.F) {
	r, _ := dijkstra.New(4, 3)
	universal, _ := model.Daemonize(r, model.Central)
	var init []model.State
	universal.Init(func(s model.State) bool { init = append(init, s.Clone()); return true })
	m, _ := model.Daemonize(r, model.Central, model.From(init[:20]))
	g, err := explore.BFS(context.Background(), m, store.NewMemory(false, 4), explore.Config{Workers: 1})
	if err != nil {
		f.Fatal(err)
	}
	dir := f.TempDir()
	d, err := Open(Config{Dir: dir, Run: 7})
	if err != nil {
		f.Fatal(err)
	}
	if err := d.Save(g); err != nil {
		f.Fatal(err)
	}
	d.Close()
	manifest := filepath.Join(dir, saveName, manifestName)
	saved, _ := os.ReadFile(manifest)
	f.Add(saved)
	seedsFrom(f, "../../../testdata/fuzz/FuzzManifest")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(manifest, data, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := Open(Config{Dir: dir, Run: 7, Resume: true})
		if err != nil {
			return
		}
		defer d.Close()
		loaded, err := d.Load(m, explore.Config{Workers: 1}, nil)
		if err != nil {
			return
		}
		if loaded.Size() != g.Size() || loaded.Edges() != g.Edges() {
			t.Fatalf("a manifest passed for another graph: %d nodes %d edges, saved %d %d", loaded.Size(), loaded.Edges(), g.Size(), g.Edges())
		}
		d.LoadLabels(loaded, nil)
	})
}

// seedsFrom adds every file of dir as a seed.
func seedsFrom(f *testing.F, dir string) {
	files, _ := os.ReadDir(dir)
	for _, e := range files {
		if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && !e.IsDir() {
			f.Add(data)
		}
	}
}
