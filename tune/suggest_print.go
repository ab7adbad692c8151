package tune

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/internal/texttable"
)

// WriteSuggestions prints a SuggestResult as a table, best gain first. The
// fixes column names the held-out cases a suggestion kept by
// cross-validation fixed, or the suite's cases one kept by the suite check
// fixed.
func WriteSuggestions(w io.Writer, r *SuggestResult) error {
	fmt.Fprintf(w, "recall@%d: base %.4f, held-out with each fold's additions %.4f", r.K, r.BaseRecall, r.CVRecall)
	if r.SuiteCVRecall != nil {
		fmt.Fprintf(w, ", with what the suite check keeps on each fold %.4f", *r.SuiteCVRecall)
	}
	fmt.Fprintf(w, " (%d-fold cross-validation)\n\n", r.Folds)
	if len(r.Suggestions) == 0 {
		_, err := fmt.Fprintln(w, "no misses with words to suggest")
		return err
	}
	t := texttable.New(2, "tool", "suggestion", "support", "folds", "better", "worse", "fixed", "gain", "kept", "fixes")
	t.Num[8], t.Num[9] = false, false // kept, fixes are text
	for _, s := range r.Suggestions {
		kept, fixes := "", caseList(s.Fixes)
		if s.Kept {
			kept = "yes (" + s.KeptBy + ")"
		}
		if s.KeptBy == "suite" {
			fixes = "in the suite: " + caseList(s.SuiteFixes)
		}
		tool, what := s.Tool, "+ "+s.Word
		if tool == "" {
			tool, what = "(synonyms)", s.Word+" = "+s.Synonym
		}
		t.Add(tool, what, strconv.Itoa(s.Support), strconv.Itoa(s.Folds), strconv.Itoa(s.Better), strconv.Itoa(s.Worse),
			fmt.Sprintf("%+.1f", s.Fixed), fmt.Sprintf("%+.4f", s.Gain), kept, fixes)
	}
	return t.Text(w)
}

// caseList shows up to three case ids, then how many more.
func caseList(ids []string) string {
	if len(ids) <= 3 {
		return strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%s +%d", strings.Join(ids[:3], ", "), len(ids)-3)
}
