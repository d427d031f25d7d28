package app

import (
	"github.com/mc-checker/mc/checker/proof"
	"os"
	"path/filepath"
	"testing"
)

// seeds adds every file of the repository's testdata/fuzz/NAME (and of the other directories
// given) as a seed: they run as ordinary tests, and start the fuzzer.
func seeds(f *testing.F, dirs ...string) {
	for _, dir := range dirs {
		files, _ := os.ReadDir(dir)
		for _, e := range files {
			if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && !e.IsDir() {
				f.Add(data)
			}
		}
	}
}

// A proof file, whatever its bytes, is read and every run validated, or refused with an
// error: never a panic. What is accepted validates again, as verify builds it.
func FuzzProofFile(f *testing.F) {
	seeds(f, "../../../testdata/fuzz/FuzzProofFile", "../../../testdata/proofs")
	f.Fuzz(func(t *testing.T, data []byte) {
		file, specs, err := proof.Parse("fuzz.yaml", data, false)
		if err != nil {
			return
		}
		if len(specs) != len(file.Runs) || len(specs) == 0 {
			t.Fatalf("%d runs, %d specs", len(file.Runs), len(specs))
		}
		for _, rs := range specs {
			if err := rs.Validate(); err != nil {
				t.Fatalf("accepted, then refused: %v", err)
			}
		}
	})
}

// A saved run, whatever its bytes, replays or is refused: mc replay exits 0, 1 or 2 (a
// saved run is never inconclusive), and never panics or runs out of memory.
func FuzzReplay(f *testing.F) {
	seeds(f, "../../../testdata/fuzz/FuzzReplay")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "run.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := mc(t, "replay", path); code < 0 || code > exitUsage {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	})
}

// A size, whatever its text, is a positive number of bytes or an error.
func FuzzParseBytes(f *testing.F) {
	for _, s := range []string{"4GiB", "512M", "1000", "2k", "3TB", "", "x", "0", "-1", "1.5G", "99999999999T", "1TiBB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if v, err := parseBytes(text); err == nil && v == 0 {
			t.Fatalf("%q is 0 bytes", text)
		}
	})
}
