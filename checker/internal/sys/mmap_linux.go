package sys

import (
	"os"
	"syscall"
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

func allocAnon(n int) []byte {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	return b
}

func freeAnon(b []byte) error { return syscall.Munmap(b) }
