//go:build !linux && !darwin

package sys

// PeakRSS is the memory the Go runtime has mapped now: this system's peak is not read.
func PeakRSS() uint64 { return goMapped() }

// PhysicalMemory is 0, unknown: no budget applies unless one is given.
func PhysicalMemory() uint64 { return 0 }

// ResidentBytes is the memory the Go runtime has mapped: nothing maps files here.
func ResidentBytes() uint64 { return goMapped() }
