package lek

// op is one of the paper's actions, or one case of it. Actions are dispatched by a switch
// (apply), not through function values: the direct calls let the compiler keep a process's
// view on the stack, which makes the simulator several times faster (docs/PERFORMANCE.md).
type op int

const (
	opRequestPrivilege op = iota
	opWithdrawRequest
	opYieldLeft
	opYieldRight
	opInterruptQuery
	opInitiateQuery
	opCopyForward // per track
	opDeleteTrailingQuery
	opMarkSoleQuery
	opDeleteStrandedQuery
	opDeleteFarQuery
	opQueryRight
	opQueryReturn
	opConcludeQuery
	opErroneousQueryReturn
	opAdvanceLeftDenial
	opAdvanceRightDenial
	opDeleteTrailingDenial
	opSpreadRumor
	opDeleteRumor
	opUpdateNullCounters
	opInitiateProbe
	opAdvanceProbe
	opDeleteProbe
	opInitiateReport
	opAdvanceReport
	opDeleteReport
	opCloseReport
)

// action is an op with its name, and its track for the query actions: apply does its
// statement to v.me when its guard holds (an action whose statement changes nothing is not
// enabled).
type action struct {
	name  string
	op    op
	track int
}

// apply does a's statement to v.me if a's guard holds.
func (r *Ring) apply(a *action, v *view) {
	switch a.op {
	case opRequestPrivilege:
		requestPrivilege(r, v)
	case opWithdrawRequest:
		withdrawRequest(r, v)
	case opYieldLeft:
		yieldLeft(r, v)
	case opYieldRight:
		yieldRight(r, v)
	case opInterruptQuery:
		interruptQuery(r, v)
	case opInitiateQuery:
		initiateQuery(r, v)
	case opCopyForward:
		r.copyForward(v, a.track)
	case opDeleteTrailingQuery:
		r.deleteTrailingQuery(v, a.track)
	case opMarkSoleQuery:
		r.markSoleQuery(v, a.track)
	case opDeleteStrandedQuery:
		r.deleteStrandedQuery(v, a.track)
	case opDeleteFarQuery:
		r.deleteFarQuery(v, a.track)
	default:
		r.applyWave(a.op, v)
	}
}

// applyWave does the statements of Actions 8 to 23.
func (r *Ring) applyWave(o op, v *view) {
	switch o {
	case opQueryRight:
		queryRight(r, v)
	case opQueryReturn:
		queryReturn(r, v)
	case opConcludeQuery:
		concludeQuery(r, v)
	case opErroneousQueryReturn:
		erroneousQueryReturn(r, v)
	case opAdvanceLeftDenial:
		advanceLeftDenial(r, v)
	case opAdvanceRightDenial:
		advanceRightDenial(r, v)
	case opDeleteTrailingDenial:
		deleteTrailingDenial(r, v)
	case opSpreadRumor:
		spreadRumor(r, v)
	case opDeleteRumor:
		deleteRumor(r, v)
	case opUpdateNullCounters:
		updateNullCounters(r, v)
	case opInitiateProbe:
		initiateProbe(r, v)
	case opAdvanceProbe:
		advanceProbe(r, v)
	case opDeleteProbe:
		deleteProbe(r, v)
	case opInitiateReport:
		initiateReport(r, v)
	case opAdvanceReport:
		advanceReport(r, v)
	case opDeleteReport:
		deleteReport(r, v)
	case opCloseReport:
		closeReport(r, v)
	}
}

// textualActions lists the actions in the paper's order; the query actions once per track.
func (r *Ring) textualActions() []action {
	acts := []action{
		{"1 Request Privilege", opRequestPrivilege, 0},
		{"2 Yield Privilege (withdraw)", opWithdrawRequest, 0},
		{"2 Yield Privilege (left)", opYieldLeft, 0},
		{"2 Yield Privilege (right)", opYieldRight, 0},
		{"3 Interrupt Query", opInterruptQuery, 0},
		{"4 Initiate Query", opInitiateQuery, 0},
	}
	perTrack := []action{
		{name: "5 Copy Query Forward", op: opCopyForward},
		{name: "6 Delete Trailing Query", op: opDeleteTrailingQuery},
		{name: "7 Mark Sole Query", op: opMarkSoleQuery},
	}
	if r.r.Strand == 1 {
		perTrack = append(perTrack, action{name: "7' Delete Stranded Query", op: opDeleteStrandedQuery})
	}
	if r.r.Far == 1 {
		perTrack = append(perTrack, action{name: "7'' Delete Far Query", op: opDeleteFarQuery})
	}
	for _, a := range perTrack {
		for t, name := range []string{"I", "II", "III"} {
			acts = append(acts, action{a.name + " (track " + name + ")", a.op, t})
		}
	}
	return append(acts, []action{
		{"8 Query Right", opQueryRight, 0},
		{"9 Query Return", opQueryReturn, 0},
		{"10 Conclude Query", opConcludeQuery, 0},
		{"11 Erroneous Query Return", opErroneousQueryReturn, 0},
		{"12 Advance Denial (left)", opAdvanceLeftDenial, 0},
		{"12 Advance Denial (right)", opAdvanceRightDenial, 0},
		{"13 Delete Trailing Denial", opDeleteTrailingDenial, 0},
		{"14 Spread Rumor", opSpreadRumor, 0},
		{"15 Delete Rumor", opDeleteRumor, 0},
		{"16 Update Null Counters", opUpdateNullCounters, 0},
		{"17 Initiate Probe", opInitiateProbe, 0},
		{"18 Advance Probe", opAdvanceProbe, 0},
		{"19 Delete Probe", opDeleteProbe, 0},
		{"20 Initiate Report", opInitiateReport, 0},
		{"21 Advance Report", opAdvanceReport, 0},
		{"22 Delete Report", opDeleteReport, 0},
		{"23 Close Report", opCloseReport, 0},
	}...)
}
