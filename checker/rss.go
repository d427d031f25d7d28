package checker

import "syscall"

// peakRSS is the process's peak resident set size in bytes, as the kernel counts it.
func peakRSS() uint64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return uint64(ru.Maxrss) * 1024 // Linux reports kilobytes
}

// physicalMemory is the machine's RAM in bytes, or 0 if unknown.
func physicalMemory() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
