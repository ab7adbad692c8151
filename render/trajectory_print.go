package render

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// hasTrajectories reports whether any configuration measured a trajectory.
func hasTrajectories(rep *report.Report) bool {
	for _, c := range rep.Configs {
		if c.Metrics.Trajectory.Cases > 0 {
			return true
		}
	}
	return false
}

// trajectoryGrid is one line per configuration: the trajectory metrics,
// nil when the run had no multi-step case.
func trajectoryGrid(rep *report.Report) *grid {
	if !hasTrajectories(rep) {
		return nil
	}
	g := newGrid(1, "config", "success", "steps pass", "taken/gold", "searches", "recall first", "recall final",
		"misses recovered", "not injected", "wrong args", "tokens", "noise")
	for _, c := range rep.Configs {
		t := &c.Metrics.Trajectory
		g.Add(c.Config.Name,
			fmt.Sprintf("%s (%d/%d)", pct(t.SuccessRate), t.Passed, t.Cases),
			fmt.Sprintf("%s (%d/%d)", pct(t.StepPassRate), t.StepsPassed, t.GoldSteps),
			fmt.Sprintf("%d/%d", t.StepsTaken, t.GoldSteps),
			fmt.Sprintf("%d (%d)", t.Searches, t.SearchingCases),
			num3(t.RecallFirst), num3(t.RecallFinal),
			fmt.Sprintf("%d/%d", t.Recovered, t.MissedFirst),
			fmt.Sprintf("%s (%d/%d)", pct(t.NotInjectedRate), t.NotInjectedCalls, t.Calls),
			fmt.Sprintf("%s (%d/%d)", pct(t.WrongArgRate), t.WrongArgCalls, t.ToolCalls),
			num0(t.InjectedTokens), pct(t.Noise))
	}
	return g
}

// trajectoryFailGrid counts the failed trajectories of the first
// configuration by the cause and check of their first failing step, with
// the steps they failed at.
func trajectoryFailGrid(rep *report.Report) *grid {
	if !hasTrajectories(rep) {
		return nil
	}
	t := &rep.Configs[0].Metrics.Trajectory
	if t.Cases == t.Passed {
		return nil
	}
	g := newGrid(0, "config", "cause", "trajectories")
	g.Num[0], g.Num[1] = false, false
	for _, c := range rep.Configs {
		t := &c.Metrics.Trajectory
		causes := make([]string, 0, len(t.Causes))
		for k := range t.Causes {
			causes = append(causes, k)
		}
		sort.SliceStable(causes, func(i, j int) bool {
			if report.CauseRank(causes[i]) != report.CauseRank(causes[j]) {
				return report.CauseRank(causes[i]) < report.CauseRank(causes[j])
			}
			return causes[i] < causes[j]
		})
		for _, k := range causes {
			g.Add(c.Config.Name, k, fmt.Sprint(t.Causes[k]))
		}
		if len(t.FailedAt) > 0 {
			steps := make([]int, 0, len(t.FailedAt))
			for k := range t.FailedAt {
				n, _ := strconv.Atoi(k)
				steps = append(steps, n)
			}
			sort.Ints(steps)
			var at []string
			for _, n := range steps {
				at = append(at, fmt.Sprintf("step %d: %d", n, t.FailedAt[strconv.Itoa(n)]))
			}
			g.Add(c.Config.Name, "failed at", strings.Join(at, ", "))
		}
		if len(t.StepCodes) > 0 {
			var codes []string
			for _, k := range stepCodeOrder(t.StepCodes) {
				codes = append(codes, fmt.Sprintf("%s: %d", k, t.StepCodes[k]))
			}
			g.Add(c.Config.Name, "failed steps by check", strings.Join(codes, ", "))
		}
	}
	return g
}

// trajectoryDetail says in one line where and why a trajectory failed.
func trajectoryDetail(t *report.TrajectoryResult) string {
	if t.Passed || t.FailedStep < 1 || t.FailedStep > len(t.Steps) {
		return ""
	}
	sr := &t.Steps[t.FailedStep-1]
	return fmt.Sprintf("step %d/%d: %s", sr.Step, len(t.Steps), stepDetail(sr, t))
}

