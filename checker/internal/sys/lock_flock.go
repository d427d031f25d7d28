//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package sys

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// LockDir takes an exclusive lock on dir for the run, so that two runs never share a
// directory; the lock goes with the process, even when it is killed.
func LockDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("checkpoint directory: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("checkpoint directory %s is in use by another run", dir)
		}
		return nil, fmt.Errorf("checkpoint directory %s: lock: %w", dir, err)
	}
	return f, nil
}
