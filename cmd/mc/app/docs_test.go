package app

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mc-checker/mc/checker/testtier"
	"github.com/mc-checker/mc/examples/agree"
	"github.com/mc-checker/mc/models"
)

// docPages are the pages whose commands, proof files and code the suite runs or checks.
var docPages = []string{"README.md", "docs/ERRORS.md", "docs/PROTOCOLS.md", "docs/PERFORMANCE.md",
	"docs/DESIGN.md", "docs/SSARROW.md", "docs/ARVY.md", "docs/DIJKSTRA.md", "docs/LEK.md", "docs/RANDOMIZED.md", "docs/LEADER.md", "docs/LANGUAGE.md", "docs/SYMBOLIC.md", "docs/REPORT.md", "docs/ARCHITECTURE.md", "docs/LIBRARY.md", "docs/CLUSTER.md", "docs/SCALE.md", "bench/README.md"}

// TestEveryPageIsRead: a page added to docs/ is among docPages (but the combination table,
// which TestCombinationsPage writes from the checker's).
func TestEveryPageIsRead(t *testing.T) {
	pages, _ := filepath.Glob("../../../docs/*.md")
	for _, p := range pages {
		name := "docs/" + filepath.Base(p)
		if name != "docs/COMBINATIONS.md" && !slices.Contains(docPages, name) {
			t.Errorf("%s is not among docPages: its commands are not run", name)
		}
	}
	if len(pages) == 0 {
		t.Fatal("no page found")
	}
}

var statedExit = regexp.MustCompile(`#.*\bexit (\d)\b`)

var fence = regexp.MustCompile("(?s)```(\\w*)\n(.*?)```")

// pageCommands reads the commands of a page's sh blocks (continuation lines joined, comments
// dropped, quotes honoured) and the plain block that follows a block of one command; and its
// yaml and go blocks.
func pageCommands(page, text string) (cmds []docCommand, yamls, gos []string) {
	blocks := fence.FindAllStringSubmatch(text, -1)
	for i, b := range blocks {
		switch b[1] {
		case "yaml":
			yamls = append(yamls, b[2])
		case "go":
			gos = append(gos, b[2])
		case "sh":
			var inBlock []docCommand
			for _, line := range strings.Split(strings.ReplaceAll(b[2], "\\\n", " "), "\n") {
				if words := shellWords(line); len(words) > 0 {
					c := docCommand{page: page, words: words, exit: -1}
					if m := statedExit.FindStringSubmatch(line); m != nil {
						c.exit = int(m[1][0] - '0')
					}
					inBlock = append(inBlock, c)
				}
			}
			if len(inBlock) == 1 && i+1 < len(blocks) && blocks[i+1][1] == "" {
				inBlock[0].output = strings.Split(strings.TrimRight(blocks[i+1][2], "\n"), "\n")
			}
			cmds = append(cmds, inBlock...)
		}
	}
	return cmds, yamls, gos
}

// shellWords splits a line as a shell would for these pages: quotes group, # starts a comment.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	quote, inWord := rune(0), false
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '#' && !inWord:
			return words
		case r == ' ' || r == '\t':
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// mcArgs returns the arguments of an mc command, past timing wrappers and environment
// assignments, or false for another program.
func mcArgs(words []string) ([]string, bool) {
	for len(words) > 0 {
		switch w := words[0]; {
		case w == "time":
			words = words[1:]
		case w == "/usr/bin/time" && len(words) > 2 && words[1] == "-f":
			words = words[3:]
		case w == "./mc" || w == "mc" || w == "/tmp/mc":
			return words[1:], true
		case len(words) > 2 && w == "go" && words[1] == "run" && (words[2] == "./cmd/mc" || words[2] == "./examples/agree/mc"):
			return words[3:], true // the second is mc with agree in its catalogue, as this test registers it
		default:
			return nil, false
		}
	}
	return nil, false
}

// Every command the pages show runs as shown, from the repository's root: an mc command
// gives a verdict (exit 0 or 1), or the exit code its comment states ("exit 2"), or for the
// heavy ones, stopped by a time limit, exit 3; and
// where the page shows the output, every line of it (but times, and "...") is in the output
// (stdout, then stderr), in order. Every proof file a page shows passes mc verify, and every line of Go that
// docs/PROTOCOLS.md shows is a line of examples/agree. go build runs; go test ./... is this
// suite; a benchmark a page names exists; a script a page runs (bench/*.sh, bench/*.py)
// exists and parses.
func TestDocumentedCommands(t *testing.T) {
	remove, err := models.Register(agree.Entry()) // the protocol docs/PROTOCOLS.md builds
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	root, _ := filepath.Abs("../../..")
	tmp := t.TempDir()
	t.Chdir(root)
	ran = map[string]docOutput{}
	mcCommands := 0
	for _, page := range docPages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		cmds, yamls, gos := pageCommands(page, string(text))
		for _, c := range cmds { // one subtest each: -json times them, -run picks one
			t.Run(page+" "+strings.Join(c.words, " "), func(t *testing.T) {
				if args, ok := mcArgs(c.words); ok {
					mcCommands++
					runDocumented(t, c, args, tmp)
				} else {
					otherCommand(t, c, tmp)
				}
			})
		}
		for i, y := range yamls {
			path := filepath.Join(tmp, filepath.Base(page)+"-proof.yaml")
			os.WriteFile(path, []byte(y), 0o644)
			if code, out, stderr := mc(t, "verify", path); code != exitHolds {
				t.Errorf("%s: proof %d: exit %d: %s %s", page, i+1, code, out, stderr)
			}
		}
		if sources := goSources[page]; len(gos) > 0 && sources != nil {
			codeIsTested(t, page, gos, sources)
		}
	}
	if mcCommands < 30 && !strings.Contains(flagRun(), "/") {
		t.Fatalf("only %d mc commands found in the pages", mcCommands)
	}
}

