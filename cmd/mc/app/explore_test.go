package app

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/checker/model/universe"
	"github.com/mc-checker/mc/cmd/mc/internal/web"
	"github.com/urfave/cli/v2"
)

// exploreServer serves the explorer of Dijkstra's ring, n=4 K=3, central daemon.
func exploreServer(t *testing.T) (*built, *httptest.Server) {
	t.Helper()
	b, err := exploreBuild("dijkstra", map[string]int{"n": 4, "K": 3}, "", "central")
	if err != nil {
		t.Fatal(err)
	}
	h, err := web.ExploreHandler(newModelExplorer(b))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return b, srv
}

// apiGet decodes the answer of the API at path into v, and returns its status.
func apiGet(t *testing.T, srv *httptest.Server, path string, v any) int {
	t.Helper()
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("%s: %d %s: %v", path, resp.StatusCode, body, err)
	}
	return resp.StatusCode
}

func stateKey(sch *model.Schema, s model.State) string { return strings.Join(sch.Values(s), ",") }

// For every configuration of the ring, the API lists exactly the model's successors (same
// indices, same targets, in order), the processes EnabledMask enables, and the legitimacy
// and invariants of the spec, for the configuration and each target.
func TestExploreAgreesWithTheModel(t *testing.T) {
	b, srv := exploreServer(t)
	sch, procs := b.model.Schema(), b.model.(model.Processes)
	u, err := universe.New(sch)
	if err != nil {
		t.Fatal(err)
	}
	configs := 0
	for s := sch.NewState(); ; {
		configs++
		key := stateKey(sch, s)
		var v web.View
		if code := apiGet(t, srv, "/api/state?c="+url.QueryEscape(key), &v); code != 200 || v.Key != key || !strings.HasPrefix(v.SVG, "<svg") {
			t.Fatalf("%s: %d %+v", key, code, v)
		}
		var want []web.Successor
		b.model.Successors(s, func(st model.Step, to model.State) bool {
			legit := b.check.Legit(to)
			want = append(want, web.Successor{Index: st.Index, Key: stateKey(sch, to), Legit: &legit})
			return true
		})
		if len(v.Successors) != len(want) {
			t.Fatalf("%s: %d successors listed, the model has %d", key, len(v.Successors), len(want))
		}
		for i, got := range v.Successors {
			if got.Index != want[i].Index || got.Key != want[i].Key || got.Legit == nil || *got.Legit != *want[i].Legit {
				t.Errorf("%s: successor %d is %+v, want %+v", key, i, got, want[i])
			}
		}
		var enabled []int
		for p := range sch.Procs() {
			if procs.EnabledMask(s)>>p&1 != 0 {
				enabled = append(enabled, p)
			}
		}
		if !slices.Equal(v.Enabled, enabled) || v.Legit == nil || *v.Legit != b.check.Legit(s) {
			t.Errorf("%s: enabled %v legit %v, want %v %v", key, v.Enabled, *v.Legit, enabled, b.check.Legit(s))
		}
		failing := []string{}
		for _, inv := range b.check.Invariants {
			if !inv.Holds(s) {
				failing = append(failing, inv.Name)
			}
		}
		if !slices.Equal(v.Failing, failing) {
			t.Errorf("%s: failing %v, want %v", key, v.Failing, failing)
		}
		if !u.Next(s) {
			break
		}
	}
	if configs != 81 {
		t.Fatalf("%d configurations", configs)
	}
}

// A step into a configuration marks what it changed; the start's samples and a random draw
// are configurations of the model; a bad key or step is a 400 with the reason.
func TestExploreStepsAndBadKeys(t *testing.T) {
	_, srv := exploreServer(t)
	var v web.View
	if code := apiGet(t, srv, "/api/state?c=1,1,2,0&from=0,1,2,0&step=0", &v); code != 200 {
		t.Fatalf("%d %+v", code, v)
	}
	for i, val := range v.Values {
		if val.Changed != (i == 0) || !val.Number {
			t.Errorf("after P0's move, value %d is %+v", i, val)
		}
	}
	var start web.Start
	if code := apiGet(t, srv, "/api/initial", &start); code != 200 || !slices.Equal(start.Variables, []string{"x0", "x1", "x2", "x3"}) || len(start.Configs) == 0 {
		t.Fatalf("%d %+v", code, start)
	}
	var random struct{ Key string }
	apiGet(t, srv, "/api/random", &random)
	for _, key := range append(start.Configs, random.Key, "0 1 2 0", " 2, 2 ,1,0") {
		if code := apiGet(t, srv, "/api/state?c="+url.QueryEscape(key), &v); code != 200 {
			t.Errorf("%q: %d", key, code)
		}
	}
	for query, says := range map[string]string{
		"c=1,2":                           "state has 2 values, the schema has 4 variables",
		"c=1,2,3,0":                       `variable x2: value "3" is not in the domain 0..2`,
		"c=a,b,c,d":                       `variable x0: value "a" is not in the domain 0..2`,
		"c=1,2,0,0,1":                     "state has 5 values",
		"c=,,,":                           `value "" is not in the domain`,
		"c=":                              "c=KEY is missing",
		"c=1,1,2,0&from=0,1,2,0&step=1":   "successor 1 of 0,1,2,0 does not lead to 1,1,2,0",
		"c=1,1,2,0&from=0,1,2,0&step=9":   "configuration 0,1,2,0 has no successor of index 9",
		"c=1,1,2,0&from=0,1&step=0":       "from: state has 2 values",
		"c=1,1,2,0&from=0,1,2,0&step=one": `step="one" is not the index of a successor`,
	} {
		var e struct{ Error string }
		if code := apiGet(t, srv, "/api/state?"+query, &e); code != 400 || !strings.Contains(e.Error, says) {
			t.Errorf("%s: %d %q, want 400 %q", query, code, e.Error, says)
		}
	}
}

