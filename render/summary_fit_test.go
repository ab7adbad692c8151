package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/clipperhouse/displaywidth"

	"github.com/tooleval/tooleval/report"
)

// The summary fits a 100-column terminal however long the configuration
// names are: the words all of them share are said once above the tables,
// and what is left is clipped only when it still does not fit.
func TestSummaryFitsLongConfigNames(t *testing.T) {
	for _, tc := range []struct {
		names  []string
		common string   // the "Every configuration:" line, "" for none
		labels []string // how the headline's rows begin
	}{
		{[]string{"k=3 config=retrieval-tuned-2026", "k=5 config=retrieval-tuned-2026", "k=10 config=retrieval-tuned-2026"},
			"config=retrieval-tuned-2026", []string{"k=3", "k=5", "k=10"}},
		{[]string{"k=5 config=a-long-name-for-the-first-retrieval-setup", "k=5 config=another-long-name-for-the-second-one"},
			"k=5", []string{"config=a", "config=an"}},
		{[]string{"k=5"}, "", []string{"k=5"}},
	} {
		rep := &report.Report{Suite: "suite.jsonl", Cases: 1}
		for _, n := range tc.names {
			rep.Configs = append(rep.Configs, &report.ConfigResult{Config: report.Config{Name: n, K: 5}})
		}
		var b bytes.Buffer
		if err := WriteSummary(&b, rep, 3); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, l := range strings.Split(out, "\n") {
			if n := displaywidth.String(l); n > SummaryWidth {
				t.Errorf("%q: a line of %d columns:\n%s", tc.names, n, out)
			}
		}
		if got := strings.Contains(out, "Every configuration: "+tc.common+"\n"); got != (tc.common != "") {
			t.Errorf("%q: common line %q wanted: %v\n%s", tc.names, tc.common, tc.common != "", out)
		}
		for _, l := range tc.labels {
			if !strings.Contains(out, "\n│ "+l) {
				t.Errorf("%q: no row labelled %q:\n%s", tc.names, l, out)
			}
		}
	}
}