// runDocumented runs one mc command of a page, and compares its output with the page's.
func runDocumented(t *testing.T, c docCommand, args []string, tmp string) {
	t.Helper()
	line := strings.Join(args, " ")
	switch {
	case long[line] && !testtier.Long():
		t.Skip("long tier (MC_LONG=1): more than two seconds")
	case testing.Short() && (slow[line] || strings.HasPrefix(line, "sweep")):
		t.Skip("about a second")
	case testing.Short() && heavy[line]:
		t.Skip("minutes or gigabytes: the default tier starts it and stops it")
	}
	if args[0] == "explore" { // it serves until stopped: fetch its page, then stop it
		exploreBriefly(t, args)
		return
	}
	args = slices.Clone(args)
	for i, a := range args { // files the pages write go to a temporary directory
		switch {
		case strings.HasPrefix(a, "/tmp/"):
			args[i] = filepath.Join(tmp, strings.TrimPrefix(a, "/tmp/"))
		case a == "run.json":
			args[i] = filepath.Join(tmp, a)
		}
	}
	if heavy[line] {
		limit := "200ms" // the command line is valid and the run starts
		switch {
		case strings.Contains(line, "--dir /tmp/run"):
			limit = "3s" // it must have saved something for the --resume after it, on a loaded machine too
		case testtier.Long():
			limit = "1s"
		}
		args = append(args, "--timeout", limit)
	}
	code, out, stderr := ranOnce(t, line, args)
	switch {
	case heavy[line] && code != exitInconclusive:
		t.Errorf("%s: mc %s (with a --timeout): exit %d, want 3: %s", c.page, line, code, stderr)
	case c.exit >= 0 && code != c.exit:
		t.Errorf("%s: mc %s: exit %d, the page says %d: %s", c.page, line, code, c.exit, stderr)
	case !heavy[line] && c.exit < 0 && code != exitHolds && code != exitViolated:
		t.Errorf("%s: mc %s: exit %d: %s", c.page, line, code, stderr)
	}
	// An error's output is on stderr (a model error's configuration and path): what the page
	// shows is looked for in stdout, then stderr.
	if missing := shownLines(c.output, out+"\n"+stderr); missing != "" {
		t.Errorf("%s: mc %s: the page shows %q, not in the output:\n%s%s", c.page, line, missing, out, stderr)
	}
}

// ran are the outputs of the documented commands that write no file, by command line: a
// command several pages show runs once (the test runs the pages' commands in turn).
var ran = map[string]docOutput{}

type docOutput struct {
	code        int
	out, stderr string
}

// ranOnce runs an mc command of a page, or gives the output it had on an earlier page when
// it writes no file and its output is its own (no time limit).
func ranOnce(t *testing.T, line string, args []string) (code int, out, stderr string) {
	t.Helper()
	pure := !heavy[line] && !strings.Contains(line, "/tmp/") && !strings.Contains(line, "run.json") && !strings.Contains(line, "--timeout")
	if o, ok := ran[line]; ok && pure {
		return o.code, o.out, o.stderr
	}
	code, out, stderr = mc(t, args...)
	if pure {
		ran[line] = docOutput{code, out, stderr}
	}
	return code, out, stderr
}

