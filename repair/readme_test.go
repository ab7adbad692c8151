package repair_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/repair"
)

// TestReadmeDefinesEveryRepair: the README's repair table has one row per
// repair of Kinds, in that order, and no other.
func TestReadmeDefinesEveryRepair(t *testing.T) {
	var rows []string
	for _, cells := range golden.ReadDoc(t, "../README.md").Table("| repair | applies when | what it does |") {
		rows = append(rows, strings.Trim(cells[0], "`"))
	}
	if !slices.Equal(rows, repair.Names()) {
		t.Fatalf("README repair rows %v, want %v", rows, repair.Names())
	}
}
