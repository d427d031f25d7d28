// Package testtier says which tier of the test suite is running. The suite has three:
//
//   - go test -short ./...: the small instances of every check, daemon, store, engine,
//     reduction and model; the loop to run while changing the code (≤ 60 CPU-seconds);
//   - go test ./...: the default, README's test command (≤ 240 CPU-seconds, no package over
//     90), which adds the medium instances;
//   - MC_LONG=1 go test ./...: the long tier, which adds the heavy verifications (rings of 7
//     and 8, the docs' long commands, large rounds and LE(k) runs, fuzz corpora beyond their
//     seeds). CI (.ci/run) runs it after the default tier.
//
// The tier is read from the environment when a test asks, not when the package starts, so
// that go test's cache keys on it: a cached default run does not stand for a long one.
package testtier

import (
	"os"
	"testing"
)

// Long reports whether the long tier runs (MC_LONG set and not "0").
func Long() bool {
	v := os.Getenv("MC_LONG")
	return v != "" && v != "0"
}

// Only skips t outside the long tier; why says what makes it long (a size, a time).
func Only(t testing.TB, why string) {
	t.Helper()
	if !Long() {
		t.Skipf("long tier (MC_LONG=1): %s", why)
	}
}