// --listen takes a loopback address only: anything else is a usage error, before any model
// is built or port opened.
func TestExploreListensOnLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "192.0.2.1:80", ":0", "[::]:0", "example.com:80", "127.0.0.1", "nonsense"} {
		code, out, stderr := mc(t, "explore", "dijkstra", "-p", "n=4", "-p", "K=3", "--listen", addr)
		if code != exitUsage || out != "" || !strings.HasPrefix(stderr, "mc: --listen ") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("--listen %s: exit %d, %q %q", addr, code, out, stderr)
		}
	}
	if code, _, stderr := mc(t, "explore", "dijkstra", "--listen", "0.0.0.0:0"); !strings.Contains(stderr, "want a loopback address") || code != exitUsage {
		t.Errorf("exit %d: %q", code, stderr)
	}
}

var exploreURL = regexp.MustCompile(`^mc explore: (http://127\.0\.0\.1:\d+/) \(Ctrl-C to stop\)\n`)

// waitForURL waits (generously: the machine may be loaded) for the URL mc explore prints.
func waitForURL(t *testing.T, out *lockedBuffer) string {
	t.Helper()
	for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(10 * time.Millisecond) {
		if m := exploreURL.FindStringSubmatch(out.String()); m != nil {
			return m[1]
		}
	}
	t.Fatalf("no URL after a minute: %q", out.String())
	return ""
}

// The command serves the page on the address it prints until its context is cancelled, then
// stops serving and returns no error (exit 0).
func TestExploreServesUntilCancelled(t *testing.T) {
	exploreBriefly(t, []string{"explore", "-p", "n=4", "-p", "K=3", "--listen", "127.0.0.1:0", "dijkstra"})
}

// exploreBriefly runs an mc explore command (on a free loopback port unless it names one),
// fetches its page and its initial configurations, cancels it, and checks that it returns no
// error and stops serving. TestDocumentedCommands runs the pages' explore commands so.
func exploreBriefly(t *testing.T, args []string) {
	t.Helper()
	if !slices.Contains(args, "--listen") {
		args = append(args, "--listen", "127.0.0.1:0")
	}
	var out lockedBuffer
	app := &cli.App{Commands: []*cli.Command{exploreCommand()}, Writer: &out, ErrWriter: io.Discard, ExitErrHandler: func(*cli.Context, error) {}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- app.RunContext(ctx, interspersed(app, append([]string{"mc"}, args...))) }()
	var page string
	for start := time.Now(); page == ""; time.Sleep(10 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("mc %s returned before serving: %v", strings.Join(args, " "), err)
		default:
		}
		if m := exploreURL.FindStringSubmatch(out.String()); m != nil {
			page = m[1]
		} else if time.Since(start) > time.Minute {
			t.Fatalf("mc %s: no URL after a minute", strings.Join(args, " "))
		}
	}
	for _, path := range []string{"", "api/initial"} {
		resp, err := http.Get(page + path)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("mc %s: GET %s%s: %v %v", strings.Join(args, " "), page, path, err, resp)
		}
		resp.Body.Close()
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("explore returned %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("explore still serving a minute after its context was cancelled")
	}
	if resp, err := http.Get(page); err == nil {
		resp.Body.Close()
		t.Fatalf("%s still answers after the command returned", page)
	}
}

// Ctrl-C ends a real mc explore with exit 0.
func TestExploreInterruptExitsZero(t *testing.T) {
	var out lockedBuffer
	cmd := childTo(t, &out, "explore", "dijkstra", "-p", "n=4", "-p", "K=3")
	waitForURL(t, &out)
	cmd.Process.Signal(syscall.SIGINT)
	if err := cmd.Wait(); err != nil || cmd.ProcessState.ExitCode() != exitHolds {
		t.Fatalf("exit %d (%v): %s", cmd.ProcessState.ExitCode(), err, out.String())
	}
}
