package lek

// Actions 1–4: the query privilege, held like the forks of dining philosophers.

func satisfied(x *proc) bool { return x.rumor == x.vote }

// suggestion is the candidate p would query: ⊥ when satisfied, else its rumor, or its vote
// when it has no rumor. ⊥ (none) compares below every address.
func suggestion(x *proc) val {
	switch {
	case satisfied(x):
		return none
	case x.rumor == none:
		return x.vote
	}
	return x.rumor
}

// ownSuggestion is the candidate the process of v would query: its suggestion or, with
// Readings.Dominated, the candidate of a stranger it dominates unseen (challenge). Its
// neighbours, comparing suggestions for a flag (2b), see the printed one: the challenge
// depends on the left neighbour, which the right one cannot read, so to them a challenger
// suggests ⊥ and has the lowest priority.
func (r *Ring) ownSuggestion(v *view) val {
	if s := suggestion(&v.me); s != none {
		return s
	}
	return r.challenge(v)
}

// challenge is finding 4's repair (Readings.Dominated). The process is satisfied, its rumor
// +3k, the left end of its candidate's interval; its left neighbour is satisfied too, with a
// vote and rumor for another candidate c, which the process can see. The rightmost candidate
// dominates (Section 5.0.1), yet the process's rumor is one beyond the neighbour's range: the
// neighbour can neither take it nor see that it is dominated. The neighbour's rumor may have
// spread left, to processes voting c as well, up to the end of c's range, and no further:
// as printed they all keep a false vote forever. The process queries c. Negative news
// denies c's rumors, and their holders then query their votes; positive news (c is the
// leader) replaces the process's rumor and denies the old one. Either way the condition
// ends, so the process queries once. It is ⊥ when the process does not challenge; in a
// legitimate configuration the left neighbour of the leader's interval rumors ⊥, so they
// stay silent.
func (r *Ring) challenge(v *view) val {
	me, l, end := &v.me, v.l, 3*r.k
	if r.r.Dominated == 0 || me.rumor != end || me.vote != end || l.rumor == none || l.vote != l.rumor {
		return none
	}
	if c := l.rumor - 1; c >= -end && me.lDeny != c && me.rDeny != c {
		return c
	}
	return none
}

func querying(x *proc) bool { return x.status >= queryL }

func (r *Ring) needToQuery(v *view) bool {
	return r.ownSuggestion(v) != none && !querying(v.l) && !querying(&v.me) && !querying(v.r)
}

func holdsLeft(v *view) bool  { return v.me.lFlag != v.l.rFlag }
func holdsRight(v *view) bool { return v.me.rFlag == v.r.lFlag }
func privileged(v *view) bool { return holdsLeft(v) && holdsRight(v) }

// 1 Request Privilege.
func requestPrivilege(r *Ring, v *view) {
	if v.me.status == resting && r.needToQuery(v) {
		v.me.status = requesting
	}
}

// 2(a) Yield Privilege: withdraw a request.
func withdrawRequest(r *Ring, v *view) {
	if v.me.status == requesting && !r.needToQuery(v) {
		v.me.status = resting
	}
}

// outranks reports whether suggestion a beats b for the flag between two requesting
// neighbours, a tie counting when orEqual.
func outranks(a, b val, orEqual bool) bool { return a > b || orEqual && a == b }

// 2(b) Yield Privilege: pass the left flag's resource to the left neighbour (i, ii).
func yieldLeft(r *Ring, v *view) {
	me, l := &v.me, v.l
	if !holdsLeft(v) {
		return
	}
	if me.status == resting ||
		me.status == requesting && l.status == requesting && outranks(suggestion(l), r.ownSuggestion(v), r.r.Tie == 2) {
		me.lFlag ^= 1
	}
}

// 2(b) Yield Privilege: pass the right flag's resource to the right neighbour (iii–v).
func yieldRight(r *Ring, v *view) {
	me, rt := &v.me, v.r
	if !holdsRight(v) {
		return
	}
	if me.status == resting && rt.status == requesting || me.status == resting && me.rFlag == 1 ||
		me.status == requesting && rt.status == requesting && outranks(suggestion(rt), r.ownSuggestion(v), r.r.Tie == 1) {
		me.rFlag ^= 1
	}
}

// 3 Interrupt Query. With Readings.Returned, also a returned status with no query of the
// process's own on track III (only a fault makes one).
func interruptQuery(r *Ring, v *view) {
	q := v.me.q[trackIII]
	if querying(&v.me) && !privileged(v) ||
		r.r.Returned == 1 && v.me.status == returned && !(q.ok && q.home == 0) {
		v.me.status = resting
	}
}

// 4 Initiate Query. A requesting process whose suggestion became ⊥ withdraws instead (2a).
func initiateQuery(r *Ring, v *view) {
	me := &v.me
	if c := r.ownSuggestion(v); me.status == requesting && privileged(v) && !me.q[trackI].ok && c != none {
		me.q[trackI] = query{ok: true, home: 0, cand: c, count: 0, sole: true}
		me.status = queryL
	}
}
