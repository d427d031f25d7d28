package runs

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
)

// FileError is a file the user named that mc cannot read, said with the flag or the role that
// named it ("--topology nonexist.dot: no such file"), never as the system's raw
// "stat nonexist.dot: no such file or directory".
type FileError struct {
	Named string // --topology, protocol file, proof file, saved run
	Path  string
	Why   string
}

func (e *FileError) Error() string { return fmt.Sprintf("%s %s: %s", e.Named, e.Path, e.Why) }

// NamedFile says an error reading a file (a *fs.PathError) as a *FileError named as the user
// named the file; any other error is returned as it is.
func NamedFile(named string, err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	why := pe.Err.Error()
	switch {
	case errors.Is(pe.Err, fs.ErrNotExist):
		why = "no such file"
	case errors.Is(pe.Err, fs.ErrPermission):
		why = "not readable (permission denied)"
	case errors.Is(pe.Err, syscall.EISDIR):
		why = "a directory, not a file"
	}
	return &FileError{Named: named, Path: pe.Path, Why: why}
}
