//go:build !unix

package checker

import (
	"fmt"
	"os"
	"path/filepath"
)

// lockDir opens the lock file; without flock this platform does not keep two runs apart.
func lockDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("checkpoint directory: %w", err)
	}
	return f, nil
}
