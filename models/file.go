package models

import (
	"fmt"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/models/lang"
	"github.com/mc-checker/mc/models/topology"
)

// maxFile bounds a protocol file's size.
const maxFile = 1 << 20

// FromFile reads a protocol file (docs/LANGUAGE.md) into a catalogue entry named by its path:
// its parameters (a default may depend on other parameters: Derive computes it from those
// given), its default checks, and a Build that compiles it for given values. A syntax or
// meaning error is returned with its file:line:col and a caret. OnTopology puts it on the
// network of a Graphviz file (--topology FILE.dot).
func FromFile(path string) (*Entry, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Size() > maxFile {
		return nil, fmt.Errorf("%s: %d bytes, more than a protocol file's %d", path, info.Size(), maxFile)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := lang.Parse(path, string(src))
	if err != nil {
		return nil, err
	}
	return fileEntry(f, nil)
}

// fileEntry is the entry of a parsed protocol file on the topology top (nil: its own).
func fileEntry(f *lang.File, top *topology.Graph) (*Entry, error) {
	prog, err := lang.Compile(f, nil, top) // the defaults must compile
	if err != nil {
		return nil, err
	}
	e := &Entry{Name: f.Path, Doc: fileDoc(f), Checks: prog.Checks(), Asynchronous: f.OneEvent() != "",
		CentralWhy: f.OneEvent(),
		Derive:     func(given map[string]int) (map[string]int, error) { return f.Values(given, top) }}
	for _, prm := range f.Params {
		lo, hi := -1<<20, 1<<20 // a parameter without a range: the file's expressions decide
		if r, ok := prog.Ranges[prm.Name.Name]; ok {
			lo, hi = r[0], r[1] // with the defaults of the parameters it depends on: Derive checks each run
		}
		e.Params = append(e.Params, Param{Name: prm.Name.Name, Default: prog.Params[prm.Name.Name], Min: lo, Max: hi})
	}
	lines := strings.Split(f.Src, "\n")
	for _, prop := range f.Properties {
		if l := prop.Name.Pos.Line; l >= 1 && l <= len(lines) {
			e.Properties = append(e.Properties, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[l-1]), "property")))
		}
	}
	if len(e.Checks) == 0 {
		e.Checks = []string{"closure", "convergence", "worst-case"}
	}
	e.Build = func(values map[string]int, _ *topology.Tree) (*Instance, error) {
		prog, err := lang.Compile(f, values, top)
		if err != nil {
			return nil, err
		}
		init, err := prog.Init()
		if err != nil {
			return nil, err
		}
		return &Instance{Protocol: prog.Protocol(), Init: init, Properties: model.Properties{
			Legit:      prog.Legit,
			LegitForm:  prog.LegitForm,
			Invariants: prog.Invariants(),
			Temporal:   prog.Temporal(),

			Characterisations: prog.Characterisations(),
			Actions:           prog.Actions(),
		}, LegitDoc: "the file's legitimate predicate",
		}, nil
	}
	e.OnTopology = func(spec string) (*Entry, error) {
		if !strings.HasSuffix(spec, ".dot") && !strings.HasSuffix(spec, ".gv") {
			return nil, fmt.Errorf("%s runs on its own topology or a Graphviz file (--topology FILE.dot), not %q", f.Path, spec)
		}
		g, err := topology.ReadDot(spec)
		if err != nil {
			return nil, err
		}
		return fileEntry(f, g)
	}
	return e, nil
}

// fileDoc is what mc list says of a file: its protocol's name and the first paragraph of
// the comment it opens with, where the library cites the paper, as one line (mc list wraps
// it).
func fileDoc(f *lang.File) string {
	doc := "protocol " + f.Protocol.Name
	if lead := openingParagraph(f.Src); lead != "" {
		doc += ": " + lead
	}
	return doc
}

// openingParagraph joins the lines of the comment a source opens with, up to a blank comment
// line, the end of the comment, or an indented line (the rules laid out as a table, which
// reads as nothing once joined). A word broken after a hyphen or a slash is joined whole; a
// paragraph that leads into the table ends with a full stop instead of its colon.
func openingParagraph(src string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(src), "\n") {
		text, ok := strings.CutPrefix(strings.TrimSpace(line), "//")
		if !ok || strings.TrimSpace(text) == "" || strings.HasPrefix(text, "  ") {
			break
		}
		if joined := b.String(); joined != "" && !brokenWord(joined) {
			b.WriteByte(' ')
		}
		b.WriteString(strings.TrimSpace(text))
	}
	doc := b.String()
	if head, ok := strings.CutSuffix(doc, ":"); ok {
		doc = head + "."
	}
	return doc
}

// brokenWord says whether text ends inside a word a line break split: after a hyphen that
// follows a letter ("Self-" "stabilization") or a slash (a URL).
func brokenWord(text string) bool {
	if strings.HasSuffix(text, "/") {
		return true
	}
	head, ok := strings.CutSuffix(text, "-")
	r, _ := utf8.DecodeLastRuneInString(head)
	return ok && unicode.IsLetter(r)
}
