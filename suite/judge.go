package suite

import (
	"slices"

	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/repair"
	"github.com/tooleval/tooleval/toolcall"
)

// This file is how a case's calls are judged: the checker (the
// leaderboard's for bfcl rules, tooleval's own otherwise), the match
// settings of the suite and the case, and the repairs the suite asks to
// judge the calls after.

// leaderboard reports whether the case is judged by the leaderboard's own
// checker, which has its rules and takes no match settings.
func (c *Case) leaderboard() bool { return c.Checker != nil && c.Checker.Checker != "" }

// Judging returns the match settings the case's calls are judged with:
// the suite's with the case's laid over them (nil: the default; always nil
// for the leaderboard's checker).
func (c *Case) Judging() *metrics.Match {
	if c.leaderboard() {
		return nil
	}
	return c.match
}

// MatchLabel names the match mode that judges the case, for reports: ""
// for the default (strict, exact, standardised strings) and for the
// leaderboard's checker.
func (c *Case) MatchLabel() string {
	if m := c.Judging(); !m.Default() {
		return m.String()
	}
	return ""
}

// Judge checks calls against gold with the case's checker and match
// settings. A trajectory's steps and a single transcript are judged alike;
// under a pooled trajectory mode (unordered, subset, superset) the caller
// passes all the steps' calls and gold calls at once.
func (c *Case) Judge(schema metrics.Schema, got []toolcall.Call, gold []metrics.GoldCall, broken []metrics.Broken) metrics.CallsResult {
	if c.leaderboard() {
		return bfclcheck.CheckCallsWith(schema, got, gold, broken, c.Checker)
	}
	return c.match.CheckCalls(schema, got, gold, broken)
}

// Repairs returns the repairs the suite judges calls after (its settings'
// repair list, in repair.Kinds order); nil: calls are judged as parsed.
func (s *Suite) Repairs() []repair.Kind { return s.repairs }

// judge lays the case's match settings over the suite's; a case judged by
// the leaderboard's checker may not set any.
func (l *loader) judge(c *Case) {
	c.match = l.suite.Settings.Match.Over(c.Match)
	if c.Match != nil && c.leaderboard() {
		l.fail(c.Line, "match", "the leaderboard's checker (checker.rules %q) judges by its own rules; match settings do not apply", c.Checker.Checker)
	}
}

// matchTools checks that the tools and parameters a case's own match
// settings name are in its catalog.
func (l *loader) matchTools(c *Case, cat *catalog.Catalog) {
	if c.Match == nil {
		return
	}
	for _, name := range sortedKeys(c.Match.Tools) {
		field := "match.tools." + name
		tool, ok := cat.Lookup(name)
		if !ok {
			l.fail(c.Line, field, "tool %q is not in catalog %s", name, c.Catalog)
			continue
		}
		for _, p := range sortedKeys(c.Match.Tools[name].Params) {
			if !catalog.AcceptsParam(tool, p) {
				l.fail(c.Line, field+".params."+p, "tool %q has no parameter %q", name, p)
			}
		}
	}
}

// settingsRepairs reads the settings line's repair list.
func (l *loader) settingsRepairs(n int) {
	ks, err := repair.Parse(l.suite.Settings.Repair)
	if err != nil {
		l.fail(n, "suite.repair", "%v", err)
		return
	}
	l.suite.repairs = ks
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
