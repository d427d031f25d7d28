// Package plural writes counts for people: "1 step", "3 steps", "1 process", "1,306,800".
// The checker's details and the command line's output use it, so that no line says "1
// steps" or "fault(s)"; JSON keeps its numbers and does not need it.
package plural

import (
	"fmt"
	"strconv"
	"strings"
)

// Integer is any integer type a count comes in.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Count writes n and the noun, singular for exactly one: Count(1, "step") is "1 step",
// Count(0, "step") "0 steps".
func Count[N Integer](n N, singular string) string {
	return fmt.Sprint(n) + " " + Noun(n, singular)
}

// Noun is the singular noun for exactly one, its plural otherwise, for a count written
// separately (with thousands separators, say).
func Noun[N Integer](n N, singular string) string {
	if n == 1 {
		return singular
	}
	return Of(singular)
}

// Of is a noun's regular English plural: "steps", "processes", "batches". The nouns mc
// counts are all regular.
func Of(singular string) string {
	for _, end := range []string{"s", "x", "z", "ch", "sh"} {
		if strings.HasSuffix(singular, end) {
			return singular + "es"
		}
	}
	return singular + "s"
}

// Thousands writes n with thousands separators: "1,306,800", for a count too long to read
// at a glance.
func Thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
