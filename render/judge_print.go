package render

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/repair"
	"github.com/tooleval/tooleval/report"
)

// This file shows how the calls were judged: the match modes that judged
// cases and the repairs that would have fixed failures (or that were
// applied before judging, when the suite asked).

// repairTitle heads the repair table in every output.
const repairTitle = "Failures each repair would fix (each applied alone; a case several fix counts under each)"

// repairGrid is one line per configuration: per repair, the failed cases
// it alone would have made pass; nil when no failure is fixable.
func repairGrid(rep *report.Report) *grid {
	any := false
	for _, c := range rep.Configs {
		any = any || len(c.Metrics.RepairFixes) > 0
	}
	if !any {
		return nil
	}
	g := newGrid(1, append([]string{"config", "failed"}, repair.Names()...)...)
	for _, c := range rep.Configs {
		row := []string{c.Config.Name, fmt.Sprint(c.Metrics.Failed)}
		for _, k := range repair.Names() {
			row = append(row, fmt.Sprint(c.Metrics.RepairFixes[k]))
		}
		g.Add(row...)
	}
	return g
}

// matchTitle heads the match-mode table.
const matchTitle = "Match modes other than the default (strict, exact arguments, standardised strings)"

// matchGrid lists, for the first configuration, each match mode other
// than the default with the cases it judged; nil when every case was
// judged by the default.
func matchGrid(rep *report.Report) *grid {
	if len(rep.Configs) == 0 {
		return nil
	}
	type modeCases struct {
		ids    []string
		passed int
	}
	by := map[string]*modeCases{}
	for _, r := range rep.Configs[0].Results {
		if r.Match == "" {
			continue
		}
		m := by[r.Match]
		if m == nil {
			m = &modeCases{}
			by[r.Match] = m
		}
		m.ids = append(m.ids, r.ID)
		if r.Passed {
			m.passed++
		}
	}
	if len(by) == 0 {
		return nil
	}
	modes := make([]string, 0, len(by))
	for m := range by {
		modes = append(modes, m)
	}
	sort.Strings(modes)
	g := newGrid(1, "match ("+rep.Configs[0].Config.Name+")", "cases", "passed", "case ids")
	g.Num[3] = false
	for _, m := range modes {
		mc := by[m]
		ids := mc.ids
		more := ""
		if len(ids) > 3 {
			ids, more = ids[:3], fmt.Sprintf(" … %d more", len(mc.ids)-3)
		}
		g.Add(m, fmt.Sprint(len(mc.ids)), fmt.Sprint(mc.passed), strings.Join(ids, ", ")+more)
	}
	return g
}

// judgingNote is what a case's detail adds about its judging: the match
// mode when not the default, the repairs applied before judging and those
// that would have fixed it ("" when none).
func judgingNote(r *report.CaseResult) string {
	var parts []string
	if r.Match != "" {
		parts = append(parts, "match "+r.Match)
	}
	if len(r.Repaired) > 0 {
		parts = append(parts, "repaired by "+strings.Join(r.Repaired, ", "))
	}
	if len(r.Repairs) > 0 {
		parts = append(parts, "each would fix: "+strings.Join(r.Repairs, ", "))
	}
	return strings.Join(parts, "; ")
}

// repairHeading is the run heading's note on repaired judging.
func repairHeading(rep *report.Report) string {
	if len(rep.Repair) == 0 {
		return ""
	}
	return "; calls judged after the repairs " + strings.Join(rep.Repair, ", ")
}

// judgingLines are the summary's lines on judging, for the first
// configuration (-v has the tables): the cases judged by other match modes
// and the failures each repair would fix.
func judgingLines(rep *report.Report) []string {
	if len(rep.Configs) == 0 {
		return nil
	}
	c := rep.Configs[0]
	var out []string
	counts := map[string]int{}
	var modes []string
	for _, r := range c.Results {
		if r.Match != "" {
			if counts[r.Match] == 0 {
				modes = append(modes, r.Match)
			}
			counts[r.Match]++
		}
	}
	if len(modes) > 0 {
		sort.Strings(modes)
		parts := make([]string, len(modes))
		for i, m := range modes {
			parts[i] = fmt.Sprintf("%s %d", m, counts[m])
		}
		out = append(out, fmt.Sprintf("%s: cases judged by a match mode other than the default: %s", c.Config.Name, strings.Join(parts, ", ")))
	}
	if len(c.Metrics.RepairFixes) > 0 {
		var parts []string
		for _, k := range repair.Names() {
			if n := c.Metrics.RepairFixes[k]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", k, n))
			}
		}
		out = append(out, fmt.Sprintf("%s: failures each repair fixes: %s", c.Config.Name, strings.Join(parts, ", ")))
	}
	return out
}

// judgeProperties are a case's judging as JUnit properties: its match mode
// when not the default, the repairs applied before judging, and those each
// of which would have fixed it.
func judgeProperties(r *report.CaseResult) []junitProperty {
	var props []junitProperty
	if r.Match != "" {
		props = append(props, junitProperty{"match", r.Match})
	}
	if len(r.Repaired) > 0 {
		props = append(props, junitProperty{"repaired", strings.Join(r.Repaired, ",")})
	}
	if len(r.Repairs) > 0 {
		props = append(props, junitProperty{"repairs_would_fix", strings.Join(r.Repairs, ",")})
	}
	return props
}

// judgeSuiteProperties are a configuration's judging as JUnit test suite
// properties: the repairs the calls were judged after, and per repair the
// failures it alone would fix ("would_fix_json").
func judgeSuiteProperties(rep *report.Report, c *report.ConfigResult) []junitProperty {
	var props []junitProperty
	if len(rep.Repair) > 0 {
		props = append(props, junitProperty{"repair", strings.Join(rep.Repair, ",")})
	}
	for _, k := range repair.Names() {
		if n := c.Metrics.RepairFixes[k]; n > 0 {
			props = append(props, junitProperty{"would_fix_" + k, fmt.Sprint(n)})
		}
	}
	return props
}
