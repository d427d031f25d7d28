package checker

import "testing"

func TestChannel(t *testing.T) {
	c, err := NewChannel([]string{"find", "obs"}, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Sequences of at most 2 messages of 2 kinds, ages non-increasing towards the tail:
	// 1 empty + 4 single + 16 pairs minus the 4 whose tail is older than the head.
	if got := len(c.Domain().Names); got != 1+4+12 {
		t.Fatalf("%d contents, want 17", got)
	}
	v := byte(0) // empty
	if _, ok := c.Head(v); ok {
		t.Fatal("head of an empty channel")
	}
	v, _ = c.Push(v, 1) // obs@0
	if _, ok := c.Head(v); ok {
		t.Fatal("a message of age 0 is receivable")
	}
	v, ok := c.Tick(v) // obs@1
	if !ok || c.Domain().Name(v) != "obs@1" {
		t.Fatalf("tick: %v %s", ok, c.Domain().Name(v))
	}
	if _, ok := c.Tick(v); ok || !c.Due(v) || c.Age(v) != v {
		t.Fatal("an overdue message was aged")
	}
	v, _ = c.Push(v, 0) // obs@1 find@0
	if _, ok := c.Push(v, 0); ok {
		t.Fatal("pushed into a full channel")
	}
	if k, ok := c.Head(v); !ok || k != 1 || c.Count(v, 0) != 1 || c.Len(v) != 2 {
		t.Fatalf("head %d %v", k, ok)
	}
	v = c.Pop(v)
	if c.Domain().Name(v) != "find@0" {
		t.Fatalf("after pop: %s", c.Domain().Name(v))
	}
	if _, err := NewChannel([]string{"a", "b", "c", "d", "e"}, 4, 1); err == nil {
		t.Fatal("a channel of more than 256 contents accepted")
	}
	untimed, _ := NewChannel([]string{"find"}, 3, 0)
	w, _ := untimed.Push(0, 0)
	if k, ok := untimed.Head(w); !ok || k != 0 || len(untimed.Domain().Names) != 4 {
		t.Fatal("untimed channel")
	}
}
