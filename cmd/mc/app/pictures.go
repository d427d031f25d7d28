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

// writePictures writes what --report and --trace-dot ask for.
func writePictures(c *cli.Context, r *report) error {
	if path := c.String("report"); path != "" {
		run, err := htmlRun(r)
		if err == nil {
			err = writeHTMLReport(path, runTitle(r.about), []web.Run{*run})
		}
		if err != nil {
			return &exitError{exitUsage, err}
		}
	}
	if dir := c.String("trace-dot"); dir != "" {
		if err := writeTraceDOT(dir, r); err != nil {
			return &exitError{exitUsage, err}
		}
	}
	return nil
}

// writeTraceDOT writes each drawn configuration of each trace as DIR/NN-name/KKK.dot and
// .svg; a long trace keeps its first and last shownEnds configurations, as the report does.
func writeTraceDOT(dir string, r *report) error {
	sc := sceneOf(r.model, r.proto)
	traces, _ := reportTraces(r)
	for k, tt := range traces {
		d, err := newDrawnTrace(r.model, tt.t)
		if err != nil {
			return fmt.Errorf("%s: %w", tt.title, err)
		}
		sub := filepath.Join(dir, fmt.Sprintf("%02d-%s", k+1, slug(tt.title)))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return fmt.Errorf("cannot write the pictures: %w", err)
		}
		width := len(fmt.Sprint(d.configs() - 1))
		for _, i := range d.shownConfigs(shownEnds) {
			f := d.frame(i)
			f.Title = d.title(tt.title, i)
			var dot, svg bytes.Buffer
			if err := sc.DOT(&dot, f); err != nil {
				return err
			}
			if err := sc.SVG(&svg, f); err != nil {
				return err
			}
			base := filepath.Join(sub, fmt.Sprintf("%0*d", width, i))
			if err := os.WriteFile(base+".dot", dot.Bytes(), 0o644); err != nil {
				return fmt.Errorf("cannot write the pictures: %w", err)
			}
			if err := os.WriteFile(base+".svg", svg.Bytes(), 0o644); err != nil {
				return fmt.Errorf("cannot write the pictures: %w", err)
			}
		}
	}
	return nil
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
// two folders, or x.yaml and x.yml) get NAME.html and NAME-2.html, in the order given.
func (p *proofPages) write() error {
	if p.dir == "" {
		return nil
	}
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		return fmt.Errorf("cannot write the reports: %w", err)
	}
	taken := map[string]bool{}
	for _, file := range p.order {
		base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		name := base
		for k := 2; taken[name]; k++ {
			name = fmt.Sprintf("%s-%d", base, k)
		}
		taken[name] = true
		if err := writeHTMLReport(filepath.Join(p.dir, name+".html"), "proof "+file, p.runs[file]); err != nil {
			return err
		}
	}
	return nil
}
