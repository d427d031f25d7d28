package progress

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"sync"
	"time"

	"github.com/mc-checker/mc/checker"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/cwriter"
	"github.com/vbauerster/mpb/v8/decor"
)

// bars draws a run's progress with mpb: one bar per phase, the previous one completed when
// the phase changes. Reports only store their figures; mpb's goroutines draw them at each
// frame, so that the explorer never waits for the terminal but at a change of phase.
type bars struct {
	ctx  context.Context
	w    io.Writer
	unit string // what States counts: states, or runs for simulate

	mu       sync.Mutex // the phase; never taken by what mpb calls
	p        *mpb.Progress
	cur      *phaseBar
	runStart time.Time     // when the run began (the command, or the previous run's end)
	after    time.Duration // startAfter; tests draw at once
}

func newBars(ctx context.Context, w io.Writer, unit string) *bars {
	if ctx == nil {
		ctx = context.Background()
	}
	return &bars{ctx: ctx, w: w, unit: unit, runStart: time.Now(), after: startAfter}
}

func (b *bars) report(r checker.Progress) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cur == nil || r.Phase != b.cur.phase {
		now := time.Now()
		if b.cur != nil {
			b.cur.finish(now)
		}
		b.cur = &phaseBar{phase: r.Phase, unit: b.unit, start: now, base: r.States}
	}
	b.cur.set(r)
	if b.cur.bar == nil {
		b.show()
	}
}

// show gives the current phase its bar once the run has lasted b.after, and not after an
// interrupt, when mpb has stopped.
func (b *bars) show() {
	if time.Since(b.runStart) < b.after || b.ctx.Err() != nil {
		return
	}
	if b.p == nil {
		// Auto refresh: the caller decided that w is a terminal (mpb would draw nothing on
		// a writer that is not a file, as in tests).
		b.p = mpb.NewWithContext(b.ctx, mpb.WithOutput(sized(b.w)), mpb.WithAutoRefresh())
	}
	b.cur.attach(b.p)
}

// sized is w for mpb: a terminal that does not know its width (a pty that was never given
// one, as script(1) makes without a terminal around it) would get bars 0 columns wide, that
// is nothing; hidden behind a plain writer it gets mpb's 80 columns.
func sized(w io.Writer) io.Writer {
	if f, ok := w.(*os.File); ok {
		if width, _, err := cwriter.GetSize(int(f.Fd())); err != nil || width <= 0 {
			return struct{ io.Writer }{w}
		}
	}
	return w
}

// close completes the bars and waits for their last frame: a handful of refreshes, or none
// after an interrupt.
func (b *bars) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cur != nil {
		b.cur.finish(time.Now())
		b.cur = nil
	}
	if b.p != nil {
		b.p.Wait()
		b.p = nil
	}
	b.runStart = time.Now()
}

// phaseBar is one phase's bar and the figures it shows: its own, so that the bars of the
// phases before keep their last ones.
type phaseBar struct {
	phase string
	unit  string
	start time.Time // of its first report
	base  uint64    // the states of its first report: the rate is of the states since
	bar   *mpb.Bar  // nil until the run has lasted startAfter
	room  int       // the columns that the figures leave to the bar

	mu    sync.Mutex // what the decorators read; never held across a call into mpb
	last  checker.Progress
	end   time.Time // zero while the phase runs
	mem   uint64    // resident memory, read at most once a second
	memAt time.Time
}

func (pb *phaseBar) set(r checker.Progress) {
	pb.mu.Lock()
	pb.last = r
	pb.mu.Unlock()
}

// attach adds the phase's bar: a bar when the phase's size is known, else a spinner (a blank
// once the phase is over, as it is no longer running).
func (pb *phaseBar) attach(p *mpb.Progress) {
	pb.mu.Lock()
	known := pb.last.Total > 0
	pb.mu.Unlock()
	filler, width, done := mpb.SpinnerStyle().Build(), 1, mpb.BarFillerOnComplete(" ")
	pb.room = width + 2 // and the spaces either side
	if known {
		filler, width, done = pb.fill(mpb.BarStyle().Build()), 30, nil
		pb.room = 12 + 2 // the least bar worth drawing
	}
	bar, err := p.Add(0, filler, mpb.BarWidth(width), done,
		mpb.PrependDecorators(decor.Name(fmt.Sprintf("%-8s", pb.phase))),
		mpb.AppendDecorators(decor.Any(pb.text)))
	if err == nil { // else mpb has stopped (an interrupt): nothing more is drawn
		pb.bar = bar
	}
}

