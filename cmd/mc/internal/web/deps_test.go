package web

import (
	"os/exec"
	"strings"
	"testing"
)

// The page knows nothing of models: it takes text already formatted (Page, View), so that a
// report's layout and its figures cannot depend on each other (go list -deps).
func TestWebKnowsNoModel(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/mc-checker/mc/cmd/mc/internal/web").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/mc-checker/mc/") && dep != "github.com/mc-checker/mc/cmd/mc/internal/web" {
			t.Errorf("package web depends on %s", dep)
		}
	}
}
