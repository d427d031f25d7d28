package app

import (
	"bytes"
	"context"
	"flag"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mc-checker/mc/checker/testtier"
)

var screenshots = flag.Bool("screenshots", false, "copy TestReportInBrowser's screenshots to docs/images/")

// chromium is the browser the report is rendered in: $MC_CHROMIUM, or a Chromium on PATH.
// Without one the test is skipped, saying how to install it.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("MC_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on PATH (chromium, chromium-browser, google-chrome, or $MC_CHROMIUM): .ci/install-chromium installs Debian's")
	return ""
}

// headless runs the browser without a window on the page at url. The flags keep it off the
// network (the report needs none) and out of the user's profile. The window is tall enough
// that the page need not scroll to a case's trace: a headless screenshot of a scrolled page
// leaves the part scrolled past blank.
func headless(t *testing.T, browser, url string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir(), "--window-size=1200,1600"}
	cmd := exec.CommandContext(ctx, browser, append(append(flags, args...), url)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", browser, err, errOut.String())
	}
	return out.Bytes()
}

var (
	shownPicture = regexp.MustCompile(`(?s)<div class="picture">(<svg.*?</svg>)\s*</div>`)
	whereLabel   = regexp.MustCompile(`<span class="where">([^<]*)</span>`)
)

// TestReportInBrowser renders each report case in headless Chromium at its first and last
// configuration: the page's script draws the topology (every process and link), the two
// configurations differ in the DOM and on the screenshot, and the screenshot shows the
// topology's links; the table's row of the configuration shown is scrolled into view. go test -run TestReportInBrowser -screenshots ./cmd/mc/app copies the
// screenshots to docs/images/.
func TestReportInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("Chromium takes seconds of CPU a page")
	}
	browser := chromium(t)
	inRoot(t)
	cases := reportCases
	if !testtier.Long() {
		cases = cases[:1] // Chromium takes seconds of CPU a page
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			page := filepath.Join(t.TempDir(), "report.html")
			if code, out, _ := mc(t, append(c.args, "--report", page)...); code != c.code {
				t.Fatalf("exit %d: %s", code, out)
			}
			var pictures []string
			var shots []image.Image
			for _, at := range []string{"first", "last"} {
				s := map[string]string{"first": "0", "last": "last"}[at]
				url := "file://" + page + "#t=0&s=" + s
				dom := string(headless(t, browser, url, "--dump-dom"))
				pictures = append(pictures, drawnPicture(t, dom, c))
				shotFile := filepath.Join(t.TempDir(), at+".png")
				headless(t, browser, url, "--screenshot="+shotFile)
				shots = append(shots, screenshot(t, shotFile, c, at))
			}
			if pictures[0] == pictures[1] {
				t.Error("the first and last configurations draw the same picture")
			}
			if samePixels(shots[0], shots[1]) {
				t.Error("the screenshots of the first and last configurations are the same")
			}
			// an address that names no configuration opens the first, and the page works
			dom := string(headless(t, browser, "file://"+page+"#t=0&s=abc", "--dump-dom"))
			if drawnPicture(t, dom, c) != pictures[0] {
				t.Error("#t=0&s=abc does not show the first configuration")
			}
		})
	}
}

// drawnPicture checks the page the browser drew: the script ran, and the picture shown holds
// every process and every link of the topology.
func drawnPicture(t *testing.T, dom string, c reportCase) string {
	t.Helper()
	if !strings.Contains(dom, "data-ready=") {
		t.Fatal("the page's script did not finish")
	}
	m := shownPicture.FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("no picture is shown:\n%s", dom[:min(len(dom), 3000)])
	}
	if got := strings.Count(m[1], `<g class="mc-proc`); got != c.procs {
		t.Errorf("the picture shows %d processes, want %d", got, c.procs)
	}
	if got := strings.Count(m[1], `class="mc-link"`); got != c.links {
		t.Errorf("the picture shows %d links, want %d", got, c.links)
	}
	if !strings.Contains(dom, `<div class="rows" data-shown="true"`) { // scrolled within the table's box
		t.Error("the current configuration's row is not in view in the table")
	}
	if w := whereLabel.FindStringSubmatch(dom); w == nil || !strings.Contains(w[1], "configuration") {
		t.Errorf("the position is not shown: %v", w)
	}
	// the legend names pointers only where the trace draws some
	if shown := strings.Contains(dom, `data-mark="mc-ptr">`); shown != (c.arrows > 0) {
		t.Errorf("the legend's pointer key is shown: %v; the trace draws %d pointers at its end", shown, c.arrows)
	}
	return m[1]
}

// screenshot reads a screenshot and checks that it shows the topology: enough pixels of the
// links' grey and of the processes' outlines.
func screenshot(t *testing.T, path string, c reportCase, at string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	links, outlines, current := 0, 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			switch {
			case near(r, g, bl, 0x9a, 0xa5, 0xb1), near(r, g, bl, 0x7b, 0x87, 0x94): // .mc-link, an arc's head
				links++
			case near(r, g, bl, 0x3e, 0x4c, 0x59), near(r, g, bl, 0x2f, 0x85, 0x5a), near(r, g, bl, 0xc0, 0x56, 0x21): // outlines
				outlines++
			case near(r, g, bl, 0xfe, 0xeb, 0xc8): // the table's current row
				current++
			}
		}
	}
	if links < 40*c.links || outlines < 30*c.procs {
		t.Errorf("the %s screenshot shows %d pixels of links and %d of outlines: not the topology", at, links, outlines)
	}
	if current < 1500 && at == "first" { // the table's first row is current, the page unscrolled
		t.Errorf("the %s screenshot shows %d pixels of the current row: not in view", at, current)
	}
	if *screenshots {
		if err := saveTrimmed(img, filepath.Join("docs", "images", "report-"+c.name+"-"+at+".png")); err != nil {
			t.Error(err)
		}
	}
	return img
}

// saveTrimmed writes a screenshot without the blank rows below the page.
func saveTrimmed(img image.Image, path string) error {
	b := img.Bounds()
	bottom := b.Min.Y
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r>>8 < 250 || g>>8 < 250 || bl>>8 < 250 {
				bottom = y + 1
				break
			}
		}
	}
	sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if ok {
		img = sub.SubImage(image.Rect(b.Min.X, b.Min.Y, b.Max.X, min(b.Max.Y, bottom+16)))
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

func near(r, g, b uint32, wr, wg, wb int) bool {
	d := func(a uint32, w int) int { return max(int(a>>8)-w, w-int(a>>8)) }
	return d(r, wr) < 12 && d(g, wg) < 12 && d(b, wb) < 12
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}
