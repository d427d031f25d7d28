package pictures

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/mc-checker/mc/checker/model"
	"github.com/mc-checker/mc/cmd/mc/internal/summary"
)

// WriteDOT writes each drawn configuration of each trace as DIR/NN-name/KKK.dot and
// .svg; a long trace keeps its first and last ShownEnds configurations, as the report does.
// It returns how many traces and configurations it drew.
func WriteDOT(dir string, r *summary.Run, proto model.Protocol) (traces, configs int, err error) {
	sc := Scene(r.Model, proto)
	all, _ := reportTraces(r)
	for k, tt := range all {
		d, err := newDrawnTrace(r.Model, tt.t)
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", tt.title, err)
		}
		sub := filepath.Join(dir, fmt.Sprintf("%02d-%s", k+1, slug(tt.title)))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return 0, 0, fmt.Errorf("cannot write the pictures: %w", err)
		}
		width := len(fmt.Sprint(d.configs() - 1))
		for _, i := range d.shownConfigs(ShownEnds) {
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
