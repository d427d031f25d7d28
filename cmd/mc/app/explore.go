package app

import (
	"context"
	"fmt"
	"github.com/mc-checker/mc/checker/runs"
	"math/rand/v2"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/picture"
	"github.com/mc-checker/mc/cmd/mc/internal/pictures"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
	"github.com/mc-checker/mc/cmd/mc/internal/trace"
	"github.com/mc-checker/mc/cmd/mc/internal/web"
	"github.com/urfave/cli/v2"
)

func exploreCommand() *cli.Command {
	return &cli.Command{
		Name:      "explore",
		Usage:     "walk the state graph of an instance by hand, in a web page served on this machine only",
		ArgsUsage: "MODEL",
		Description: `Serves a page on a loopback address and prints its URL. From any configuration (the
model's initial ones, a random one, or one typed as its values) the page lists the daemon's
steps with where each leads; pick one to walk on, go back at will, copy the path as a trace.
Only the configurations asked for are expanded: an instance too large to check can be walked.
Ctrl-C stops the server (exit 0).`,
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "param", Aliases: []string{"p"}, Usage: "parameter `name=value` (repeatable)"},
			daemonFlag(),
			&cli.StringFlag{Name: "topology", DefaultText: "path", Usage: "for models on a tree, as for check (not all)"},
			&cli.StringFlag{Name: "listen", Value: "127.0.0.1:0", Usage: "serve on `HOST:PORT`: a loopback address or localhost (port 0: a free one)"},
			&cli.BoolFlag{Name: "open", Usage: "open the page in the default browser"},
		},
		Action: runExplore,
	}
}

func runExplore(c *cli.Context) error {
	addr, err := loopbackAddr(c.String("listen"))
	if err != nil {
		return err
	}
	entry, params, err := modelArg(c)
	if err != nil {
		return err
	}
	if c.String("topology") == "all" && !entry.Rooted {
		return usageError("explore walks one instance; --topology all makes one per tree")
	}
	b, err := exploreBuild(entry.Name, params, c.String("topology"), c.String("daemon"))
	if err != nil {
		return usageError("%w", err)
	}
	h, err := web.ExploreHandler(newModelExplorer(b))
	if err != nil {
		return &exitError{exitInconclusive, err}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usageError("--listen %s: %w", c.String("listen"), err)
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(c.App.Writer, "mc explore: %s (Ctrl-C to stop)\n", url)
	if c.Bool("open") {
		if err := openBrowser(url); err != nil {
			warn(c, "cannot open a browser (%v): open %s", err, url)
		}
	}
	return serve(c.Context, ln, h)
}

// exploreBuild builds the instance to explore. The explorer runs no check, but names one:
// with the model's default checks, a model whose defaults include recovery would be wrapped
// in its faults, whose steps are not the daemon's.
func exploreBuild(name string, params map[string]int, topology, daemon string) (*runs.Run, error) {
	rs := runs.Description{Model: name, Params: params, Topology: topology, Daemon: daemon, Fairness: "unfair", Checks: []string{"invariant"}}
	return rs.Build()
}

// loopbackAddr checks that --listen names a loopback address, and returns the address to
// listen on: localhost becomes 127.0.0.1, which no hosts file can send elsewhere.
func loopbackAddr(listen string) (string, error) {
	host, port, err := net.SplitHostPort(listen)
	if err != nil || port == "" {
		return "", usageError("--listen %q: want HOST:PORT, e.g. 127.0.0.1:0", listen)
	}
	if !web.LoopbackHost(host) {
		return "", usageError("--listen %s: mc explore serves this machine only: want a loopback address (127.0.0.1, ::1 or localhost) and a port", listen)
	}
	if strings.EqualFold(host, "localhost") {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}

// serve serves h on ln until ctx is done (Ctrl-C, SIGTERM), then shuts the server down:
// requests under way get a moment to finish, then are cut. The moment is shorter than
// quitAfter, after which watchSignals would end the process itself, inconclusive.
func serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return &exitError{exitInconclusive, fmt.Errorf("the server stopped: %w", err)}
	case <-ctx.Done():
	}
	grace, cancel := context.WithTimeout(context.Background(), quitAfter/2)
	defer cancel()
	if err := srv.Shutdown(grace); err != nil {
		srv.Close()
	}
	return nil
}

// openBrowser asks the desktop to open url, without waiting for the browser.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() // reaps it; how the opener ends does not matter
	return nil
}

