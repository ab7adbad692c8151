package report

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
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
