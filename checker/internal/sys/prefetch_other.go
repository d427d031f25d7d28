//go:build !amd64 && !arm64

package sys

func prefetch([]uintptr) {}
