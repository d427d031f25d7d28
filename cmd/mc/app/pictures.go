package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mc-checker/mc/cmd/mc/internal/pictures"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
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
	w, onStdout := c.App.Writer, !c.Bool("json")
	if !onStdout {
		w = c.App.ErrWriter
	}
	var said []fact
	if path := c.String("report"); path != "" {
		run, err := pictures.Page(r.summary(), r.proto)
		if err == nil {
			err = writeHTMLReport(path, summary.Title(r.About), []web.Run{*run})
		}
		if err != nil {
			return &exitError{exitUsage, err}
		}
		said = append(said, fact{name: "report", value: "written to " + path})
	}
	if dir := c.String("trace-dot"); dir != "" {
		traces, configs, err := pictures.WriteDOT(dir, r.summary(), r.proto)
		if err != nil {
			return &exitError{exitUsage, err}
		}
		what := fmt.Sprintf("%s drawn in %s: %s, as DOT and SVG", counted(traces, "trace"), dir, counted(configs, "configuration"))
		if traces == 0 {
			what = "no trace to draw: nothing written to " + dir
		}
		said = append(said, fact{name: "trace-dot", value: what})
	}
	if len(said) > 0 && onStdout {
		fmt.Fprintln(w) // apart from the last trace, as the summary is from the verdicts
	}
	for _, f := range said {
		fmt.Fprintf(w, "  %-12s %s\n", f.name, f.value)
	}
	return nil
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
	run, err := pictures.Page(r.summary(), r.proto)
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

// filePages are a proof file's runs drawn, as a shard of mc verify keeps them in its part.
type filePages struct {
	File string    `json:"file"`
	Runs []web.Run `json:"runs"`
}

// kept are the runs drawn so far, by file in the order of the files (nil without pages).
func (p *proofPages) kept() []filePages {
	if p.dir == "" {
		return nil
	}
	out := []filePages{}
	for _, file := range p.order {
		out = append(out, filePages{file, p.runs[file]})
	}
	return out
}

// keep adds a shard's kept runs after those added already.
func (p *proofPages) keep(kept []filePages) {
	for _, f := range kept {
		if _, ok := p.runs[f.File]; !ok {
			p.order = append(p.order, f.File)
		}
		p.runs[f.File] = append(p.runs[f.File], f.Runs...)
	}
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

// writeHTMLReport writes the HTML page of runs to path, generated by this mc.
func writeHTMLReport(path, title string, runs []web.Run) error {
	return pictures.WriteHTML(path, title, "mc "+version(), runs)
}
