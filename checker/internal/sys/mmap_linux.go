package sys

import (
	"os"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// CanMap reports whether files can be mapped into memory here.
const CanMap = true

// Map maps size bytes of f from off, shared: what is written is the file's content.
func Map(f *os.File, off int64, size int, writable bool) ([]byte, error) {
	prot := syscall.PROT_READ
	if writable {
		prot |= syscall.PROT_WRITE
	}
	return syscall.Mmap(int(f.Fd()), off, size, prot, syscall.MAP_SHARED)
}

// Unmap undoes Map.
func Unmap(b []byte) error { return syscall.Munmap(b) }

// DropPages drops the mapped pages of b from the process's memory; the kernel's page cache
// keeps them, and the next access maps them again.
func DropPages(b []byte) error { return syscall.Madvise(b, syscall.MADV_DONTNEED) }

// Reserve allocates the blocks of f from off for n bytes, so that a full disk is an error now
// rather than a SIGBUS when a mapped page is first written. A signal can interrupt a large
// allocation (on tmpfs), so it retries.
func Reserve(f *os.File, off, n int64) error {
	for {
		switch err := syscall.Fallocate(int(f.Fd()), 0, off, n); err {
		case syscall.EINTR:
		case syscall.EOPNOTSUPP:
			return ErrNoReserve
		default:
			return err
		}
	}
}

// hugePage is the size of a transparent huge page on x86-64 and arm64 (4 KiB pages).
const hugePage = 2 << 20

// allocAnon maps n bytes of anonymous memory. A mapping of a huge page or more starts on a
// huge page and asks for huge pages (MADV_HUGEPAGE, which a system whose transparent huge pages
// are "madvise" needs): a visited set's tables are written at random, and with 4 KiB pages
// every first write of a page is a fault, which workers faulting at once serialize in the
// kernel (Dijkstra n=8 --hashed spent twice the system time on 2 workers as on 1), and every
// lookup a TLB miss. The mapping is raw (not syscall.Mmap, whose Munmap wants the slice it
// made) so that the unaligned ends of the larger mapping can be unmapped.
func allocAnon(n int) []byte {
	if n <= 0 {
		return nil
	}
	size := uintptr(n)
	if n >= hugePage {
		size += hugePage
	}
	p, err := unix.MmapPtr(-1, 0, nil, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	if n >= hugePage {
		head := (hugePage - uintptr(p)%hugePage) % hugePage
		if head > 0 {
			_ = unix.MunmapPtr(p, head)
		}
		if tail := size - head - uintptr(n); tail > 0 {
			_ = unix.MunmapPtr(unsafe.Add(p, head+uintptr(n)), tail)
		}
		p = unsafe.Add(p, head)
	}
	b := unsafe.Slice((*byte)(p), n)
	if n >= hugePage {
		_ = unix.Madvise(b, unix.MADV_HUGEPAGE) // a hint: without it the pages are 4 KiB
	}
	return b
}

func freeAnon(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	return unix.MunmapPtr(unsafe.Pointer(&b[0]), uintptr(len(b)))
}

// populate makes b's pages present and writable now (MADV_POPULATE_WRITE, Linux 5.14; else a
// write to each page). A table read before it is written maps the shared zero page first,
// and the write that follows is a copy-on-write fault whose TLB flush interrupts every other
// thread of the process: on Arvy n=5 with 2 workers, 3% of the CPU went to those flushes as
// the visited set's tables were resized.
func populate(b []byte) {
	if len(b) == 0 || unix.Madvise(b, unix.MADV_POPULATE_WRITE) == nil {
		return
	}
	for i := 0; i < len(b); i += 4096 {
		b[i] = 0
	}
}
