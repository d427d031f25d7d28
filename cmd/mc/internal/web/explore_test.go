package web

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// fakeExplorer knows one configuration, "a", whose one successor is "b"; it records the
// last Via it was given.
type fakeExplorer struct{ via *Via }

func (f *fakeExplorer) Start() Start {
	return Start{Title: "fake", Variables: []string{"x"}, Configs: []string{"a"}, Note: "one"}
}

func (f *fakeExplorer) Random() string { return "a" }

func (f *fakeExplorer) View(key string, via *Via) (*View, error) {
	if key != "a" && key != "b" {
		return nil, errors.New("no configuration " + key)
	}
	f.via = via
	return &View{Key: key, SVG: "<svg></svg>", Values: []Value{{Name: "x", Value: key}},
		Successors: []Successor{{Index: 0, Step: "P0 go", Key: "b"}}}, nil
}

func get(t *testing.T, url string) (int, string, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body), resp.Header
}

// The page and each route of the API answer as the package doc says; bad requests are 400
// with a message in JSON.
func TestExploreRoutes(t *testing.T) {
	fake := &fakeExplorer{}
	h, err := ExploreHandler(fake)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	code, body, hdr := get(t, srv.URL+"/")
	if code != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "text/html") || !strings.Contains(body, `id="succ"`) ||
		!strings.Contains(body, ".picture svg{") || !strings.Contains(body, `api("/api/initial")`) {
		t.Fatalf("page: %d %s", code, body)
	}
	if code, body, _ = get(t, srv.URL+"/api/initial"); code != 200 || !strings.Contains(body, `"configs":["a"]`) {
		t.Errorf("initial: %d %s", code, body)
	}
	if code, body, _ = get(t, srv.URL+"/api/random"); code != 200 || strings.TrimSpace(body) != `{"key":"a"}` {
		t.Errorf("random: %d %s", code, body)
	}
	if code, body, _ = get(t, srv.URL+"/api/state?c=b&from=a&step=0"); code != 200 || fake.via == nil || *fake.via != (Via{From: "a", Step: 0}) {
		t.Errorf("state via a step: %d %s %+v", code, body, fake.via)
	}
	var v View
	if err := json.Unmarshal([]byte(body), &v); err != nil || v.Key != "b" || len(v.Successors) != 1 {
		t.Errorf("state: %v %+v", err, v)
	}
	for _, c := range []struct{ query, says string }{
		{"", "c=KEY is missing"},
		{"?c=zz", "no configuration zz"},
		{"?c=a&from=a&step=x", `step="x" is not the index`},
		{"?c=a&from=a&step=-1", "is not the index"},
	} {
		code, body, _ := get(t, srv.URL+"/api/state"+c.query)
		var e struct{ Error string }
		if err := json.Unmarshal([]byte(body), &e); code != 400 || err != nil || !strings.Contains(e.Error, c.says) {
			t.Errorf("%q: %d %s", c.query, code, body)
		}
	}
	if code, _, _ := get(t, srv.URL+"/nosuch"); code != 404 {
		t.Errorf("/nosuch: %d", code)
	}
	if resp, err := http.Post(srv.URL+"/api/state?c=a", "text/plain", nil); err != nil || resp.StatusCode != 405 {
		t.Errorf("POST: %v %v", err, resp)
	}
}

// A request whose Host is not a loopback name, as a page rebinding its domain to 127.0.0.1
// sends, is refused.
func TestExploreRefusesOtherHosts(t *testing.T) {
	h, err := ExploreHandler(&fakeExplorer{})
	if err != nil {
		t.Fatal(err)
	}
	for host, want := range map[string]int{"evil.example:80": 403, "10.0.0.1": 403, "localhost:8080": 200,
		"127.0.0.1:1": 200, "[::1]:8080": 200, "LOCALHOST": 200} {
		r := httptest.NewRequest("GET", "/api/initial", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %s: %d, want %d", host, w.Code, want)
		}
	}
	for _, host := range []string{"", "0.0.0.0", "::", "192.0.2.1", "localhost.example", "127.0.0.1.example"} {
		if LoopbackHost(host) {
			t.Errorf("LoopbackHost(%q)", host)
		}
	}
}
