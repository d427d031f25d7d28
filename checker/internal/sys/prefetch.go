package sys

// Prefetch asks the processor to bring the cache line of each address into its caches, without
// waiting for any: a batch of lookups in a table far larger than the caches then takes its
// misses together. It is only a hint, on amd64 and arm64; elsewhere it does nothing. An
// address need not be valid: a prefetch never faults. The addresses are not kept.
//
// A load serves the same purpose in plain Go, but a load that misses holds its instruction in
// the reorder window until the line arrives, so only as many misses overlap as the window
// holds iterations of the loop; a prefetch retires at once (PERFORMANCE.md, issue 14).
func Prefetch(addrs []uintptr) {
	if len(addrs) > 0 {
		prefetch(addrs)
	}
}
