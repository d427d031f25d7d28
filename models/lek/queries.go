package lek

// Actions 5–11: queries move along their path by forward copy and rear deletion.
//
// A query token's place on its path is known from its track and its candidate's relative
// address j: it moves left on track I until j = 3k+1, crosses to track II at the same
// process, moves right until j = −3k−1, crosses to track III, and moves left until it is at
// its home (home = 0). Directions: -1 the left neighbour, 0 the process itself, +1 the right.

// hop is a neighbouring query variable: the direction of its host and its track.
type hop struct {
	dir   val
	track int
	ok    bool
}

// succ is Succ(x) for x on track t (docs/LEK.md: "≤ 3k" and "≥ −3k", and no successor for a
// query back at its home on track III).
func (r *Ring) succ(t int, x query) hop {
	k3 := 3 * r.k
	switch {
	case t == trackI && x.cand <= k3:
		return hop{-1, trackI, true}
	case t == trackI && x.cand == k3+1:
		return hop{0, trackII, true}
	case t == trackII && x.cand >= -k3:
		return hop{+1, trackII, true}
	case t == trackII && x.cand == -k3-1:
		return hop{0, trackIII, true}
	case t == trackIII && x.home != 0 && x.cand <= k3:
		return hop{-1, trackIII, true}
	}
	return hop{}
}

// pred is Pred(x) for x on track t.
func (r *Ring) pred(t int, x query) hop {
	k3 := 3 * r.k
	switch {
	case t == trackI && x.cand >= -k3:
		return hop{+1, trackI, true}
	case t == trackII && x.cand == k3+1:
		return hop{0, trackI, true}
	case t == trackII && x.cand <= k3:
		return hop{-1, trackII, true}
	case t == trackIII && x.cand == -k3-1:
		return hop{0, trackII, true}
	case t == trackIII && x.cand >= -k3:
		return hop{+1, trackIII, true}
	}
	return hop{}
}

// at is the query variable a hop names, seen from the process of v.
func (v *view) at(h hop) query {
	switch h.dir {
	case -1:
		return v.l.q[h.track]
	case +1:
		return v.r.q[h.track]
	}
	return v.me.q[h.track]
}

// copyOf reports whether the query at hop h is a copy of x: same home, seen from its host
// (and with Readings.CopyID, the same candidate too).
func (r *Ring) copyOf(v *view, h hop, x query) bool {
	if !h.ok {
		return false
	}
	y := v.at(h)
	return y.ok && y.home == x.home-h.dir && (r.r.CopyID == 0 || y.cand == x.cand-h.dir)
}

func (r *Ring) hasTrailingCopy(v *view, t int) bool {
	x := v.me.q[t]
	return x.ok && r.copyOf(v, r.pred(t, x), x)
}

func (r *Ring) hasForwardCopy(v *view, t int) bool {
	x := v.me.q[t]
	return x.ok && r.copyOf(v, r.succ(t, x), x)
}

// copyForward (5) copies into the process's empty variable of track t the sole token y whose
// successor it is: from the right neighbour (a), the left one (b) or the process itself (c).
func (r *Ring) copyForward(v *view, t int) {
	if v.me.q[t].ok {
		return
	}
	for _, dir := range [...]val{+1, -1, 0} {
		for src := range 3 {
			from := hop{dir, src, true}
			y := v.at(from)
			if !y.ok || !y.sole {
				continue
			}
			if to := r.succ(src, y); !to.ok || to.dir != -dir || to.track != t {
				continue
			}
			x, ok := r.copied(v, y, dir, t)
			if ok {
				v.me.q[t] = x
				return
			}
		}
	}
}

// copied is the copy of y, hosted at direction dir, written into the process's track t; not
// ok when its home would leave the type's range.
func (r *Ring) copied(v *view, y query, dir val, t int) (query, bool) {
	x := query{ok: true, home: y.home + dir, cand: y.cand + dir, count: y.count}
	counting := val(-1) // the copy from the left: track II
	if r.r.Mutant == WrongTrack {
		counting = +1 // the copy from the right on track I
	}
	switch {
	case dir == counting && (dir == -1 || t == trackI) && v.me.vote == x.cand:
		x.count = min(x.count+1, 3*r.k+1)
	case dir == 0 && t == trackII:
		x.count = 0
	}
	return x, r.f.home.in(x.home) && x.home != none && !r.far(y) && !r.far(x)
}

