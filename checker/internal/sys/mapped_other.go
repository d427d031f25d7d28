//go:build !linux

package sys

// goMapped is all the memory the Go runtime has mapped: what stands for the resident set
// where the system does not say.
func goMapped() uint64 { return readMetric("/memory/classes/total:bytes") }
