package tune

import (
	"fmt"
	"github.com/tooleval/tooleval/internal/safetext"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteSuggestions prints a SuggestResult as a table, best gain first.
func WriteSuggestions(w io.Writer, r *SuggestResult) error {
	fmt.Fprintf(w, "recall@%d: base %.4f, held-out with each fold's additions %.4f (%d-fold cross-validation)\n\n", r.K, r.BaseRecall, r.CVRecall, r.Folds)
	if len(r.Suggestions) == 0 {
		_, err := fmt.Fprintln(w, "no misses with words to suggest")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "tool\tsuggestion\tsupport\tfolds\tbetter\tworse\tfixed\tgain\tkept\tfixes\t")
	for _, s := range r.Suggestions {
		kept := ""
		if s.Kept {
			kept = "yes"
		}
		tool, what := s.Tool, "+ "+s.Word
		if tool == "" {
			tool, what = "(synonyms)", s.Word+" = "+s.Synonym
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%+.1f\t%+.4f\t%s\t%s\t\n", safetext.Terminal(tool), safetext.Terminal(what), s.Support, s.Folds, s.Better, s.Worse, s.Fixed, s.Gain, kept, safetext.Terminal(caseList(s.Fixes)))
	}
	return tw.Flush()
}

// caseList shows up to three case ids, then how many more.
func caseList(ids []string) string {
	if len(ids) <= 3 {
		return strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%s +%d", strings.Join(ids[:3], ", "), len(ids)-3)
}
