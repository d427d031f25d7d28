//go:build !linux

package sys

import (
	"errors"
	"os"
)

// CanMap reports whether files can be mapped into memory here.
const CanMap = false

// ErrNoReserve is Reserve on a file system without fallocate.
var ErrNoReserve = errors.New("the file system cannot reserve blocks")

// Map is unsupported here.
func Map(*os.File, int64, int, bool) ([]byte, error) { return nil, ErrUnsupported }

// Unmap is unsupported here.
func Unmap([]byte) error { return ErrUnsupported }

// DropPages is unsupported here.
func DropPages([]byte) error { return ErrUnsupported }

// Reserve is unsupported here.
func Reserve(*os.File, int64, int64) error { return ErrUnsupported }