// exploreListed bounds the successors a view lists: a distributed daemon may offer 2^24.
const exploreListed = 1000

// modelExplorer is a built instance as the explorer's page walks it (web.Explorer). Keys are
// the values of a configuration in schema order, comma-separated, as Schema.ParseValues reads
// them.
type modelExplorer struct {
	// mu serialises the uses of the model: a daemon's model pools its buffers, but not every
	// model is safe for concurrent use, and one person clicking needs no parallelism.
	mu    sync.Mutex
	b     *runs.Run
	sch   *model.Schema
	scene *picture.Scene
	procs model.Processes // nil: enabled processes are not marked (none, or more than 64)
	legit model.Predicate // nil: the model has no legitimate set
	rng   *rand.Rand
}

func newModelExplorer(b *runs.Run) *modelExplorer {
	x := &modelExplorer{b: b, sch: b.Model.Schema(), scene: pictures.Scene(b.Model, b.Protocol), legit: b.Spec.Legit,
		rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0))}
	if x.legit == nil && b.Spec.LegitForm != nil {
		x.legit = b.Spec.LegitForm.Holds
	}
	if p, ok := model.ProcessesOf(b.Model); ok && p.Procs() <= model.MaxFairProcs {
		x.procs = p
	}
	return x
}

// exploreSamples is how many configurations the page offers to start from.
const exploreSamples = 8

func (x *modelExplorer) Start() web.Start {
	x.mu.Lock()
	defer x.mu.Unlock()
	st := web.Start{Title: summary.Title(aboutOf(x.b))}
	for _, v := range x.sch.Vars {
		st.Variables = append(st.Variables, v.Name)
	}
	for p := range x.sch.Procs() {
		st.Procs = append(st.Procs, x.sch.ProcName(p))
	}
	if init := x.b.Init; init != nil {
		for _, s := range init[:min(len(init), exploreSamples)] {
			st.Configs = append(st.Configs, x.key(s))
		}
		st.Note = fmt.Sprintf("the model's %d initial configurations", len(init))
		if len(init) == 1 {
			st.Note = "the model's initial configuration"
		}
		if len(init) > exploreSamples {
			st.Note = fmt.Sprintf("the first %d of the model's %s initial configurations", exploreSamples, group(uint64(len(init))))
		}
		return st
	}
	seen := map[string]bool{}
	if where, _ := model.InitOverUniverse(x.b.Model); where == nil || where(x.sch.NewState()) {
		zero := x.key(x.sch.NewState())
		st.Configs, seen[zero] = append(st.Configs, zero), true
	}
	for try := 0; try < 4*exploreSamples && len(st.Configs) < exploreSamples; try++ {
		if k := x.key(x.draw()); !seen[k] {
			st.Configs, seen[k] = append(st.Configs, k), true
		}
	}
	st.Note = "the model starts anywhere: samples"
	return st
}

func (x *modelExplorer) Random() string {
	x.mu.Lock()
	defer x.mu.Unlock()
	if init := x.b.Init; init != nil {
		return x.key(init[x.rng.IntN(len(init))])
	}
	return x.key(x.draw())
}

// draw is a configuration drawn uniformly from the universe, from the part the model starts
// in when it says which (tried a bounded number of times: the part may be thin).
func (x *modelExplorer) draw() model.State {
	where, _ := model.InitOverUniverse(x.b.Model)
	s := x.sch.NewState()
	for try := 0; try < 1000; try++ {
		for i, v := range x.sch.Vars {
			s[i] = byte(x.rng.IntN(v.Domain.Size))
		}
		if where == nil || where(s) {
			break
		}
	}
	return s
}

