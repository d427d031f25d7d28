// Package sys is every call the checker makes to the operating system: memory readings
// (peak and current resident set, physical memory, the Go heap), exclusive locks on
// directories, and files mapped into memory.
//
// Files are mapped with Linux calls (mmap, fallocate, madvise): elsewhere Map and Reserve
// return ErrUnsupported, and the stores that keep the graph or the visited set on disk are
// refused up front. Memory readings fall back to what the Go runtime knows, and locks to
// none on systems without flock.
package sys

import "errors"

// ErrUnsupported is returned by what this system cannot do.
var ErrUnsupported = errors.New("not supported on this system")

// ErrNoReserve is Reserve on a file system without fallocate: a full disk then fails a write
// instead.
var ErrNoReserve = errors.New("the file system cannot reserve blocks")

// DiskError is a failure of the files a run keeps on disk (a full disk): an error of the
// run, not of its input.
type DiskError struct{ Err error }

func (e *DiskError) Error() string { return "graph on disk: " + e.Err.Error() }
func (e *DiskError) Unwrap() error { return e.Err }
