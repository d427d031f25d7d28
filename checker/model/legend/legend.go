package legend

import (
	"sort"
	"strconv"
	"strings"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/channel"
)

// The legend under a trace table says what its columns are, from what the schema knows of
// each variable: the process that owns it, the channel it is and how old its messages are,
// its Doc; and which process is the clock. Nothing in it is written per model.

// Entry explains a group of columns of a trace table: Columns "x0..x3", Meaning "x of
// P0..P3".
type Entry struct {
	Columns, Meaning string
	first            int // the schema index of the group's first variable: the order of entries
}

// Of explains the columns of a trace table of sch, an entry a group of columns, in the order
// of their first columns: the variables of one Doc, a family of variables named by their
// process (x0..x3), the channels, the variables of no process; and last the clocks, the
// processes whose moves are ticks of time.
func Of(sch *model.Schema, clocks []int) []Entry {
	s := schema{sch}
	var docs, owned, channels, shared []int
	for i, v := range s.Vars {
		_, isChannel := channel.Receiver(v)
		switch {
		case v.Doc != "":
			docs = append(docs, i)
		case isChannel:
			channels = append(channels, i)
		case v.Owner == model.Global || channel.OfNetwork(v):
			shared = append(shared, i)
		default:
			owned = append(owned, i)
		}
	}
	out := s.docEntries(docs)
	out = append(out, s.ownedEntries(owned)...)
	out = append(out, s.channelEntries(channels)...)
	if len(shared) > 0 {
		out = append(out, Entry{s.columns(shared), "of no process (the network's, or the run's)", shared[0]})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].first < out[j].first })
	for _, c := range clocks {
		out = append(out, Entry{Columns: s.ProcName(c), Meaning: "the clock: each of its moves is one tick of time"})
	}
	return out
}

// docEntries are the variables with a Doc, an entry per Doc, named by the Doc's pattern
// (Var.Doc) or by the variables.
func (s schema) docEntries(vars []int) []Entry {
	order, byDoc, _ := groupBy(vars, func(v int) (string, bool) { return s.Vars[v].Doc, true })
	var out []Entry
	for _, doc := range order {
		columns, meaning := s.columns(byDoc[doc]), doc
		if pattern, rest, ok := strings.Cut(doc, ": "); ok && !strings.ContainsAny(pattern, " \t") {
			columns, meaning = pattern, rest
		}
		out = append(out, Entry{columns, meaning, byDoc[doc][0]})
	}
	return out
}

// ownedEntries are the processes' variables: a family of variables named by their owner
// (x3 is x of process 3) in an entry, or, of many families, one entry for them all; the
// others by owner.
func (s schema) ownedEntries(vars []int) []Entry {
	bases, family, others := groupBy(vars, func(v int) (string, bool) { return s.ownerSuffix(s.Vars[v]) })
	var out []Entry
	if len(bases) > 3 {
		base := bases[0]
		first := s.Vars[family[base][0]]
		all := familyVars(bases, family)
		out = append(out, Entry{s.columns(all),
			"each process's variables, its number last (" + first.Name + ": " + base + " of " + s.ProcName(int(first.Owner)) + ")", all[0]})
		bases = nil
	}
	for _, base := range bases {
		entry := Entry{s.columns(family[base]), base + " of " + s.owners(family[base]), family[base][0]}
		if s.Vars[family[base][0]].Targets != nil {
			entry.Meaning += " (its value names a process)"
		}
		out = append(out, entry)
	}
	return append(out, s.byOwner(others)...)
}

func familyVars(bases []string, family map[string][]int) []int {
	var out []int
	for _, b := range bases {
		out = append(out, family[b]...)
	}
	return out
}

