package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// heavy are the README's commands that take minutes or gigabytes; the test runs them with a
// bound, which must stop them inconclusive (exit 3): the command line is valid, the run starts.
var heavy = map[string]string{
	"check ssarrow -p n=3":                                       "--max-states 50000",
	"check ssarrow -p n=4 -p init=0 --topology star":             "--max-states 50000",
	"check ssarrow -p n=3 --dir /tmp/run --checkpoint-every 10m": "--max-states 50000",
	"check --resume /tmp/run --workers 4":                        "--max-states 100000",
}

// readmeCommand is one mc command of README.md, and the output README shows after it, if any.
type readmeCommand struct {
	args   []string
	output []string
}

// readmeCommands reads the mc commands of README.md's sh blocks, continuation lines joined and
// comments dropped, and the plain block that follows a block of one command.
func readmeCommands(t *testing.T, text string) (cmds []readmeCommand, others []string) {
	t.Helper()
	blocks := regexp.MustCompile("(?s)```(\\w*)\n(.*?)```").FindAllStringSubmatch(text, -1)
	for i, b := range blocks {
		if b[1] != "sh" {
			continue
		}
		var inBlock []readmeCommand
		for _, line := range strings.Split(strings.ReplaceAll(b[2], "\\\n", " "), "\n") {
			line, _, _ = strings.Cut(line, "#")
			fields := strings.Fields(line)
			switch {
			case len(fields) == 0:
			case fields[0] == "./mc":
				inBlock = append(inBlock, readmeCommand{args: fields[1:]})
			case len(fields) > 2 && fields[0] == "go" && fields[1] == "run" && fields[2] == "./cmd/mc":
				inBlock = append(inBlock, readmeCommand{args: fields[3:]})
			default:
				others = append(others, strings.Join(fields, " "))
			}
		}
		if len(inBlock) == 1 && i+1 < len(blocks) && blocks[i+1][1] == "" {
			inBlock[0].output = strings.Split(strings.TrimRight(blocks[i+1][2], "\n"), "\n")
		}
		cmds = append(cmds, inBlock...)
	}
	return cmds, others
}

// Every command README.md shows runs as shown, from the repository's root: a verdict (exit 0
// or 1), or for the heavy ones, bounded, exit 3; and where README shows the output, every line
// of it (but the time, and "...") is in the output, in order. Its go commands are go build,
// which the test runs, and go test, which is this suite.
func TestReadmeCommands(t *testing.T) {
	text, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	cmds, others := readmeCommands(t, string(text))
	if len(cmds) < 20 {
		t.Fatalf("only %d mc commands found in README.md", len(cmds))
	}
	root, _ := filepath.Abs("../..")
	tmp := t.TempDir()
	t.Chdir(root)
	for _, c := range cmds {
		line := strings.Join(c.args, " ")
		args := c.args
		bound, isHeavy := heavy[line]
		if isHeavy {
			args = append(slices.Clone(args), strings.Fields(bound)...)
		} else if testing.Short() && strings.HasPrefix(line, "sweep") {
			continue
		}
		for i, a := range args { // files the README writes go to a temporary directory
			if a == "/tmp/run" || a == "run.json" {
				args[i] = filepath.Join(tmp, filepath.Base(a))
			}
		}
		code, out, stderr := mc(t, args...)
		switch {
		case isHeavy && code != exitInconclusive:
			t.Errorf("mc %s (bounded): exit %d, want 3: %s", line, code, stderr)
		case !isHeavy && code != exitHolds && code != exitViolated:
			t.Errorf("mc %s: exit %d: %s", line, code, stderr)
		}
		if missing := shownLines(c.output, out); missing != "" {
			t.Errorf("mc %s: README shows %q, not in the output:\n%s", line, missing, out)
		}
	}
	for _, other := range others {
		switch other {
		case "go test ./...":
		case "go build -o mc ./cmd/mc":
			if testing.Short() {
				continue
			}
			cmd := exec.Command("go", "build", "-o", filepath.Join(tmp, "mc"), "./cmd/mc")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s: %v: %s", other, err, out)
			}
		default:
			t.Errorf("README shows %q, which this test does not run", other)
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
