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

func querying(x *proc) bool { return x.status >= queryL }

func needToQuery(v *view) bool {
	return suggestion(&v.me) != none && !querying(v.l) && !querying(&v.me) && !querying(v.r)
}

func holdsLeft(v *view) bool  { return v.me.lFlag != v.l.rFlag }
func holdsRight(v *view) bool { return v.me.rFlag == v.r.lFlag }
func privileged(v *view) bool { return holdsLeft(v) && holdsRight(v) }

// 1 Request Privilege.
func requestPrivilege(_ *Ring, v *view) {
	if v.me.status == resting && needToQuery(v) {
		v.me.status = requesting
	}
}

// 2(a) Yield Privilege: withdraw a request.
func withdrawRequest(_ *Ring, v *view) {
	if v.me.status == requesting && !needToQuery(v) {
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
		me.status == requesting && l.status == requesting && outranks(suggestion(l), suggestion(me), r.r.Tie == 2) {
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
		me.status == requesting && rt.status == requesting && outranks(suggestion(rt), suggestion(me), r.r.Tie == 1) {
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
func initiateQuery(_ *Ring, v *view) {
	me := &v.me
	if me.status == requesting && privileged(v) && !me.q[trackI].ok && suggestion(me) != none {
		me.q[trackI] = query{ok: true, home: 0, cand: suggestion(me), count: 0, sole: true}
		me.status = queryL
	}
}
