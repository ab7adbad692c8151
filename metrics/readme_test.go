package metrics

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
)

// TestReadmeListsEveryMode: the README's match-mode table lists each
// setting's modes exactly as TrajectoryModes, ArgModes and StringModes
// do, default first.
func TestReadmeListsEveryMode(t *testing.T) {
	got := map[string]string{}
	for _, cells := range golden.ReadDoc(t, "../README.md").Table("| setting | values (default first) | meaning |") {
		got[strings.Trim(cells[0], "`")] = cells[1]
	}
	quoted := func(xs []string) string { return "`" + strings.Join(xs, "`, `") + "`" }
	for setting, want := range map[string]string{
		"trajectory": quoted(names(TrajectoryModes)),
		"args":       quoted(names(ArgModes)),
		"strings":    quoted(names(StringModes)),
	} {
		if got[setting] != want {
			t.Errorf("README %s modes %q, want %q", setting, got[setting], want)
		}
	}
}
