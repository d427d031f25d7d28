package sys

import (
	"testing"
	"unsafe"
)

// A prefetch is a hint: it must accept any address, valid or not, and change no memory.
func TestPrefetchAnyAddress(t *testing.T) {
	data := make([]uint64, 1024)
	for i := range data {
		data[i] = uint64(i)
	}
	addrs := []uintptr{0, 1, ^uintptr(0) &^ 63}
	for i := 0; i < len(data); i += 8 {
		addrs = append(addrs, uintptr(unsafe.Pointer(&data[i])))
	}
	Prefetch(nil)
	Prefetch(addrs)
	for i, v := range data {
		if v != uint64(i) {
			t.Fatalf("data[%d] = %d after Prefetch", i, v)
		}
	}
}
