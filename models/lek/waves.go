package lek

// Actions 12–23: denials, rumors, null counters, probes and reports, each a wave moving by
// forward copy and rear deletion.

// 12(a) Advance Denial, leftward: from the right neighbour's left denial.
func advanceLeftDenial(r *Ring, v *view) {
	if v.r.lDeny == none {
		return
	}
	if i := v.r.lDeny + 1; i >= -3*r.k+1 && i <= 3*r.k && (v.me.lDeny == none || v.me.lDeny < i) {
		v.me.lDeny = i
	}
}

// 12(b) Advance Denial, rightward (the text's "3k ≤ i ≤ 3k−1" read as −3k ≤ i ≤ 3k−1).
func advanceRightDenial(r *Ring, v *view) {
	if v.l.rDeny == none {
		return
	}
	if i := v.l.rDeny - 1; i >= -3*r.k && i <= 3*r.k-1 && (v.me.rDeny == none || v.me.rDeny < i) {
		v.me.rDeny = i
	}
}

// 13 Delete Trailing Denial.
func deleteTrailingDenial(r *Ring, v *view) {
	end := r.r.Mutant != DenialStays
	if i := v.me.lDeny; i != none && (end && i == 3*r.k || v.l.lDeny == i+1) && v.r.lDeny != i-1 {
		v.me.lDeny = none
	}
	if i := v.me.rDeny; i != none && (end && i == -3*r.k || v.r.rDeny == i-1) && v.l.rDeny != i+1 {
		v.me.rDeny = none
	}
}

// 14 Spread Rumor: the larger of the neighbours' rumors, seen from the process.
func spreadRumor(r *Ring, v *view) {
	best := val(none)
	for _, i := range [...]val{plus(v.r.rumor, 1), plus(v.l.rumor, -1)} {
		if i != none && i >= -3*r.k && i <= 3*r.k && (v.me.rumor == none || v.me.rumor < i) &&
			v.me.lDeny != i && v.me.rDeny != i {
			best = max(best, i)
		}
	}
	if best != none {
		v.me.rumor = best
	}
}

// plus is a+d, ⊥ staying ⊥.
func plus(a, d val) val {
	if a == none {
		return none
	}
	return a + d
}

// 15 Delete Rumor.
func deleteRumor(_ *Ring, v *view) {
	if me := &v.me; me.rumor != none && (me.lDeny == me.rumor || me.rDeny == me.rumor) {
		me.rumor = none
	}
}

func hasToken(x *proc) bool {
	return x.q[trackI].ok || x.q[trackII].ok || x.q[trackIII].ok ||
		x.lProbe != none || x.rProbe != none || x.lReport != none || x.rReport != none
}

// 16 Update Null Counters.
func updateNullCounters(r *Ring, v *view) {
	if hasToken(&v.me) {
		v.me.lNull, v.me.rNull = 0, 0
		return
	}
	v.me.lNull, v.me.rNull = min(v.l.lNull+1, 6*r.k+2), min(v.r.rNull+1, 6*r.k+2)
}

// 17 Initiate Probe.
func initiateProbe(r *Ring, v *view) {
	me := &v.me
	if me.status == queryL && me.lNull == 6*r.k+2 {
		me.lProbe, me.lNull = 0, 0
	}
	if me.status == queryR && me.rNull == 6*r.k+2 {
		me.rProbe, me.rNull = 0, 0
	}
}

func homes(x *proc, h val) bool {
	for _, q := range x.q {
		if q.ok && q.home == h {
			return true
		}
	}
	return false
}

// 18 Advance Probe: a probe of a farther home overwrites the one ahead of it ((a) read as
// p.L_probe < p⁺.L_probe + 1, like (b)); it does not move onto a query of its home.
func advanceProbe(r *Ring, v *view) {
	me := &v.me
	if w := v.r.lProbe; w != none && w <= 6*r.k {
		if i := w + 1; (me.lProbe == none || me.lProbe < i) && !homes(me, i) {
			me.lProbe = i
		}
	}
	if w := v.l.rProbe; w != none && w >= -6*r.k {
		if i := w - 1; (me.rProbe == none || i > me.rProbe) && !homes(me, i) {
			me.rProbe = i
		}
	}
}

