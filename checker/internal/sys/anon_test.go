package sys

import (
	"testing"
	"time"
	"unsafe"
)

// Anonymous memory of a huge page or more starts on a huge page (where the system maps
// memory), is zero and writable to its last byte, and goes back whole; smaller is as asked.
// Populated (its pages present from the start) it is the same, and counted the same.
func TestAllocAnon(t *testing.T) {
	for i, n := range []int{4096, 3 << 20, 2<<20 + 12345, 5000, 3 << 20} {
		before, alloc := AnonBytes(), AllocAnon
		if i >= 3 {
			alloc = AllocAnonPopulated
		}
		b := alloc(n)
		if b == nil {
			t.Skip("no anonymous memory on this system")
		}
		if len(b) != n {
			t.Fatalf("%d bytes, asked %d", len(b), n)
		}
		if n >= 2<<20 && CanMap && uintptr(unsafe.Pointer(&b[0]))%(2<<20) != 0 {
			t.Errorf("%d bytes at %p: not on a huge page", n, &b[0])
		}
		if b[0] != 0 || b[n-1] != 0 {
			t.Fatalf("not zero")
		}
		if AnonBytes() != before+uint64(n) {
			t.Errorf("%d bytes counted, %d allocated", AnonBytes()-before, n)
		}
		b[0], b[n-1] = 1, 2
		FreeAnon(b)
		if AnonBytes() != before {
			t.Errorf("%d bytes still counted after FreeAnon", AnonBytes()-before)
		}
	}
}

// FreeAnonLater gives the memory back, in the background: counted until then, not after.
func TestFreeAnonLater(t *testing.T) {
	before := AnonBytes()
	a, b := AllocAnon(3<<20), AllocAnon(5000)
	if a == nil || b == nil {
		t.Skip("no anonymous memory on this system")
	}
	if AnonBytes() != before+3<<20+5000 {
		t.Fatalf("%d bytes counted, %d allocated", AnonBytes()-before, 3<<20+5000)
	}
	FreeAnonLater(a, nil, b) // nil is skipped, as FreeAnon skips it
	deadline := time.Now().Add(10 * time.Second)
	for AnonBytes() != before {
		if time.Now().After(deadline) {
			t.Fatalf("%d bytes still counted 10 s after FreeAnonLater", AnonBytes()-before)
		}
		time.Sleep(time.Millisecond)
	}
}
