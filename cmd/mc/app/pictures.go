package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/mc-checker/mc/cmd/mc/internal/web"
	"github.com/urfave/cli/v2"
)

func reportFlag() cli.Flag {
	return &cli.StringFlag{Name: "report", Usage: "write the run as one self-contained HTML page `FILE.html`: checks, figures, and every trace to step through, each configuration drawn on the topology"}
}

func traceDotFlag() cli.Flag {
	return &cli.StringFlag{Name: "trace-dot", Usage: "draw every configuration of every counterexample and witness in `DIR`, one folder a trace, as Graphviz DOT (positions pinned: neato -n2) and as SVG"}
}

// picturesWritable checks, before a run, that --report and --trace-dot can be written: a
// run of hours must not end in a path that cannot take its pictures.
func picturesWritable(c *cli.Context) error {
	if path := c.String("report"); path != "" {
		_, statErr := os.Stat(path)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
		if err != nil {
			return usageError("--report: %w", err)
		}
		f.Close()
		if os.IsNotExist(statErr) {
			os.Remove(path) // only tried: the report is written after the run
		}
	}
	if dir := c.String("trace-dot"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return usageError("--trace-dot: %w", err)
		}
	}
	return nil
}

// writePictures writes what --report and --trace-dot ask for, and says where in a line each,
// in the style of the run's summary: on stdout, or on stderr when stdout carries --json.
func writePictures(c *cli.Context, r *report) error {
	w, summary := c.App.Writer, !c.Bool("json")
	if !summary {
		w = c.App.ErrWriter
	}
	var said []fact
	if path := c.String("report"); path != "" {
		run, err := htmlRun(r)
		if err == nil {
			err = writeHTMLReport(path, runTitle(r.about), []web.Run{*run})
		}
		if err != nil {
			return &exitError{exitUsage, err}
		}
		said = append(said, fact{name: "report", value: "written to " + path})
	}
	if dir := c.String("trace-dot"); dir != "" {
		traces, configs, err := writeTraceDOT(dir, r)
		if err != nil {
			return &exitError{exitUsage, err}
		}
		what := fmt.Sprintf("%s drawn in %s: %s, as DOT and SVG", counted(traces, "trace"), dir, counted(configs, "configuration"))
		if traces == 0 {
			what = "no trace to draw: nothing written to " + dir
		}
		said = append(said, fact{name: "trace-dot", value: what})
	}
	if len(said) > 0 && summary {
		fmt.Fprintln(w) // apart from the last trace, as the summary is from the verdicts
	}
	for _, f := range said {
		fmt.Fprintf(w, "  %-12s %s\n", f.name, f.value)
	}
	return nil
}

// writeTraceDOT writes each drawn configuration of each trace as DIR/NN-name/KKK.dot and
// .svg; a long trace keeps its first and last shownEnds configurations, as the report does.
// It returns how many traces and configurations it drew.
func writeTraceDOT(dir string, r *report) (traces, configs int, err error) {
	sc := sceneOf(r.model, r.proto)
	all, _ := reportTraces(r)
	for k, tt := range all {
		d, err := newDrawnTrace(r.model, tt.t)
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", tt.title, err)
		}
		sub := filepath.Join(dir, fmt.Sprintf("%02d-%s", k+1, slug(tt.title)))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return 0, 0, fmt.Errorf("cannot write the pictures: %w", err)
		}
		width := len(fmt.Sprint(d.configs() - 1))
		for _, i := range d.shownConfigs(shownEnds) {
			f := d.frame(i)
			f.Title = d.title(tt.title, i)
			var dot, svg bytes.Buffer
			if err := sc.DOT(&dot, f); err != nil {
				return 0, 0, err
			}
			if err := sc.SVG(&svg, f); err != nil {
				return 0, 0, err
			}
			base := filepath.Join(sub, fmt.Sprintf("%0*d", width, i))
			if err := os.WriteFile(base+".dot", dot.Bytes(), 0o644); err != nil {
				return 0, 0, fmt.Errorf("cannot write the pictures: %w", err)
			}
			if err := os.WriteFile(base+".svg", svg.Bytes(), 0o644); err != nil {
				return 0, 0, fmt.Errorf("cannot write the pictures: %w", err)
			}
			configs++
		}
	}
	return len(all), configs, nil
}

// slug is a trace's title made a folder name: its first words, lower case, dashed, at most
// 40 characters.
func slug(title string) string {
	name, _, _ := strings.Cut(title, ":")
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	name = b.String()
	if r := []rune(name); len(r) > 40 {
		name = string(r[:40])
	}
	return strings.Trim(name, "-")
}

// proofPages gathers mc verify's runs into one HTML page a proof file (--report DIR).
type proofPages struct {
	dir   string // "": no pages
	order []string
	runs  map[string][]web.Run
}

func newProofPages(dir string) *proofPages {
	return &proofPages{dir: dir, runs: map[string][]web.Run{}}
}

// writable checks, before the runs, that DIR can be made.
func (p *proofPages) writable() error {
	if p.dir == "" {
		return nil
	}
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		return usageError("--report: %w", err)
	}
	return nil
}

// add draws one proof run of file, with what comparing it with its expectations found.
func (p *proofPages) add(file, name string, r *report, diffs []string) error {
	if p.dir == "" {
		return nil
	}
	run, err := htmlRun(r)
	if err != nil {
		return fmt.Errorf("run %q: %w", name, err)
	}
	run.Title, run.Notes = name, append([]string{run.Title}, run.Notes...)
	run.Expectation, run.Deviates = []string{"as the proof file expects"}, len(diffs) > 0
	if run.Deviates {
		run.Expectation = append([]string{"deviates from the proof file:"}, diffs...)
	}
	if _, ok := p.runs[file]; !ok {
		p.order = append(p.order, file)
	}
	p.runs[file] = append(p.runs[file], *run)
	return nil
}

// write writes DIR/NAME.html for each proof file NAME.yaml; two proof files of one name (in
// two folders, or x.yaml and x.yml) get NAME.html and NAME-2.html, in the order given. It
// returns the pages' paths.
func (p *proofPages) write() ([]string, error) {
	if p.dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot write the reports: %w", err)
	}
	var written []string
	taken := map[string]bool{}
	for _, file := range p.order {
		base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		name := base
		for k := 2; taken[name]; k++ {
			name = fmt.Sprintf("%s-%d", base, k)
		}
		taken[name] = true
		page := filepath.Join(p.dir, name+".html")
		if err := writeHTMLReport(page, "proof "+file, p.runs[file]); err != nil {
			return nil, err
		}
		written = append(written, page)
	}
	return written, nil
}
