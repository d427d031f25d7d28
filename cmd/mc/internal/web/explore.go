package web

import (
	"bytes"
	"encoding/json"
	"html/template"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// The explorer is a page to walk a model's state graph by hand: from any configuration, the
// user picks the daemon's next step among the successors listed, and goes back at will. The
// server keeps no state of its own: the path walked lives in the page, and each request
// expands the one configuration it names, so a model whose universe is far too large to
// enumerate is explored as easily as a small one.
//
// The page and its JSON API (every answer a JSON object; an error is {"error": "..."}):
//
//	GET /                                   the page
//	GET /api/initial                        Start: the instance, its variables, a few configurations
//	GET /api/random                         {"key": KEY}: a configuration drawn at random
//	GET /api/state?c=KEY                    View of the configuration KEY
//	GET /api/state?c=KEY&from=FROM&step=I   the same, reached from FROM by its successor of index I
//
// A KEY is a configuration's values in the schema's order, comma-separated (the Explorer
// says exactly what it reads). A key the Explorer refuses is answered 400 with its message.

// Explorer is the model behind the page, which the caller implements. The handler calls it
// from one goroutine per request: it must be safe for concurrent use. It must not panic on
// any key, however malformed: refusing a key is an error.
type Explorer interface {
	// Start describes the instance and a few configurations to start from.
	Start() Start
	// Random is the key of a configuration drawn at random from where the model starts.
	Random() string
	// View expands the configuration of key: its picture, values, enabled processes,
	// legitimacy and successors. via, when not nil, is the step the page took into it, so
	// that the picture marks what the step changed. Every error is the request's fault
	// (a key that names no configuration, a step the configuration does not have).
	View(key string, via *Via) (*View, error)
}

// Start is what the page shows before any configuration: the instance explored, its
// variables (the order of a key's values) and configurations to start from.
type Start struct {
	Title     string   `json:"title"`
	Variables []string `json:"variables"`
	// Procs name the processes, by number, as traces name them ("P0", or a topology file's
	// "paris"): what the page's list of enabled processes says.
	Procs []string `json:"procs"`
	// Configs are keys: the model's initial configurations, or samples when it starts from
	// every one; Note says which.
	Configs []string `json:"configs"`
	Note    string   `json:"note"`
}

// Via is the step taken into a configuration: the successor of index Step of From.
type Via struct {
	From string
	Step int
}

// View is one configuration as the page shows it.
type View struct {
	// Key is the configuration's canonical key, which may differ from the one asked for
	// (numbers given for named values, spaces).
	Key string `json:"key"`
	// SVG is the picture of the configuration: a standalone <svg> element.
	SVG    string  `json:"svg"`
	Values []Value `json:"values"`
	// Enabled lists the processes enabled here; nil when the model marks none.
	Enabled []int `json:"enabled"`
	// Legit says whether the configuration is legitimate; nil when the model has no
	// legitimate set.
	Legit *bool `json:"legit"`
	// Failing names the invariants that do not hold here.
	Failing []string `json:"failing"`
	// Successors are the daemon's steps from here, in the model's order; Truncated says that
	// there are more than those listed.
	Successors []Successor `json:"successors"`
	Truncated  bool        `json:"truncated,omitempty"`
	// Note is a remark on the successors, e.g. a daemon's limit that left them out.
	Note string `json:"note,omitempty"`
}

// Value is one variable's value in a configuration.
type Value struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Number marks a variable whose domain has no names: mc's trace JSON writes its value
	// as a number (the page's "copy as trace" needs to know).
	Number bool `json:"number,omitempty"`
	// Changed marks a value the step of Via changed.
	Changed bool `json:"changed,omitempty"`
}

// Successor is one step of the daemon from a configuration.
type Successor struct {
	// Index is the step's position in the model's order of successors: what a trace
	// records to replay it.
	Index int `json:"index"`
	// Step names the moves, e.g. "P1 B1, P3 B1".
	Step  string `json:"step"`
	Moves []Move `json:"moves"`
	// Key is the configuration the step leads to, and Legit whether it is legitimate (nil:
	// the model has no legitimate set).
	Key   string `json:"key"`
	Legit *bool  `json:"legit"`
	// Changes lists the values the step changes, e.g. "x1 2→0".
	Changes string `json:"changes"`
}

// Move is one process's move in a step, as mc's trace JSON writes it.
type Move struct {
	Process int    `json:"process"`
	Rule    string `json:"rule"`
	Outcome int    `json:"outcome,omitempty"`
}

// explorer serves one Explorer.
type explorer struct {
	x    Explorer
	page []byte // rendered once: the page is static, its data comes from the API
}

// ExploreHandler serves the explorer's page and API for x. It answers only requests
// addressed to a loopback host (see loopbackOnly); the caller listens on loopback too.
func ExploreHandler(x Explorer) (http.Handler, error) {
	page, err := explorePage()
	if err != nil {
		return nil, err
	}
	e := &explorer{x: x, page: page}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", e.servePage)
	mux.HandleFunc("GET /api/initial", func(w http.ResponseWriter, _ *http.Request) { writeJSON(w, http.StatusOK, e.x.Start()) })
	mux.HandleFunc("GET /api/random", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"key": e.x.Random()})
	})
	mux.HandleFunc("GET /api/state", e.serveState)
	return loopbackOnly(mux), nil
}

// explorePage renders the page with its style and script inlined, as the report is.
func explorePage() ([]byte, error) {
	style, err := inlined("report.css", "explore.css")
	if err != nil {
		return nil, err
	}
	script, err := inlined("explore.js")
	if err != nil {
		return nil, err
	}
	t, err := template.ParseFS(assets, "assets/explore.html")
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	err = t.Execute(&out, struct {
		Style  template.CSS
		Script template.JS
	}{template.CSS(style), template.JS(script)})
	return out.Bytes(), err
}

func (e *explorer) servePage(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// The page runs its own inline script and style and talks to this server only.
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:")
	w.Write(e.page)
}

func (e *explorer) serveState(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	key := q.Get("c")
	if strings.TrimSpace(key) == "" {
		writeError(w, "c=KEY is missing: the configuration's values, comma-separated")
		return
	}
	var via *Via
	if from := q.Get("from"); from != "" {
		step, err := strconv.Atoi(q.Get("step"))
		if err != nil || step < 0 {
			writeError(w, "step="+strconv.Quote(q.Get("step"))+" is not the index of a successor")
			return
		}
		via = &Via{From: from, Step: step}
	}
	v, err := e.x.View(key, via)
	if err != nil {
		writeError(w, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// loopbackOnly refuses a request whose Host is not a loopback address or localhost.
// Listening on loopback keeps other machines out, but not a web page in the user's own
// browser that rebinds its domain's name to 127.0.0.1 (DNS rebinding): its requests carry
// that domain as their Host.
func loopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !LoopbackHost(r.Host) {
			http.Error(w, "mc explore answers requests to localhost only", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// LoopbackHost reports whether host (with or without a port) is localhost or a loopback IP.
func LoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func writeError(w http.ResponseWriter, msg string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"cannot encode the answer"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}
