//go:build amd64 || arm64

package sys

// prefetch issues one prefetch per address; addrs is not empty.
//
//go:noescape
func prefetch(addrs []uintptr)
