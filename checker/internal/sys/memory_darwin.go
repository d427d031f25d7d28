package sys

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// PeakRSS is the process's peak resident set size in bytes, as the kernel counts it.
func PeakRSS() uint64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return uint64(ru.Maxrss) // macOS reports bytes
}

// PhysicalMemory is the machine's RAM in bytes, or 0 if unknown.
func PhysicalMemory() uint64 {
	n, err := unix.SysctlUint64("hw.memsize")
	if err != nil {
		return 0
	}
	return n
}

// ResidentBytes is the memory the Go runtime has mapped: nothing maps files here.
func ResidentBytes() uint64 { return goMapped() }