// finish freezes the phase's figures and completes its bar, which stays on screen.
func (pb *phaseBar) finish(now time.Time) {
	pb.mu.Lock()
	pb.end = now
	pb.mu.Unlock()
	if pb.bar != nil {
		pb.bar.SetTotal(-1, true) // the mpb bar counts nothing: its total is its count, 0
	}
}

// fill draws base from the phase's latest report: the mpb bar's own count is never set,
// which would make each report wait for mpb's goroutine.
func (pb *phaseBar) fill(base mpb.BarFiller) mpb.BarFiller {
	return mpb.BarFillerFunc(func(w io.Writer, st decor.Statistics) error {
		pb.mu.Lock()
		total := min(pb.last.Total, math.MaxInt64)
		st.Current, st.Total = int64(min(pb.last.States, total)), int64(total)
		pb.mu.Unlock()
		return base.Fill(w, st)
	})
}

// text is the figures right of the bar, made at each frame; the memory is read at most once a
// second. It is the resident memory, the figure whose peak the summary gives: the heap, shown
// before, counted a dense store's untouched pages and could pass the peak printed after it.
func (pb *phaseBar) text(st decor.Statistics) string {
	pb.mu.Lock()
	defer pb.mu.Unlock()
	now := pb.end
	if now.IsZero() {
		now = time.Now()
		if now.Sub(pb.memAt) >= time.Second {
			pb.mem, pb.memAt = checker.ResidentBytes(), now
		}
	}
	return fit(describe(pb.last, pb.base, pb.unit, now.Sub(pb.start), pb.mem), st.AvailableWidth-pb.room)
}

// fit joins the parts that fit in width, from the first: on a narrow terminal the last
// ones go, rather than the bar (mpb gives the figures the width first).
func fit(parts []string, width int) string {
	line := parts[0]
	for _, p := range parts[1:] {
		if len(line)+2+len(p) > width {
			break
		}
		line += "  " + p
	}
	return line
}

// describe writes a phase's figures, the most wanted first (fit drops the last ones), each
// in a fixed width (the bar takes the width left, and would jitter): the percentage when the
// phase's size is known, the counts, the rate since its first report (base states, took
// ago), the time left at that rate, the memory and the time. An exploration from every
// configuration starts with all its states: they are not counted in its rate.
func describe(r checker.Progress, base uint64, unit string, took time.Duration, mem uint64) []string {
	var parts []string
	rate := 0.0
	if took > 0 && r.States > base {
		rate = float64(r.States-base) / took.Seconds()
	}
	if r.Total > 0 {
		parts = append(parts, fmt.Sprintf("%3.0f%%", 100*float64(min(r.States, r.Total))/float64(r.Total)),
			fmt.Sprintf("%5s/%5s %s", short(float64(r.States)), short(float64(r.Total)), unit))
	} else {
		parts = append(parts, fmt.Sprintf("%5s %s", short(float64(r.States)), unit))
	}
	if r.Transitions > 0 {
		parts = append(parts, fmt.Sprintf("%5s transitions", short(float64(r.Transitions))))
	}
	if r.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %3d", r.Depth))
	}
	if rate > 0 {
		parts = append(parts, fmt.Sprintf("%5s %s/s", short(rate), unit))
		if r.Total > r.States {
			left := time.Duration(float64(r.Total-r.States) / rate * float64(time.Second))
			parts = append(parts, fmt.Sprintf("ETA %6s", left.Round(time.Second)))
		}
	}
	if mem > 0 {
		parts = append(parts, fmt.Sprintf("mem %9s", gib(mem)))
	}
	return append(parts, fmt.Sprintf("%6s", took.Round(time.Second)))
}

// short writes n in three digits and a unit (12.3k, 456M), to keep the line within a
// terminal's width.
func short(n float64) string {
	i := 0
	for ; n >= 999.5 && i < 4; i++ {
		n /= 1000
	}
	unit := []string{"", "k", "M", "G", "T"}[i]
	switch {
	case i == 0:
		return fmt.Sprintf("%.0f", n)
	case n < 9.995:
		return fmt.Sprintf("%.2f%s", n, unit)
	case n < 99.95:
		return fmt.Sprintf("%.1f%s", n, unit)
	}
	return fmt.Sprintf("%.0f%s", n, unit)
}

// gib writes bytes in GiB, or MiB below one GiB.
func gib(b uint64) string {
	if b < 1<<30 {
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
}