// deleteTrailingQuery (6).
func (r *Ring) deleteTrailingQuery(v *view, t int) {
	if v.me.q[t].ok && !r.hasTrailingCopy(v, t) && r.hasForwardCopy(v, t) {
		v.me.q[t] = query{}
	}
}

// markSoleQuery (7).
func (r *Ring) markSoleQuery(v *view, t int) {
	if v.me.q[t].ok && !r.hasForwardCopy(v, t) && !r.hasTrailingCopy(v, t) {
		v.me.q[t].sole = true
	}
}

// deleteStrandedQuery is the repair Readings.Strand = 1: a sole token that cannot be copied
// forward, and is not a query back at its home, is deleted.
func (r *Ring) deleteStrandedQuery(v *view, t int) {
	x := v.me.q[t]
	if r.r.Strand == 0 || !x.ok || !x.sole || t == trackIII && x.home == 0 {
		return
	}
	h := r.succ(t, x)
	if !h.ok || !r.f.home.in(x.home-h.dir) {
		v.me.q[t] = query{}
	}
}

// far reports whether, with Readings.Far, x's candidate is outside −3k−1..3k+1, where no
// query's path goes: only a fault writes one (the paper's type allows −6k−1..6k+1).
func (r *Ring) far(x query) bool {
	return r.r.Far == 1 && x.ok && (x.cand < -3*r.k-1 || x.cand > 3*r.k+1)
}

// deleteFarQuery is the repair Readings.Far: a query with a far candidate is deleted, and
// never copied (copied). Copied to where its path meets the band, such a token is not seen
// as its copy's trailing copy (Pred has no hop there), and the copy, deleted there, was
// copied again at once from it, forever (docs/LEK.md, "The candidate's range").
func (r *Ring) deleteFarQuery(v *view, t int) {
	if r.far(v.me.q[t]) {
		v.me.q[t] = query{}
	}
}

// 8 Query Right.
func queryRight(_ *Ring, v *view) {
	if q := v.me.q[trackII]; q.ok && q.home == 0 && v.me.status == queryL {
		v.me.status = queryR
	}
}

// 9 Query Return.
func queryReturn(_ *Ring, v *view) {
	if q := v.me.q[trackIII]; q.ok && q.home == 0 && v.me.status == queryR {
		v.me.status = returned
	}
}

// 10 Conclude Query: its guard, as printed, does not look at the query's home. A candidate
// outside −3k..3k (a rogue's) cannot be voted, rumored or denied: only the rest is done.
func concludeQuery(r *Ring, v *view) {
	me := &v.me
	q := me.q[trackIII]
	if me.status != returned || !q.ok || !q.sole || me.lDeny != none || me.rDeny != none {
		return
	}
	i, fits := q.cand, r.f.rel.in(q.cand)
	if q.count >= 3*r.k+1 { // positive news
		if me.rumor != none && me.rumor != i {
			me.lDeny, me.rDeny = me.rumor, me.rumor
		}
		if fits {
			me.vote, me.rumor = i, i
		}
	} else {
		if me.rumor == i {
			me.rumor = none
		}
		if fits {
			me.lDeny, me.rDeny = i, i
		}
		if me.vote == i {
			me.vote = none
		}
	}
	me.q[trackIII] = query{}
	me.status = resting
}

// 11 Erroneous Query Return (Readings.Stale 1: also at a requesting process).
func erroneousQueryReturn(r *Ring, v *view) {
	q := v.me.q[trackIII]
	status := v.me.status == queryL || v.me.status == resting || r.r.Stale == 1 && v.me.status == requesting ||
		r.r.Mutant == ErroneousAnyStatus
	if q.ok && q.home == 0 && q.sole && status {
		v.me.q[trackIII] = query{}
	}
}
