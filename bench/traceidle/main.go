// Command traceidle reads a Go execution trace (mc ... --runtime-trace FILE, best with
// --cpuprofile too, whose samples the trace then holds) and says where a parallel run is
// serial: how long k goroutines ran at once, and the stacks of the CPU samples taken while at
// most one did, with what the others were blocked on meanwhile.
//
//	go run . [-depth 8] [-top 25] FILE
//
// A goroutine counts as running while the scheduler runs it or it is in a system call entered
// from running (the kernel works for it: an madvise, an munmap), except a call that lasts
// longer than -blocking (a goroutine parked in the kernel for the run, such as a reader of a
// pipe). It is a module of its own so that mc does not depend on golang.org/x/exp.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"golang.org/x/exp/trace"
)

func main() {
	depth := flag.Int("depth", 8, "frames of each stack")
	top := flag.Int("top", 25, "stacks printed")
	blocking := flag.Duration("blocking", time.Second, "a system call longer than this is not work")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: traceidle [-depth N] [-top N] [-blocking D] TRACE")
		os.Exit(2)
	}
	long, err := pass(flag.Arg(0), nil, *depth)
	if err == nil {
		var r *report
		r, err = pass(flag.Arg(0), long.longSyscalls(*blocking), *depth)
		if err == nil {
			r.print(os.Stdout, *top)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "traceidle:", err)
		os.Exit(1)
	}
}

// report is what one pass over a trace found.
type report struct {
	start, end trace.Time
	running    map[int]time.Duration        // time with k goroutines running
	samples    int                          // CPU samples in all
	serial     map[string]int               // samples taken with at most one running, by stack
	blockedOn  map[string]int               // at those samples, what the others waited on (not the runtime's own)
	longest    map[trace.GoID]time.Duration // each goroutine's longest system call
}

// longSyscalls are the goroutines with a system call longer than d.
func (r *report) longSyscalls(d time.Duration) map[trace.GoID]bool {
	out := map[trace.GoID]bool{}
	for g, t := range r.longest {
		if t > d {
			out[g] = true
		}
	}
	return out
}

// pass reads the trace; goroutines in ignore never count as running.
func pass(path string, ignore map[trace.GoID]bool, depth int) (*report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd, err := trace.NewReader(f)
	if err != nil {
		return nil, err
	}
	r := &report{running: map[int]time.Duration{}, serial: map[string]int{}, blockedOn: map[string]int{},
		longest: map[trace.GoID]time.Duration{}}
	s := &scan{r: r, ignore: ignore, depth: depth, running: map[trace.GoID]bool{},
		blocked: map[trace.GoID]string{}, syscallFrom: map[trace.GoID]trace.Time{}}
	for {
		ev, err := rd.ReadEvent()
		if err == io.EOF {
			return r, nil
		}
		if err != nil {
			return nil, err
		}
		s.event(ev)
	}
}

// scan is the state of a pass between events.
type scan struct {
	r           *report
	ignore      map[trace.GoID]bool
	depth       int
	n           int // goroutines running now
	last        trace.Time
	running     map[trace.GoID]bool
	blocked     map[trace.GoID]string // where each waiting goroutine blocked
	syscallFrom map[trace.GoID]trace.Time
}

func (s *scan) event(ev trace.Event) {
	t := ev.Time()
	if s.r.start == 0 {
		s.r.start = t
	}
	if s.last != 0 {
		s.r.running[s.n] += time.Duration(t - s.last)
	}
	s.last, s.r.end = t, t
	switch ev.Kind() {
	case trace.EventStateTransition:
		s.transition(ev, t)
	case trace.EventStackSample:
		s.r.samples++
		if s.n <= 1 {
			s.r.serial[frames(ev.Stack(), s.depth)]++
			for g, at := range s.blocked {
				if !s.running[g] && !runtimeOnly(at) {
					s.r.blockedOn[at]++
				}
			}
		}
	}
}

func (s *scan) transition(ev trace.Event, t trace.Time) {
	st := ev.StateTransition()
	if st.Resource.Kind != trace.ResourceGoroutine {
		return
	}
	g := st.Resource.Goroutine()
	from, to := st.Goroutine()
	if from == trace.GoSyscall {
		if d := time.Duration(t - s.syscallFrom[g]); s.syscallFrom[g] != 0 && d > s.r.longest[g] {
			s.r.longest[g] = d
		}
		delete(s.syscallFrom, g)
	}
	switch to {
	case trace.GoSyscall:
		s.syscallFrom[g] = t
	case trace.GoWaiting:
		if from == trace.GoRunning {
			s.blocked[g] = frames(ev.Stack(), 4)
		}
	default:
		delete(s.blocked, g)
	}
	now := !s.ignore[g] && (to == trace.GoRunning || to == trace.GoSyscall && from == trace.GoRunning)
	if now != s.running[g] {
		s.running[g] = now
		if now {
			s.n++
		} else {
			s.n--
		}
	}
}

// frames is a stack's innermost depth functions, without their packages' paths.
func frames(st trace.Stack, depth int) string {
	var fr []string
	for f := range st.Frames() {
		fn := f.Func
		if i := strings.LastIndex(fn, "/"); i >= 0 {
			fn = fn[i+1:]
		}
		if fr = append(fr, fn); len(fr) == depth {
			break
		}
	}
	return strings.Join(fr, " < ")
}

func (r *report) print(w io.Writer, top int) {
	fmt.Fprintf(w, "%.2f s traced\n", time.Duration(r.end-r.start).Seconds())
	var ks []int
	for k := range r.running {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	for _, k := range ks {
		fmt.Fprintf(w, "  %d goroutines running: %6.2f s\n", k, r.running[k].Seconds())
	}
	n := 0
	for _, c := range r.serial {
		n += c
	}
	fmt.Fprintf(w, "%d CPU samples, %d taken while at most one goroutine ran:\n", r.samples, n)
	printCounts(w, r.serial, top)
	fmt.Fprintln(w, "meanwhile the others waited on (samples):")
	printCounts(w, r.blockedOn, top)
}

func printCounts(w io.Writer, counts map[string]int, top int) {
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if counts[keys[i]] != counts[keys[j]] {
			return counts[keys[i]] > counts[keys[j]]
		}
		return keys[i] < keys[j]
	})
	for i, k := range keys {
		if i == top {
			break
		}
		fmt.Fprintf(w, "  %6d  %s\n", counts[k], k)
	}
}

// runtimeOnly is a stack of the runtime's own goroutines (the collector's idle workers, the
// sweeper, the tracer's), which wait whatever the run does.
func runtimeOnly(stack string) bool {
	for _, f := range strings.Split(stack, " < ") {
		if !strings.HasPrefix(f, "runtime.") && !strings.HasPrefix(f, "trace.") {
			return false
		}
	}
	return true
}
