package checkpoint

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unsafe"

	"github.com/cespare/xxhash/v2"
)

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
func (d *Dir) publish() error {
	cur, old := filepath.Join(d.Dir, saveName), filepath.Join(d.Dir, saveOld)
	if err := os.RemoveAll(old); err != nil {
		return err
	}
	if err := os.Rename(cur, old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := os.Rename(filepath.Join(d.Dir, savePending), cur); err != nil {
		return err
	}
	if err := syncDir(d.Dir); err != nil {
		return err
	}
	return os.RemoveAll(old)
}

// recover completes or undoes a save that a crash interrupted, so that afterwards the
// directory holds at most the current save.
func (d *Dir) recover() error {
	cur, old, pending := filepath.Join(d.Dir, saveName), filepath.Join(d.Dir, saveOld), filepath.Join(d.Dir, savePending)
	switch {
	case complete(pending):
		return d.publish()
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
	return err == nil && json.Unmarshal(text, &man) == nil && man.Format == format
}

// latest is the directory of the last complete save (see publish) for a reader that does not
// hold the lock and so cannot recover.
func latest(dir string) (string, error) {
	for _, name := range []string{savePending, saveName, saveOld} {
		if p := filepath.Join(dir, name); complete(p) || name == saveName && exists(p) {
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
	if err := json.Unmarshal(text, &man); err != nil || man.Format != format {
		return nil, "", fmt.Errorf("corrupt checkpoint in %s: unreadable manifest", p)
	}
	return &man, p, nil
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
