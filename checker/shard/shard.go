package shard

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Shard is piece Index of Count, numbered from 0.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Parse reads "I/N" with 0 ≤ I < N.
func Parse(text string) (Shard, error) {
	i, n, ok := strings.Cut(text, "/")
	index, err1 := strconv.Atoi(strings.TrimSpace(i))
	count, err2 := strconv.Atoi(strings.TrimSpace(n))
	s := Shard{index, count}
	if !ok || err1 != nil || err2 != nil {
		return s, fmt.Errorf("--shard %q: want I/N, the shard I (from 0) of N", text)
	}
	return s, s.Valid()
}

// Valid says why s is no shard (0 ≤ Index < Count), or nil.
func (s Shard) Valid() error {
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("shard %d of %d: want 0 ≤ I < N", s.Index, s.Count)
	}
	return nil
}

// Range is the part of total items (runs, trees, configurations' ranks) the shard takes: the
// items from first to first+n-1. The ranges of 0/N … N-1/N cover 0..total-1 once, in order,
// their sizes differing by at most one.
func (s Shard) Range(total int) (first, n int) {
	f, m := s.Ranks(uint64(total))
	return int(f), int(m)
}

// Ranks is Range over as many items as a universe of configurations may number (up to
// 2^64 − 1): the products are taken in 128 bits, so that no shard's bound overflows.
func (s Shard) Ranks(total uint64) (first, n uint64) {
	at := func(i int) uint64 {
		hi, lo := bits.Mul64(uint64(i), total)
		q, _ := bits.Div64(hi, lo, uint64(s.Count)) // hi < Count, since i ≤ Count
		return q
	}
	first = at(s.Index)
	return first, at(s.Index+1) - first
}

// FromEnv finds the shard from the scheduler's variables, read with getenv: a Slurm job
// array's SLURM_ARRAY_TASK_ID, counted from SLURM_ARRAY_TASK_MIN, of the tasks MIN..MAX (or
// SLURM_ARRAY_TASK_COUNT of them); or a Kubernetes Indexed Job's JOB_COMPLETION_INDEX, of
// count shards (mc's --shards, or MC_SHARDS, since the Job does not tell its pods its
// completions). ok is false when neither scheduler runs this process.
func FromEnv(getenv func(string) string, count int) (s Shard, ok bool, err error) {
	num := func(name string) (int, error) {
		v, err := strconv.Atoi(strings.TrimSpace(getenv(name)))
		if err != nil {
			return 0, fmt.Errorf("%s=%q is not a number", name, getenv(name))
		}
		return v, nil
	}
	switch {
	case getenv("SLURM_ARRAY_TASK_ID") != "":
		return slurm(getenv, num)
	case getenv("JOB_COMPLETION_INDEX") != "":
		index, err := num("JOB_COMPLETION_INDEX")
		if err != nil {
			return s, true, err
		}
		if count == 0 && getenv("MC_SHARDS") != "" {
			if count, err = num("MC_SHARDS"); err != nil {
				return s, true, err
			}
		}
		if count == 0 {
			return s, true, fmt.Errorf("JOB_COMPLETION_INDEX=%d: give the Job's completions as --shards N (or MC_SHARDS)", index)
		}
		s = Shard{index, count}
		return s, true, s.Valid()
	}
	return s, false, nil
}

// slurm is the shard of a Slurm array task.
func slurm(getenv func(string) string, num func(string) (int, error)) (Shard, bool, error) {
	id, err := num("SLURM_ARRAY_TASK_ID")
	if err != nil {
		return Shard{}, true, err
	}
	lo, err := num("SLURM_ARRAY_TASK_MIN")
	if err != nil {
		return Shard{}, true, err
	}
	step := 1 // --array=0-30:2 numbers its tasks 0, 2, … 30
	if getenv("SLURM_ARRAY_TASK_STEP") != "" {
		if step, err = num("SLURM_ARRAY_TASK_STEP"); err != nil || step < 1 {
			return Shard{}, true, fmt.Errorf("SLURM_ARRAY_TASK_STEP=%q is not a positive step", getenv("SLURM_ARRAY_TASK_STEP"))
		}
	}
	var count int
	if getenv("SLURM_ARRAY_TASK_MAX") != "" {
		hi, err := num("SLURM_ARRAY_TASK_MAX")
		if err != nil {
			return Shard{}, true, err
		}
		count = (hi-lo)/step + 1
		// An array given as a list (--array=1,5,7) has a COUNT that is not its range's: its
		// indices are not the shards 0..N-1.
		if getenv("SLURM_ARRAY_TASK_COUNT") != "" {
			if c, err := num("SLURM_ARRAY_TASK_COUNT"); err != nil || c != count {
				return Shard{}, true, fmt.Errorf("the Slurm array is not a range MIN-MAX:STEP (SLURM_ARRAY_TASK_COUNT=%s): give --shard I/N", getenv("SLURM_ARRAY_TASK_COUNT"))
			}
		}
	} else if count, err = num("SLURM_ARRAY_TASK_COUNT"); err != nil {
		return Shard{}, true, err
	}
	if (id-lo)%step != 0 {
		return Shard{}, true, fmt.Errorf("SLURM_ARRAY_TASK_ID=%d is not MIN + k·STEP: give --shard I/N", id)
	}
	s := Shard{(id - lo) / step, count}
	return s, true, s.Valid()
}
