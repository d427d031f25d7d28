package channel

import "testing"

func TestChannel(t *testing.T) {
	c, err := New([]string{"find", "obs"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(c.Domain().Names); got != 1+2+4 {
		t.Fatalf("%d contents, want 7", got)
	}
	v, _ := c.Push(0, 1)
	v, _ = c.Push(v, 0)
	if _, ok := c.Push(v, 0); ok || c.Domain().Name(v) != "obs,find" || c.Len(v) != 2 {
		t.Fatalf("%s", c.Domain().Name(v))
	}
	if k, ok := c.Head(v); !ok || k != 1 || c.Domain().Name(c.Pop(v)) != "find" {
		t.Fatal("head or pop")
	}
	if _, err := New([]string{"a", "b", "c", "d"}, 4); err == nil {
		t.Fatal("a channel of more than 256 contents accepted")
	}
}

// A limit keeps the contents with at most Max messages of its kinds together: 3 kinds, 5
// messages, at most 3 of kinds 1 and 2 number Σ_L Σ_{j≤3} C(L, j)·2^j = 236 contents (364
// without the limit, past a variable). A push past the limit fails as a push into a full
// channel does, and so does a concatenation (a timed channel's aging) past it.
func TestLimit(t *testing.T) {
	if _, err := New([]string{"find", "a", "b"}, 5); err == nil {
		t.Fatal("364 contents accepted")
	}
	c, err := New([]string{"find", "a", "b"}, 5, Limit{Kinds: []int{1, 2}, Max: 3})
	if err != nil || len(c.Domain().Names) != 236 {
		t.Fatalf("%v, %d contents", err, len(c.Domain().Names))
	}
	v := byte(0)
	for _, k := range []int{1, 0, 2, 1} {
		v, _ = c.Push(v, k)
	}
	if _, ok := c.Push(v, 2); ok || c.Domain().Name(v) != "a,find,b,a" {
		t.Fatalf("a fourth message of the limited kinds pushed onto %s", c.Domain().Name(v))
	}
	if w, ok := c.Push(v, 0); !ok || c.Domain().Name(w) != "a,find,b,a,find" {
		t.Fatal("a find refused")
	}
	one, _ := c.Push(0, 2)
	if c.concat[v][one] >= 0 || c.concat[v][0] != int16(v) {
		t.Fatal("a concatenation past the limit")
	}
}

// A timed channel ages its messages one segment per tick; a message is receivable from age 1
// and due at the delay bound; time cannot pass beyond it, the message stays due.
func TestTimedChannel(t *testing.T) {
	c, err := NewTimed([]string{"find", "obs"}, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	w, next := make([]byte, 2), make([]byte, 2)
	c.Push(w, 1) // obs@0
	if _, ok := c.Head(w); ok || c.Due(w) {
		t.Fatal("a message of age 0 is receivable")
	}
	c.Tick(w, next) // obs@1
	copy(w, next)
	c.Push(w, 0) // obs@1, find@0
	if k, ok := c.Head(w); !ok || k != 1 || !c.Due(w) || c.Len(w) != 2 {
		t.Fatal("obs@1 is the receivable head")
	}
	if got := c.Kinds(w, nil); len(got) != 2 || got[0] != 1 || got[1] != 0 {
		t.Fatalf("kinds %v", got)
	}
	c.Tick(w, next) // obs@1 (stays), find@1
	copy(w, next)
	c.Pop(w, next)
	copy(w, next)
	if k, ok := c.Head(w); !ok || k != 0 || c.Len(w) != 1 {
		t.Fatal("find@1 is next")
	}
}

// A bag holds each multiset of at most its capacity once (C(K+C, C) contents), delivers any
// message in transit, and is full at its capacity.
func TestBag(t *testing.T) {
	b, err := NewBag([]string{"find", "obs"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(b.Domain().Names); got != 6 { // C(4, 2): -, find, obs, 2 find, find+obs, 2 obs
		t.Fatalf("%d contents, want 6", got)
	}
	v, _ := b.Push(0, 1)
	v, _ = b.Push(v, 0)
	w, _ := b.Push(0, 0)
	w, _ = b.Push(w, 1)
	if v != w || b.Domain().Name(v) != "find,obs" || b.Len(v) != 2 || b.Count(v, 1) != 1 {
		t.Fatalf("obs then find is %s, find then obs %s", b.Domain().Name(v), b.Domain().Name(w))
	}
	if _, ok := b.Push(v, 0); ok {
		t.Fatal("a push beyond the capacity")
	}
	if u, ok := b.Take(v, 1); !ok || b.Domain().Name(u) != "find" {
		t.Fatal("obs, not at the head, cannot be taken")
	}
	if _, ok := b.Take(0, 0); ok {
		t.Fatal("a message taken from an empty bag")
	}
	six := []string{"a", "b", "c", "d", "e", "f"}
	if b, err := NewBag(six, 4); err != nil || len(b.Domain().Names) != 210 { // C(10, 4)
		t.Fatal("six kinds, four messages: 210 contents", err)
	}
	if _, err := NewBag(six, 5); err == nil { // C(11, 5) = 462
		t.Fatal("a bag of 462 contents accepted")
	}
}