func stepDetail(sr *report.StepResult, t *report.TrajectoryResult) string {
	var queries []string
	for i := 0; i < sr.Step-1 && i < len(t.Steps); i++ {
		for _, s := range t.Steps[i].Searches {
			queries = append(queries, strconv.Quote(s.Query))
		}
	}
	switch {
	case !sr.Taken:
		return "the model stopped before this step"
	case sr.Parse != nil && sr.Parse.Disagreement != "":
		return sr.Parse.Disagreement
	case sr.Cause == "search_query":
		return fmt.Sprintf("a gold tool was never injected: the searches %s did not surface it", strings.Join(queries, ", "))
	case sr.Cause == "retrieval_miss":
		if len(sr.NotInjected) > 0 {
			return fmt.Sprintf("called %s without it being injected, and made no search", strings.Join(sr.NotInjected, ", "))
		}
		return "a gold tool was not injected and the model did not search"
	case len(sr.NotInjected) > 0:
		return fmt.Sprintf("not_injected: called %s, never injected", strings.Join(sr.NotInjected, ", "))
	}
	for _, s := range sr.Searches {
		if s.Error != "" {
			return "search: " + s.Error
		}
	}
	if sr.Calls != nil && len(sr.Calls.Problems) > 0 {
		return firstProblem(sr.Calls)
	}
	return ""
}

// writeSteps lists a trajectory's steps (JUnit failure bodies).
func writeSteps(w io.Writer, t *report.TrajectoryResult) {
	fmt.Fprintf(w, "trajectory: %d of %d steps taken, %d searches, recall first %.2f → final %.2f\n",
		t.StepsTaken, len(t.Steps), t.Searches, t.RecallFirst, t.RecallFinal)
	for i := range t.Steps {
		sr := &t.Steps[i]
		status := "ok"
		if !sr.Passed {
			status = "FAIL " + sr.Cause
		}
		fmt.Fprintf(w, "step %d: %s", sr.Step, status)
		if len(sr.Added) > 0 && i > 0 {
			fmt.Fprintf(w, "; added %s", strings.Join(sr.Added, ", "))
		}
		for _, s := range sr.Searches {
			fmt.Fprintf(w, "; searched %q → %s", s.Query, strings.Join(s.Found, ", "))
		}
		if !sr.Passed {
			fmt.Fprintf(w, "; %s", stepDetail(sr, t))
		}
		fmt.Fprintln(w)
	}
}

// stepsView adds a trajectory's steps to a case's drill-down: the calls
// and searches of each step and the checks that failed.
func stepsView(h *htmlCase, t *report.TrajectoryResult) {
	for i := range t.Steps {
		sr := &t.Steps[i]
		if sr.Parse != nil {
			for _, call := range sr.Parse.Calls {
				h.Calls = append(h.Calls, fmt.Sprintf("step %d: %s(%s)", sr.Step, call.Name, call.Arguments))
			}
		}
		for _, s := range sr.Searches {
			h.Calls = append(h.Calls, fmt.Sprintf("step %d: searched %q → %s", sr.Step, s.Query, strings.Join(s.Found, ", ")))
		}
		if !sr.Passed {
			h.Problems = append(h.Problems, fmt.Sprintf("step %d (%s): %s", sr.Step, sr.Cause, stepDetail(sr, t)))
		}
	}
}

// stepsSource adds the names of the steps' parsed calls (to mark) and,
// when full is set, the steps' gold calls and transcripts from the suite.
func stepsSource(h *htmlCase, c *suite.Case, t *report.TrajectoryResult, full bool) {
	if t != nil {
		for i := range c.Steps {
			if i < len(t.Steps) && t.Steps[i].Parse != nil {
				for _, call := range t.Steps[i].Parse.Calls {
					h.MarkNames = append(h.MarkNames, call.Name)
				}
			}
		}
	}
	if !full {
		return
	}
	var text strings.Builder
	for i, st := range c.Steps {
		for _, g := range st.GoldCalls {
			b, _ := json.Marshal(g)
			h.Gold = append(h.Gold, fmt.Sprintf("step %d: %s", i+1, b))
		}
		fmt.Fprintf(&text, "── step %d ──\n", i+1)
		if st.Query != "" {
			fmt.Fprintf(&text, "[user] %s\n", st.Query)
		}
		if st.Transcript == nil {
			text.WriteString("(not taken)\n")
			continue
		}
		text.Write(st.Transcript.Bytes())
		text.WriteString("\n")
	}
	h.Query = c.Query
	h.Transcript = text.String()
}

// stepCodeOrder lists the step codes present: not_injected first, then in
// checking order, then the others (parser, not_taken) by name.
func stepCodeOrder(codes map[string]int) []string {
	var out []string
	if codes[string(toolcall.CodeNotInjected)] > 0 {
		out = append(out, string(toolcall.CodeNotInjected))
	}
	for _, c := range toolcall.CheckCodes {
		if codes[string(c)] > 0 {
			out = append(out, string(c))
		}
	}
	var rest []string
	for k := range codes {
		if !slices.Contains(out, k) {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}
