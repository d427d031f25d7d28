package lek

// action is one of the paper's actions, or one case of it: do applies the statement to v.me
// when the guard holds (an action whose statement changes nothing is not enabled).
type action struct {
	name string
	do   func(r *Ring, v *view)
}

// trackAction is a query action, made once per track.
type trackAction struct {
	name string
	do   func(r *Ring, v *view, t int)
}

// textualActions lists the actions in the paper's order; the query actions once per track.
func (r *Ring) textualActions() []action {
	acts := []action{
		{"1 Request Privilege", requestPrivilege},
		{"2 Yield Privilege (withdraw)", withdrawRequest},
		{"2 Yield Privilege (left)", yieldLeft},
		{"2 Yield Privilege (right)", yieldRight},
		{"3 Interrupt Query", interruptQuery},
		{"4 Initiate Query", initiateQuery},
	}
	tracks := []string{"I", "II", "III"}
	perTrack := []trackAction{
		{"5 Copy Query Forward", (*Ring).copyForward},
		{"6 Delete Trailing Query", (*Ring).deleteTrailingQuery},
		{"7 Mark Sole Query", (*Ring).markSoleQuery},
	}
	if r.r.Strand == 1 {
		perTrack = append(perTrack, trackAction{"7' Delete Stranded Query", (*Ring).deleteStrandedQuery})
	}
	for _, a := range perTrack {
		for t, name := range tracks {
			do := a.do
			acts = append(acts, action{a.name + " (track " + name + ")", func(r *Ring, v *view) { do(r, v, t) }})
		}
	}
	return append(acts, []action{
		{"8 Query Right", queryRight},
		{"9 Query Return", queryReturn},
		{"10 Conclude Query", concludeQuery},
		{"11 Erroneous Query Return", erroneousQueryReturn},
		{"12 Advance Denial (left)", advanceLeftDenial},
		{"12 Advance Denial (right)", advanceRightDenial},
		{"13 Delete Trailing Denial", deleteTrailingDenial},
		{"14 Spread Rumor", spreadRumor},
		{"15 Delete Rumor", deleteRumor},
		{"16 Update Null Counters", updateNullCounters},
		{"17 Initiate Probe", initiateProbe},
		{"18 Advance Probe", advanceProbe},
		{"19 Delete Probe", deleteProbe},
		{"20 Initiate Report", initiateReport},
		{"21 Advance Report", advanceReport},
		{"22 Delete Report", deleteReport},
		{"23 Close Report", closeReport},
	}...)
}
