package plural

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Count(0, "step"), "0 steps"},
		{Count(1, "step"), "1 step"},
		{Count(2, "step"), "2 steps"},
		{Count(uint64(1), "configuration"), "1 configuration"},
		{Count(uint64(1<<63), "state"), "9223372036854775808 states"},
		{Count(int32(-1), "tick"), "-1 ticks"},
		{Count(1, "process"), "1 process"},
		{Count(3, "process"), "3 processes"},
		{Noun(uint32(1), "fault"), "fault"},
		{Noun(7, "fault"), "faults"},
		{Of("batch"), "batches"},
		{Thousands(0), "0"},
		{Thousands(999), "999"},
		{Thousands(1306800), "1,306,800"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
