package repair_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/repair"
)

// TestReadmeDefinesEveryRepair: the README's repair table has one row per
// repair of Kinds, in that order, and no other.
func TestReadmeDefinesEveryRepair(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const head = "| repair | applies when | what it does |"
	_, table, ok := strings.Cut(string(readme), head)
	if !ok {
		t.Fatal("README.md has no repair table")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	var rows []string
	for _, row := range strings.Split(strings.TrimSpace(table), "\n")[1:] {
		first, _, _ := strings.Cut(strings.TrimPrefix(row, "| "), " |")
		rows = append(rows, strings.Trim(first, "`"))
	}
	if !slices.Equal(rows, repair.Names()) {
		t.Fatalf("README repair rows %v, want %v", rows, repair.Names())
	}
}
