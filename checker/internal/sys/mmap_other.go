//go:build !linux

package sys

import (
	"os"
)

// CanMap reports whether files can be mapped into memory here.
const CanMap = false

// Map is unsupported here.
func Map(*os.File, int64, int, bool) ([]byte, error) { return nil, ErrUnsupported }

// Unmap is unsupported here.
func Unmap([]byte) error { return ErrUnsupported }

// DropPages is unsupported here.
func DropPages([]byte) error { return ErrUnsupported }

// Reserve is unsupported here.
func Reserve(*os.File, int64, int64) error { return ErrUnsupported }

func allocAnon(int) []byte { return nil }

func freeAnon([]byte) error { return ErrUnsupported }

func populate([]byte) {}
