package report

import (
	"fmt"
	"strings"
)

// Gate decides whether a report passes: thresholds against a baseline and
// absolute bounds. It never passes silently: a configuration or a
// threshold metric with nothing to compare with fails the gate unless
// AllowUnmatched, and a bound on a metric that could not be measured is
// reported (and fails with RequireMeasured).
type Gate struct {
	// MaxDrop bounds how far each metric may fall (lower-is-better: rise)
	// against the baseline.
	MaxDrop []Threshold
	// Min bounds each metric (lower-is-better: from above).
	Min []Threshold
	// AllowUnmatched turns unmatched configurations, cases without a
	// baseline and metrics without a baseline value into notes.
	AllowUnmatched bool
	// RequireMeasured fails the gate when a threshold's metric could not
	// be measured.
	RequireMeasured bool
}

// Verdict is the outcome of a Gate.
type Verdict struct {
	Passed      bool         `json:"passed"`
	Regressions []Regression `json:"regressions"`
	// Errors are the other reasons the gate failed: unmatched
	// configurations or metrics, unmeasured metrics (RequireMeasured).
	Errors []string `json:"errors"`
	// Notes are what the gate could not check and let pass.
	Notes []string `json:"notes"`
}

// Problems lists every reason the gate failed, one line each.
func (v *Verdict) Problems() []string {
	out := make([]string, 0, len(v.Regressions)+len(v.Errors))
	for _, r := range v.Regressions {
		out = append(out, r.String())
	}
	return append(out, v.Errors...)
}

// Check gates rep, against base when not nil (setting rep.Comparison),
// and sets rep.Verdict.
func (g Gate) Check(rep, base *Report) *Verdict {
	v := &Verdict{Regressions: []Regression{}, Errors: []string{}, Notes: []string{}}
	// problem is an error, or a note when allowed.
	problem := func(allowed bool, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if allowed {
			v.Notes = append(v.Notes, msg)
		} else {
			v.Errors = append(v.Errors, msg)
		}
	}
	unmeasured := func(cfg, name, where string) {
		m := metricOf(name)
		problem(!g.RequireMeasured && !m.strict, "%s: %s could not be measured%s (it needs %s)", cfg, name, where, m.what)
	}
	if base != nil {
		cmp := Compare(base, rep)
		rep.Comparison = cmp
		for _, u := range cmp.Unmatched {
			problem(g.AllowUnmatched, "configuration %s of the run is not in the baseline (configurations match by their settings, not their names)", u)
		}
		for _, m := range cmp.Missing {
			problem(g.AllowUnmatched, "configuration %s of the baseline is not in the run", m)
		}
		if len(cmp.Added) > 0 {
			v.Notes = append(v.Notes, fmt.Sprintf("%s not in the baseline: %s", Plural(len(cmp.Added), "case"), strings.Join(cmp.Added, ", ")))
		}
		if len(cmp.Removed) > 0 {
			v.Notes = append(v.Notes, fmt.Sprintf("%s of the baseline not in the run: %s", Plural(len(cmp.Removed), "case"), strings.Join(cmp.Removed, ", ")))
		}
		// Token figures are comparable only when counted the same way.
		tokensComparable := base.Encoding == rep.Encoding && FirstOr(base.Variants, "") == FirstOr(rep.Variants, "")
		byName := map[string]*ConfigResult{}
		for _, c := range rep.Configs {
			byName[c.Config.Name] = c
		}
		for _, mc := range cmp.Matched {
			c := byName[mc.Config]
			for _, t := range g.MaxDrop {
				m := metricOf(t.Metric)
				bv, cv := m.get(&mc.Baseline), m.get(&c.Metrics)
				switch {
				case m.tokens && !tokensComparable:
					problem(g.AllowUnmatched, "%s: %s cannot be compared: the baseline counted tokens in %s for the %s variant, the run in %s for %s",
						c.Config.Name, t.Metric, base.Encoding, FirstOr(base.Variants, "-"), rep.Encoding, FirstOr(rep.Variants, "-"))
				case bv == nil && cv == nil:
					unmeasured(c.Config.Name, t.Metric, " in the run or the baseline")
				case bv == nil:
					problem(g.AllowUnmatched, "%s: %s has no baseline value to compare with (the baseline could not measure it)", c.Config.Name, t.Metric)
				case cv == nil:
					problem(g.AllowUnmatched && !m.strict, "%s: %s could not be measured in the run, but the baseline has %.4f (it needs %s)", c.Config.Name, t.Metric, *bv, m.what)
				default:
					drop, kind := *bv-*cv, KindDrop
					if m.lowerIsBetter {
						drop, kind = -drop, KindRise
					}
					if drop > t.Value+1e-9 {
						v.Regressions = append(v.Regressions, Regression{Config: c.Config.Name, Metric: t.Metric, Kind: kind, Baseline: *bv, Current: *cv, Allowed: t.Value})
					}
				}
			}
		}
	}
	for _, c := range rep.Configs {
		for _, t := range g.Min {
			m := metricOf(t.Metric)
			cv := m.get(&c.Metrics)
			switch {
			case cv == nil:
				where := ""
				if c.Metrics.Cases == 0 && c.Metrics.NotRecorded > 0 {
					where = fmt.Sprintf(" (no case is recorded under its strategy: %d not recorded)", c.Metrics.NotRecorded)
				}
				unmeasured(c.Config.Name, t.Metric, where)
			case !m.lowerIsBetter && *cv < t.Value-1e-9:
				v.Regressions = append(v.Regressions, Regression{Config: c.Config.Name, Metric: t.Metric, Kind: KindMin, Current: *cv, Allowed: t.Value})
			case m.lowerIsBetter && *cv > t.Value+1e-9:
				v.Regressions = append(v.Regressions, Regression{Config: c.Config.Name, Metric: t.Metric, Kind: KindMax, Current: *cv, Allowed: t.Value})
			}
		}
	}
	v.Passed = len(v.Regressions) == 0 && len(v.Errors) == 0
	rep.Verdict = v
	return v
}

// Gated reports whether the gate checks anything.
func (g Gate) Gated(base *Report) bool {
	return base != nil || len(g.Min) > 0 || len(g.MaxDrop) > 0
}

// plural writes n and the noun, with an s unless n is 1.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func FirstOr(xs []string, def string) string {
	if len(xs) == 0 {
		return def
	}
	return xs[0]
}
