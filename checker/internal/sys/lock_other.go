//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package sys

import (
	"fmt"
	"os"
)

// LockDir is unsupported without flock: a lock that a killed run left behind could not be
// told from a live one.
func LockDir(dir string) (*os.File, error) {
	return nil, fmt.Errorf("checkpoint directory %s: locks are %w", dir, ErrUnsupported)
}