func (x *modelExplorer) View(key string, via *web.Via) (*web.View, error) {
	s, err := x.parse(key)
	if err != nil {
		return nil, err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	f := picture.Frame{State: s}
	if via != nil {
		if f.Prev, f.Moved, err = x.stepInto(s, via); err != nil {
			return nil, err
		}
	}
	v := &web.View{Key: x.key(s), Legit: x.legitOf(s), Failing: []string{}}
	if f.Enabled = pictures.EnabledMarks(x.procs, s, x.sch.Procs()); f.Enabled != nil {
		v.Enabled = []int{}
		for p, on := range f.Enabled {
			if on {
				v.Enabled = append(v.Enabled, p)
			}
		}
	}
	var svg strings.Builder
	if err := x.scene.SVG(&svg, f); err != nil {
		return nil, fmt.Errorf("cannot draw the configuration: %w", err)
	}
	v.SVG = svg.String()
	for i, d := range x.sch.Vars {
		v.Values = append(v.Values, web.Value{Name: d.Name, Value: d.Domain.Name(s[i]), Number: len(d.Domain.Names) == 0,
			Changed: f.Prev != nil && f.Prev[i] != s[i]})
	}
	for _, inv := range x.b.Spec.Invariants {
		if !inv.Holds(s) {
			v.Failing = append(v.Failing, inv.Name)
		}
	}
	x.successors(s, v)
	return v, nil
}

// successors lists the daemon's steps from s, and says why there are none when processes are
// enabled (a daemon's limit).
func (x *modelExplorer) successors(s model.State, v *web.View) {
	m := x.b.Model
	v.Successors = []web.Successor{}
	m.Successors(s, func(st model.Step, t model.State) bool {
		if len(v.Successors) == exploreListed {
			v.Truncated = true
			return false
		}
		succ := web.Successor{Index: st.Index, Step: trace.StepName(m, st), Key: x.key(t), Legit: x.legitOf(t), Changes: x.changes(s, t)}
		if succ.Step == "" {
			succ.Step = "step " + strconv.Itoa(st.Index)
		}
		for _, mv := range st.Moves {
			succ.Moves = append(succ.Moves, web.Move{Process: mv.Proc, Rule: trace.RuleName(m, mv), Outcome: mv.Outcome})
		}
		v.Successors = append(v.Successors, succ)
		return true
	})
	if limit := model.BehaviourOf(m).Limit; limit != nil && len(v.Successors) == 0 && len(v.Enabled) > 0 {
		if err := limit(); err != nil {
			v.Note = "No successors listed: " + err.Error() + "."
		}
	}
}

// stepInto checks that the successor via.Step of via.From leads to s, and returns the
// configuration before it and the processes that moved, for the picture to mark.
func (x *modelExplorer) stepInto(s model.State, via *web.Via) (model.State, []bool, error) {
	from, err := x.parse(via.From)
	if err != nil {
		return nil, nil, fmt.Errorf("from: %w", err)
	}
	st, t, err := model.StepOf(x.b.Model, from, via.Step)
	switch {
	case err != nil:
		return nil, nil, fmt.Errorf("configuration %s has no successor of index %d", x.key(from), via.Step)
	case !t.Equal(s):
		return nil, nil, fmt.Errorf("successor %d of %s does not lead to %s", via.Step, x.key(from), x.key(s))
	}
	moved, _ := pictures.MoveMarks(st.Moves, x.sch.Procs())
	return from, moved, nil
}

// parse reads a key: values separated by commas, or by spaces when there is no comma.
func (x *modelExplorer) parse(key string) (model.State, error) {
	var fields []string
	if strings.Contains(key, ",") {
		fields = strings.Split(key, ",")
	} else {
		fields = strings.Fields(key)
	}
	for i := range fields {
		fields[i] = strings.TrimSpace(fields[i])
	}
	return x.sch.ParseValues(fields)
}

// key writes s as parse reads it: each value by its name, or by its number when the name
// would not read back (a comma or a space in it).
func (x *modelExplorer) key(s model.State) string {
	parts := make([]string, len(s))
	for i, v := range x.sch.Vars {
		parts[i] = v.Domain.Name(s[i])
		if b, err := v.Domain.Parse(parts[i]); err != nil || b != s[i] || parts[i] == "" || strings.ContainsAny(parts[i], ", \t\n") {
			parts[i] = strconv.Itoa(int(s[i]))
		}
	}
	return strings.Join(parts, ",")
}

func (x *modelExplorer) legitOf(s model.State) *bool {
	if x.legit == nil {
		return nil
	}
	ok := x.legit(s)
	return &ok
}

// changes lists the values a step from s to t changes, the first few.
func (x *modelExplorer) changes(s, t model.State) string {
	var parts []string
	for i, v := range x.sch.Vars {
		if s[i] != t[i] {
			parts = append(parts, v.Name+" "+v.Domain.Name(s[i])+"→"+v.Domain.Name(t[i]))
		}
	}
	if len(parts) > 6 {
		parts = append(parts[:6], fmt.Sprintf("and %d more", len(parts)-6))
	}
	return strings.Join(parts, ", ")
}
