package model_test

import (
	"fmt"
	"testing"

	"github.com/mc-checker/mc/checker/model"
)

// Two moves are independent when neither writes what the other reads or writes: reading the
// same variable is no conflict, and a footprint is sorted and without repeats whatever order
// it is given in.
func TestFootprintIndependent(t *testing.T) {
	f := model.NewFootprint([]int{3, 1, 1}, []int{1})
	if fmt.Sprint(f) != "{[1 3] [1]}" {
		t.Fatalf("footprint %v, want reads [1 3], writes [1]", f)
	}
	for _, c := range []struct {
		g    model.Footprint
		want bool
	}{
		{model.NewFootprint([]int{3, 5}, []int{5}), true},  // both read 3
		{model.NewFootprint([]int{1, 5}, []int{5}), false}, // g reads what f writes
		{model.NewFootprint([]int{5}, []int{3}), false},    // g writes what f reads
		{model.NewFootprint([]int{5}, []int{1}), false},    // both write 1
		{model.NewFootprint(nil, nil), true},
	} {
		if got := f.Independent(c.g); got != c.want || c.g.Independent(f) != got {
			t.Errorf("%v and %v independent: %v, want %v both ways", f, c.g, got, c.want)
		}
	}
}
