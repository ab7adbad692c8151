package metrics

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeListsEveryMode: the README's match-mode table lists each
// setting's modes exactly as TrajectoryModes, ArgModes and StringModes
// do, default first.
func TestReadmeListsEveryMode(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const head = "| setting | values (default first) | meaning |"
	_, table, ok := strings.Cut(string(readme), head)
	if !ok {
		t.Fatal("README.md has no match-mode table")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	got := map[string]string{}
	for _, row := range strings.Split(strings.TrimSpace(table), "\n")[1:] {
		cells := strings.Split(strings.Trim(row, "| "), " | ")
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