// ownerSuffix is v's name without its owner's number or name at its end (x3 of process 3
// is x): false if the name does not end so.
func (s schema) ownerSuffix(v model.Var) (base string, ok bool) {
	for _, token := range s.tokens(int(v.Owner)) {
		base, ok := strings.CutSuffix(v.Name, token)
		if ok && base != "" && !(isDigit(base[len(base)-1]) && isDigit(token[0])) {
			return base, true
		}
	}
	return "", false
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// tokens are what a variable's name may call process p by: its name, and its number.
func (s schema) tokens(p int) []string {
	number := strconv.Itoa(p)
	if name, ok := s.name(p); ok && name != number {
		return []string{name, number}
	}
	return []string{number}
}

// name is process p's own name, as NameProcs gave it, and false for a process known by its
// number: ProcName quotes a name that holds spaces or punctuation, and says P<p> for a process
// without one (a process named P<p> itself is read as one without).
func (s schema) name(p int) (string, bool) {
	name := s.ProcName(p)
	if unquoted, err := strconv.Unquote(name); err == nil {
		return unquoted, true
	}
	return name, name != "P"+strconv.Itoa(p)
}

// byOwner lists the variables named otherwise by process, an entry a process.
func (s schema) byOwner(vars []int) []Entry {
	order, mine, _ := groupBy(vars, func(v int) (model.Owner, bool) { return s.Vars[v].Owner, true })
	var out []Entry
	for _, o := range order {
		out = append(out, Entry{s.columns(mine[o]), s.ProcName(int(o)) + "'s", mine[o][0]})
	}
	return out
}

// owners names the owners of vars in order: P0..P3, or paris, lyon, nice.
func (s schema) owners(vars []int) string {
	names := make([]string, len(vars))
	for i, v := range vars {
		names[i] = s.ProcName(int(s.Vars[v].Owner))
	}
	switch {
	case !s.Named():
		return span(names, ", ")
	case len(names) > 4: // paris..lille would say nothing of those between
		return strings.Join(names[:2], ", ") + ", .., " + names[len(names)-1]
	}
	return strings.Join(names, ", ")
}

// columns names a group of columns: all of them when few, else the first and the last.
func (s schema) columns(vars []int) string {
	names := make([]string, len(vars))
	for i, v := range vars {
		names[i] = s.Vars[v].Name
	}
	return span(names, " ")
}

// span writes names joined by sep, or as first..last when there are more than three.
func span(names []string, sep string) string {
	if len(names) > 3 {
		return names[0] + ".." + names[len(names)-1]
	}
	return strings.Join(names, sep)
}

// channelEntries are the channels' variables: one entry for them all when their names share
// a pattern, such as cA>B@i (the channel from A to B, its messages i ticks old); else an
// entry a channel.
func (s schema) channelEntries(vars []int) []Entry {
	if len(vars) == 0 {
		return nil
	}
	pattern, ok := s.channelPattern(vars[0])
	for _, v := range vars[1:] {
		other, found := s.channelPattern(v)
		ok = ok && found && other == pattern
	}
	first := s.Vars[vars[0]]
	_, timed := channel.Age(first)
	if ok {
		return []Entry{{pattern, channelMeaning("A", "B", timed, "i") + " (" + first.Name + ": " + s.channelEnds(first) + ")", vars[0]}}
	}
	var out []Entry
	for start := 0; start < len(vars); {
		end := start + 1
		for end < len(vars) && s.sameChannel(s.Vars[vars[start]], s.Vars[vars[end]]) {
			end++
		}
		v := s.Vars[vars[start]]
		_, timed := channel.Age(v)
		out = append(out, Entry{s.columns(vars[start:end]), channelMeaning(s.ProcName(int(v.Owner)), s.receiverName(v), timed, ""), vars[start]})
		start = end
	}
	return out
}

// channelMeaning says what a channel's variable holds: the messages in transit from one
// process to another, and of a timed channel those of one age.
func channelMeaning(from, to string, timed bool, age string) string {
	text := "messages in transit from " + from + " to " + to
	switch {
	case timed && age != "":
		text += ", " + age + " ticks old"
	case timed:
		text += ", by age in ticks"
	}
	return text
}

// channelEnds says which processes a channel's variable joins, and the age of its messages.
func (s schema) channelEnds(v model.Var) string {
	text := "from " + s.ProcName(int(v.Owner)) + " to " + s.receiverName(v)
	if age, ok := channel.Age(v); ok {
		text += ", " + strconv.Itoa(age) + " ticks old"
	}
	return text
}

func (s schema) receiverName(v model.Var) string {
	to, _ := channel.Receiver(v)
	return s.ProcName(to)
}

// sameChannel reports whether two variables are the ages of one timed channel.
func (s schema) sameChannel(a, b model.Var) bool {
	ta, _ := channel.Receiver(a)
	tb, _ := channel.Receiver(b)
	_, timed := channel.Age(a)
	return timed && a.Owner == b.Owner && ta == tb
}

// channelPattern is the name of channel variable v with its sender written A, its receiver
// B and, for a timed channel, the age of its messages i: c0>1@1 is cA>B@i. False if the name
// does not hold both ends.
func (s schema) channelPattern(v int) (string, bool) {
	vr := s.Vars[v]
	name := vr.Name
	if age, ok := channel.Age(vr); ok {
		trimmed, found := strings.CutSuffix(name, "@"+strconv.Itoa(age))
		if !found {
			return "", false
		}
		name = trimmed
	}
	to, _ := channel.Receiver(vr)
	for _, from := range s.tokens(int(vr.Owner)) {
		pre, rest, found := strings.Cut(name, from)
		if !found {
			continue
		}
		for _, tok := range s.tokens(to) {
			if mid, post, found := strings.Cut(rest, tok); found {
				pattern := pre + "A" + mid + "B" + post
				if _, timed := channel.Age(vr); timed {
					pattern += "@i"
				}
				return pattern, true
			}
		}
	}
	return "", false
}

// schema is the schema a legend explains, with the helpers that group its variables.
type schema struct{ *model.Schema }

// groupBy groups vars by key, the keys in the order they first appear; the variables key
// gives none of (false) are left over, in order.
func groupBy[K comparable](vars []int, key func(v int) (K, bool)) (order []K, groups map[K][]int, rest []int) {
	groups = map[K][]int{}
	for _, v := range vars {
		k, ok := key(v)
		if !ok {
			rest = append(rest, v)
			continue
		}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], v)
	}
	return order, groups, rest
}
