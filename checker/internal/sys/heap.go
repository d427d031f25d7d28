package sys

import (
	"runtime/debug"
	"runtime/metrics"
)

// HeapOver reports whether the heap and the anonymous memory are past budget: the heap's live
// part, as the last collection found it, or, when the collector's memory limit does not hold
// garbage under the budget (the command line sets it from --mem), all of it.
func HeapOver(budget uint64) bool {
	if readMetric("/gc/heap/live:bytes")+AnonBytes() > budget {
		return true
	}
	return uint64(debug.SetMemoryLimit(-1)) > budget && InUse() > budget
}

// HeapAlloc is the bytes of live and not yet collected heap objects, read without stopping
// the world.
func HeapAlloc() uint64 { return readMetric("/memory/classes/heap/objects:bytes") }

func readMetric(name string) uint64 {
	sample := []metrics.Sample{{Name: name}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}
