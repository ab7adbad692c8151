package report

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/toolcall"
)

var update = flag.Bool("update", false, "rewrite the generated README sections")

// TestReadmeThresholdMetrics: the README's table of threshold metrics is
// rendered from the gate's own table (Metrics, metricTable, the trial
// metric families); go test -run TestReadmeThresholdMetrics -update
// rewrites it.
func TestReadmeThresholdMetrics(t *testing.T) {
	golden.Section(t, "../README.md", "threshold-metrics", thresholdMetricsTable(), *update)
}

func thresholdMetricsTable() []byte {
	var b strings.Builder
	b.WriteString("| metric | better | bound | measured when there are |\n| --- | --- | --- | --- |\n")
	for _, name := range Metrics() {
		m, err := lookupMetric(strings.Replace(name, "_K", "_2", 1))
		if err != nil {
			panic(err)
		}
		better, bound := "higher", "share"
		if m.lowerIsBetter {
			better = "lower"
		}
		if m.count {
			bound = "count"
		}
		what := m.what
		if strings.HasSuffix(name, "_K") {
			what = strings.Replace(what, "2", "K", 1)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", name, better, bound, what)
	}
	return []byte(b.String())
}

// TestReadmeListsCausesAndCheckCodes: the README's account of a replay
// names the failure causes in CauseOrder, and the call checks are
// toolcall.CheckCodes.
func TestReadmeListsCausesAndCheckCodes(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile("`([a-z_]+)`")
	names := func(after, until string) []string {
		_, s, ok := strings.Cut(string(b), after)
		if !ok {
			t.Fatalf("README.md has no %q", after)
		}
		s, _, _ = strings.Cut(s, until)
		var out []string
		for _, m := range code.FindAllStringSubmatch(s, -1) {
			out = append(out, m[1])
		}
		return out
	}
	if got := names("Every failed case is attributed to one cause", ".\n"); !slices.Equal(got, CauseOrder) {
		t.Errorf("README.md causes %v, want CauseOrder %v", got, CauseOrder)
	}
	var want []string
	for _, c := range toolcall.CheckCodes {
		want = append(want, string(c))
	}
	slices.Sort(want)
	got := names("checks the calls against\n`gold_calls` (", ")")
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("README.md call checks %v, want toolcall.CheckCodes %v", got, want)
	}
}
