package sys

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
)

// PeakRSS is the process's peak resident set size in bytes, as the kernel counts it.
func PeakRSS() uint64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return uint64(ru.Maxrss) * 1024 // Linux reports kilobytes
}

// PhysicalMemory is the machine's RAM in bytes, or 0 if unknown.
func PhysicalMemory() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}

// ResidentBytes is the process's resident set size now (file pages mapped in included), from
// /proc/self/statm; 0 if unknown. The file stays open: reading it again costs about 1 µs,
// opening it each time 9 µs (measured), and readers of the graph on disk ask often.
func ResidentBytes() uint64 {
	statm.once.Do(func() { statm.f, _ = os.Open("/proc/self/statm") })
	if statm.f == nil {
		return 0
	}
	var buf [128]byte
	n, err := syscall.Pread(int(statm.f.Fd()), buf[:], 0) // one read: the whole text
	if err != nil {
		return 0
	}
	fields := bytes.Fields(buf[:n])
	if len(fields) < 2 {
		return 0
	}
	pages, err := strconv.ParseUint(string(fields[1]), 10, 64)
	if err != nil {
		return 0
	}
	return pages * uint64(os.Getpagesize())
}

var statm struct {
	once sync.Once
	f    *os.File
}
