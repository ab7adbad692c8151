package render

import (
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/report"
)

// strategyTitle titles the strategy comparison in every output.
const strategyTitle = "Tool-search strategies (needed tools shown first and at the end; per recorded case)"

// The summary of a run that compares strategies: its one table's title,
// and how many worst cases it lists (the table takes more room).
const (
	strategySummaryTitle = "Strategies (first, end: needed tools shown at the first turn and at the end; per recorded case)"
	strategyWorst        = 5
)

// strategySummaryGrid is the summary's one line per configuration when
// the run compares strategies: the strategy figures (exact: cases where a
// tool the query names did not rank first, of those naming one) with the
// headline's call accuracy and pass (the rest of the headline is in -v).
func strategySummaryGrid(rep *report.Report) *grid {
	g := newGrid(1, "config", "first", "end", "searches", "tokens", "unshown", "exact", "call acc", "pass")
	for _, c := range rep.Configs {
		s := strategyStats(c)
		g.Add(c.Config.Name, num3(s.RecallFirst), num3(s.RecallFinal), num2(s.SearchesPer), num0(s.InjectedTokens),
			fmt.Sprintf("%d/%d", s.UnshownCalls, s.Calls), fmt.Sprintf("%d/%d", s.ExactNameMisses, s.NamedCases),
			pct(c.Metrics.CallAccuracy), fmt.Sprintf("%d/%d", c.Metrics.Passed, c.Metrics.Cases))
	}
	return g
}

// strategyStats is a configuration's strategy figures, empty (n/a) when
// it has none.
func strategyStats(c *report.ConfigResult) *report.StrategyStats {
	if c.Metrics.Strategy == nil {
		return &report.StrategyStats{}
	}
	return c.Metrics.Strategy
}

// hasStrategies reports whether the run declared strategies (its
// configurations carry strategy figures).
func hasStrategies(rep *report.Report) bool {
	for _, c := range rep.Configs {
		if c.Metrics.Strategy != nil {
			return true
		}
	}
	return false
}

// strategyGrid puts the strategies side by side, one configuration a
// row: recall of the needed tools at the first turn and at the end,
// searches and tokens per case, calls to tools never shown, the
// exact-name check and the pass rate. Nil when the run declared no
// strategies.
func strategyGrid(rep *report.Report) *grid {
	if !hasStrategies(rep) {
		return nil
	}
	g := newGrid(1, "config", "first", "end", "searches", "tokens", "unshown calls", "exact-name misses", "pass")
	for _, c := range rep.Configs {
		s := strategyStats(c)
		g.Add(c.Config.Name, num3(s.RecallFirst), num3(s.RecallFinal), num2(s.SearchesPer), num0(s.InjectedTokens),
			fmt.Sprintf("%d/%d", s.UnshownCalls, s.Calls), fmt.Sprintf("%d/%d", s.ExactNameMisses, s.NamedCases),
			fmt.Sprintf("%d/%d", c.Metrics.Passed, c.Metrics.Cases))
	}
	return g
}

// notRecordedDetail says why a case was not judged under a configuration.
const notRecordedDetail = "not recorded under this configuration's strategy: not judged"

// strategyNotes are the lines under the strategy table in every output:
// the cases each configuration could not judge, not recorded under its
// strategy (its figures and pass count are over the other cases), then
// the exact-name misses (exactNameLines).
func strategyNotes(rep *report.Report, limit int) []string {
	var out []string
	if l := notRecordedLine(rep); l != "" {
		out = append(out, l)
	}
	return append(out, exactNameLines(rep, limit)...)
}

// notRecordedLine counts, per configuration, the cases not recorded
// under its strategy; "" when every case was.
func notRecordedLine(rep *report.Report) string {
	var parts []string
	for _, c := range rep.Configs {
		if n := c.Metrics.NotRecorded; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", c.Config.Name, n))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Not recorded under the strategy (not judged): " + strings.Join(parts, ", ")
}

// exactNameLines names, per configuration, the cases whose query names a
// tool exactly that did not rank first (at most limit ids a line; 0: all).
func exactNameLines(rep *report.Report, limit int) []string {
	var out []string
	for _, c := range rep.Configs {
		s := c.Metrics.Strategy
		if s == nil || len(s.ExactNameMissIDs) == 0 {
			continue
		}
		ids := s.ExactNameMissIDs
		more := ""
		if limit > 0 && len(ids) > limit {
			ids, more = ids[:limit], fmt.Sprintf(" and %d more", len(ids)-limit)
		}
		out = append(out, fmt.Sprintf("%s: a tool named exactly did not rank first in %s: %s%s",
			c.Config.Name, report.Plural(len(s.ExactNameMissIDs), "case"), strings.Join(ids, ", "), more))
	}
	return out
}

// strategyProperties are a case's strategy figures as JUnit properties.
func strategyProperties(r *report.CaseResult, strat string) []junitProperty {
	s := r.Strategy
	if s == nil {
		return nil
	}
	props := []junitProperty{{"strategy", strat}, {"needed", fmt.Sprint(s.Needed)},
		{"recall_first", fmt.Sprintf("%.4f", s.RecallFirst)}, {"recall_final", fmt.Sprintf("%.4f", s.RecallFinal)},
		{"searches", fmt.Sprint(s.Searches)}, {"unshown_calls", fmt.Sprint(s.UnshownCalls)}}
	if s.Tokens {
		props = append(props, junitProperty{"injected_tokens", fmt.Sprint(s.InjectedTokens)})
	}
	if s.ExactNameMiss != "" {
		props = append(props, junitProperty{"exact_name_miss", s.ExactNameMiss})
	}
	return props
}

// strategySuiteProperties are a configuration's strategy figures as the
// JUnit test suite's properties.
func strategySuiteProperties(c *report.ConfigResult) *junitProperties {
	s := c.Metrics.Strategy
	if s == nil {
		return nil
	}
	return &junitProperties{[]junitProperty{{"strategy", c.Config.Strategy},
		{"recall_first", num3(s.RecallFirst)}, {"recall_final", num3(s.RecallFinal)}, {"searches_per_case", num2(s.SearchesPer)},
		{"injected_tokens_per_case", num0(s.InjectedTokens)}, {"unshown_calls", fmt.Sprint(s.UnshownCalls)},
		{"exact_name_misses", fmt.Sprint(s.ExactNameMisses)}, {"exact_name_miss_ids", strings.Join(s.ExactNameMissIDs, ",")}}}
}

func num2(x *float64) string {
	if x == nil {
		return na
	}
	return fmt.Sprintf("%.2f", *x)
}