// noTrail is the trailing-copy condition of Delete Probe and Delete Report (a, b): the
// trailing neighbour's variable ⊥ as printed, or only not the trailing copy (Readings.Trail).
func (r *Ring) noTrail(behind, trailing val) bool {
	if r.r.Trail == 0 {
		return behind == none
	}
	return behind != trailing
}

// 19 Delete Probe.
func deleteProbe(r *Ring, v *view) {
	me := &v.me
	if i := me.lProbe; i != none {
		if r.noTrail(v.r.lProbe, i-1) && v.l.lProbe == i+1 || // (a)
			homes(v.l, i+1) && v.r.lProbe != i-1 || // (c)
			i == 6*r.k+1 && me.lReport == 6*r.k+1 && (r.r.ProbeEnd == 0 || v.r.lProbe != i-1) { // (e)
			me.lProbe = none
		}
	}
	if i := me.rProbe; i != none {
		if r.noTrail(v.l.rProbe, i+1) && v.r.rProbe == i-1 || // (b)
			homes(v.r, i-1) && v.l.rProbe != i+1 || // (d)
			i == -6*r.k-1 && me.rReport == -6*r.k-1 && (r.r.ProbeEnd == 0 || v.l.rProbe != i+1) { // (f)
			me.rProbe = none
		}
	}
}

// 20 Initiate Report.
func initiateReport(r *Ring, v *view) {
	me := &v.me
	if me.lProbe == 6*r.k+1 && me.lReport == none {
		me.lReport = 6*r.k + 1
	}
	if me.rProbe == -6*r.k-1 && me.rReport == none {
		me.rReport = -6*r.k - 1
	}
}

// 21 Advance Report, back toward the home (Readings.Report 1: not onto a query of its home).
func advanceReport(r *Ring, v *view) {
	me := &v.me
	if w := v.l.lReport; w != none && w >= 1 {
		if i := w - 1; (me.lReport == none || me.lReport < i) && (r.r.Report == 0 || !homes(me, i)) {
			me.lReport = i
		}
	}
	if w := v.r.rReport; w != none && w <= -1 {
		if i := w + 1; (me.rReport == none || me.rReport < i) && (r.r.Report == 0 || !homes(me, i)) {
			me.rReport = i
		}
	}
}

// reportWaits reports whether a report of value i, beside a probe of value probe on the same
// track, waits for it (Readings.ProbeEnd; end is the end of the report's range).
func (r *Ring) reportWaits(i, probe, end val) bool {
	return r.r.ProbeEnd == 2 && probe == i || r.r.ProbeEnd == 1 && i == end && probe == i
}

// 22 Delete Report.
func deleteReport(r *Ring, v *view) {
	me := &v.me
	// With Readings.ProbeEnd, a report at the end of the range (±(6k+1)) waits for the probe
	// that sent it, which would otherwise send it again, whichever case would delete it.
	// Elsewhere a probe of the same value is not its sender: waiting for it there (ProbeEnd
	// 2, the repair's first version) holds a report wave forever (finding 8).
	// With Readings.Report, a report is deleted where it stands when the process ahead hosts
	// a query of its home and no trailing copy is behind, as Delete Probe (c, d) does.
	if i := me.lReport; i != none && !r.reportWaits(i, me.lProbe, 6*r.k+1) {
		if r.noTrail(v.l.lReport, i+1) && v.r.lReport == i-1 || homes(me, i) || // (a), (c)
			r.r.Report == 1 && homes(v.r, i-1) && v.l.lReport != i+1 {
			me.lReport = none
		}
	}
	if i := me.rReport; i != none && !r.reportWaits(i, me.rProbe, -6*r.k-1) {
		if r.noTrail(v.r.rReport, i-1) && v.l.rReport == i+1 || homes(me, i) || // (b), (d)
			r.r.Report == 1 && homes(v.l, i+1) && v.r.rReport != i-1 {
			me.rReport = none
		}
	}
}

// 23 Close Report: the report is home; the process rests (Readings.Close 1: only when its
// status is the report's direction).
func closeReport(r *Ring, v *view) {
	me := &v.me
	if me.lReport == 0 && v.l.lReport != 1 {
		me.lReport = none
		if r.r.Close == 0 || me.status == queryL {
			me.status = resting
		}
	}
	if me.rReport == 0 && v.r.rReport != -1 {
		me.rReport = none
		if r.r.Close == 0 || me.status == queryR {
			me.status = resting
		}
	}
}