// otherCommand runs or checks a command of a page that is not mc's.
func otherCommand(t *testing.T, c docCommand, tmp string) {
	t.Helper()
	words := c.words
	for len(words) > 0 && strings.Contains(words[0], "=") { // environment assignments
		words = words[1:]
	}
	if len(words) > 0 && words[0] == "bash" {
		words = words[1:]
	}
	line := strings.Join(words, " ")
	switch {
	case line == "go test ./...":
	case strings.HasPrefix(line, "go build -o ") && strings.HasSuffix(line, " ./cmd/mc"):
		if !testing.Short() {
			if out, err := exec.Command("go", "build", "-o", filepath.Join(tmp, "mc"), "./cmd/mc").CombinedOutput(); err != nil {
				t.Errorf("%s: %s: %v: %s", c.page, line, err, out)
			}
		}
	case strings.HasPrefix(line, "go test ") && slices.Contains(words, "-bench"):
		targetExists(t, c.page, words, "-bench", "Benchmark")
	case strings.HasPrefix(line, "go test ") && slices.Contains(words, "-fuzz"):
		targetExists(t, c.page, words, "-fuzz", "")
	case strings.HasPrefix(line, "go test ") && slices.Contains(words, "-run"):
		targetExists(t, c.page, words, "-run", "") // a long-tier run: the test exists
	case strings.HasPrefix(line, "bench/") && strings.HasSuffix(words[0], ".sh"):
		if out, err := exec.Command("bash", "-n", words[0]).CombinedOutput(); err != nil {
			t.Errorf("%s: %s does not parse: %v %s", c.page, words[0], err, out)
		}
	case len(words) > 1 && words[0] == "python3" && strings.HasPrefix(words[1], "bench/") && strings.HasSuffix(words[1], ".py"):
		if _, err := exec.LookPath("python3"); err != nil {
			return // the oracles need Python; mc does not
		}
		parse := "import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])"
		if out, err := exec.Command("python3", "-c", parse, words[1]).CombinedOutput(); err != nil {
			t.Errorf("%s: %s does not parse: %v %s", c.page, words[1], err, out)
		}
	default:
		t.Errorf("%s shows %q, which this test neither runs nor checks", c.page, line)
	}
}

// targetExists checks that the package a go test -bench or -fuzz command names has the
// benchmark or the fuzz target (prefix: what go test puts before a benchmark's name).
func targetExists(t *testing.T, page string, words []string, flag, prefix string) {
	t.Helper()
	if !testtier.Long() {
		t.Skip("long tier (MC_LONG=1): go test -list builds the package's tests")
	}
	name := prefix + words[slices.Index(words, flag)+1]
	out, err := exec.Command("go", "test", words[2], "-list", "^"+name).CombinedOutput()
	if err != nil || !strings.Contains(string(out), name) {
		t.Errorf("%s: %s has no %s: %v %s", page, words[2], name, err, out)
	}
}

// goSources are the files whose lines a page's Go must be: code the tests compile and run.
var goSources = map[string][]string{
	"docs/PROTOCOLS.md": {"examples/agree/agree.go", "examples/agree/agree_test.go", "examples/agree/mc/main.go"},
	"docs/LIBRARY.md":   {"checker/library_example_test.go", "checker/runs/example_test.go"},
}

// codeIsTested checks that every line of Go a page shows is a line of its sources.
func codeIsTested(t *testing.T, page string, blocks []string, sources []string) {
	t.Helper()
	var source strings.Builder
	for _, f := range sources {
		b, _ := os.ReadFile(f)
		source.Write(b)
	}
	have := map[string]bool{}
	for _, l := range strings.Split(source.String(), "\n") {
		have[strings.TrimSpace(l)] = true
	}
	for _, b := range blocks {
		for _, l := range strings.Split(b, "\n") {
			if l = strings.TrimSpace(l); l != "" && !have[l] {
				t.Errorf("%s shows %q, which %s do not have", page, l, strings.Join(sources, ", "))
			}
		}
	}
}

// shownLines returns the first line of shown (but a time line, or "...") that is not in out,
// in order; "" if every one is.
func shownLines(shown []string, out string) string {
	lines := strings.Split(out, "\n")
	at := 0
	for _, want := range shown {
		want = strings.TrimRight(want, " ")
		if strings.TrimSpace(want) == "..." || strings.HasPrefix(strings.TrimSpace(want), "time ") {
			continue
		}
		for at < len(lines) && strings.TrimRight(lines[at], " ") != want {
			at++
		}
		if at == len(lines) {
			return want
		}
		at++
	}
	return ""
}

// flagRun is go test's -run pattern: with a subtest pattern, most pages' commands are not run.
func flagRun() string {
	if f := flag.Lookup("test.run"); f != nil {
		return f.Value.String()
	}
	return ""
}

// docs/ARCHITECTURE.md is the map a newcomer reads first: every package of the module (every
// directory with Go files outside testdata) is in its table, by its whole path in backquotes,
// and the page stays within 150 lines.
func TestArchitectureMapsEveryPackage(t *testing.T) {
	root, _ := filepath.Abs("../../..")
	text, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(text), "\n"); n > 150 {
		t.Errorf("docs/ARCHITECTURE.md has %d lines, more than 150", n)
	}
	packages := map[string]bool{}
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")):
			return filepath.SkipDir
		case d.IsDir() && path != root && fileExists(filepath.Join(path, "go.mod")): // a module of its own (bench/rudd)
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go"):
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			packages[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	delete(packages, ".")
	if len(packages) < 30 {
		t.Fatalf("only %d packages found under %s", len(packages), root)
	}
	for p := range packages {
		if !strings.Contains(string(text), "`"+p+"`") {
			t.Errorf("docs/ARCHITECTURE.md does not map package %s", p)
		}
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
