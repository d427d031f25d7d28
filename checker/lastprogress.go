package checker

import "sync"

// lastProgress keeps the furthest report of the phase running now, so that an interrupted
// run can say how far it got (Stats.StoppedAt) rather than the size of what it had set out
// to do. Reports come from several workers, out of order: within a phase the largest count
// is the truth.
type lastProgress struct {
	mu   sync.Mutex
	last Progress
	seen bool
}

// wrap returns a progress function that records each report and passes it on to next (which
// may be nil).
func (l *lastProgress) wrap(next func(Progress)) func(Progress) {
	return func(p Progress) {
		l.mu.Lock()
		if !l.seen || p.Phase != l.last.Phase || p.States >= l.last.States {
			l.last, l.seen = p, true
		}
		l.mu.Unlock()
		if next != nil {
			next(p)
		}
	}
}

// get is the last report, if there was one.
func (l *lastProgress) get() (Progress, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last, l.seen
}
