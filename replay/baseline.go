package replay

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// metric is one aggregate a threshold can name.
type metric struct {
	get func(*Aggregate) float64
	// lowerIsBetter: a rise is a drop in quality.
	lowerIsBetter bool
}

var metricTable = map[string]metric{
	"pass_rate":               {get: func(a *Aggregate) float64 { return a.PassRate }},
	"recall":                  {get: func(a *Aggregate) float64 { return a.Recall }},
	"comp":                    {get: func(a *Aggregate) float64 { return a.Comp }},
	"ndcg":                    {get: func(a *Aggregate) float64 { return a.NDCG }},
	"precision":               {get: func(a *Aggregate) float64 { return a.Precision }},
	"token_reduction":         {get: func(a *Aggregate) float64 { return a.TokenReduction }},
	"call_accuracy":           {get: func(a *Aggregate) float64 { return a.CallAccuracy }},
	"tool_selection_accuracy": {get: func(a *Aggregate) float64 { return a.SelectionAccuracy }},
	"abstention_accuracy":     {get: func(a *Aggregate) float64 { return a.AbstentionAccuracy }},
	"noise":                   {get: func(a *Aggregate) float64 { return a.Noise }, lowerIsBetter: true},
	"noise_tokens":            {get: func(a *Aggregate) float64 { return a.NoiseTokens }, lowerIsBetter: true},
	"injected_tokens":         {get: func(a *Aggregate) float64 { return a.InjectedTokens }, lowerIsBetter: true},
	"wrong_argument_rate":     {get: func(a *Aggregate) float64 { return a.WrongArgRate }, lowerIsBetter: true},
	"parser_failures":         {get: func(a *Aggregate) float64 { return float64(a.ParserFailures) }, lowerIsBetter: true},
}

// Metrics lists the metric names thresholds accept.
func Metrics() []string {
	out := make([]string, 0, len(metricTable))
	for n := range metricTable {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Threshold bounds one metric: with a baseline, how far it may fall (for
// noise, tokens and rates of wrong things: rise); without, the worst value
// allowed.
type Threshold struct {
	Metric string
	Value  float64
}

// ParseThreshold reads METRIC=VALUE.
func ParseThreshold(s string) (Threshold, error) {
	name, val, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok {
		return Threshold{}, fmt.Errorf("%q: want METRIC=VALUE", s)
	}
	if _, known := metricTable[name]; !known {
		return Threshold{}, fmt.Errorf("%q: unknown metric %q (want one of %s)", s, name, strings.Join(Metrics(), ", "))
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
	if err != nil || v < 0 {
		return Threshold{}, fmt.Errorf("%q: value must be a number ≥ 0", s)
	}
	return Threshold{Metric: name, Value: v}, nil
}

// Regression is a metric that fell more than allowed, or missed its
// minimum.
type Regression struct {
	Config   string  `json:"config"`
	Metric   string  `json:"metric"`
	Baseline float64 `json:"baseline"`
	Current  float64 `json:"current"`
	// Allowed is the threshold value that was exceeded.
	Allowed float64 `json:"allowed"`
}

func (r Regression) String() string {
	return fmt.Sprintf("%s: %s %.4f → %.4f (allowed drop %.4g)", r.Config, r.Metric, r.Baseline, r.Current, r.Allowed)
}

// CaseChange is a case whose outcome changed against the baseline.
type CaseChange struct {
	Config string `json:"config"`
	ID     string `json:"id"`
	Before string `json:"before"`
	After  string `json:"after"`
}

func (c CaseChange) String() string {
	return fmt.Sprintf("%s: %s: %s → %s", c.Config, c.ID, c.Before, c.After)
}

// Comparison is a report set against a baseline report.
type Comparison struct {
	Regressions []Regression `json:"regressions"`
	Changes     []CaseChange `json:"changes"`
	// Unmatched lists configurations of the run the baseline lacks.
	Unmatched []string `json:"unmatched,omitempty"`
}

// Compare sets cur against base: configurations match by name, cases by
// id. Each threshold is checked on every matched configuration; a case
// whose outcome (pass, or the cause of failure, or a recall change)
// differs is listed.
func Compare(base, cur *Report, maxDrop []Threshold) *Comparison {
	cmp := &Comparison{Regressions: []Regression{}, Changes: []CaseChange{}}
	byName := map[string]*ConfigResult{}
	for _, c := range base.Configs {
		byName[c.Config.Name] = c
	}
	for _, c := range cur.Configs {
		b, ok := byName[c.Config.Name]
		if !ok {
			cmp.Unmatched = append(cmp.Unmatched, c.Config.Name)
			continue
		}
		for _, t := range maxDrop {
			m := metricTable[t.Metric]
			bv, cv := m.get(&b.Metrics), m.get(&c.Metrics)
			drop := bv - cv
			if m.lowerIsBetter {
				drop = -drop
			}
			if drop > t.Value+1e-9 {
				cmp.Regressions = append(cmp.Regressions, Regression{Config: c.Config.Name, Metric: t.Metric, Baseline: bv, Current: cv, Allowed: t.Value})
			}
		}
		before := map[string]*CaseResult{}
		for _, r := range b.Results {
			before[r.ID] = r
		}
		for _, r := range c.Results {
			p, ok := before[r.ID]
			switch {
			case !ok:
				cmp.Changes = append(cmp.Changes, CaseChange{c.Config.Name, r.ID, "absent", outcome(r, false)})
			default:
				recall := p.Scored && r.Scored && p.Recall != r.Recall
				if b, a := outcome(p, recall), outcome(r, recall); b != a {
					cmp.Changes = append(cmp.Changes, CaseChange{c.Config.Name, r.ID, b, a})
				}
			}
		}
	}
	return cmp
}

// CheckMinimums lists the metrics of rep below their minimum (for
// lower-is-better metrics: above their maximum).
func CheckMinimums(rep *Report, mins []Threshold) []Regression {
	var out []Regression
	for _, c := range rep.Configs {
		for _, t := range mins {
			m := metricTable[t.Metric]
			v := m.get(&c.Metrics)
			if (!m.lowerIsBetter && v < t.Value-1e-9) || (m.lowerIsBetter && v > t.Value+1e-9) {
				out = append(out, Regression{Config: c.Config.Name, Metric: t.Metric, Baseline: t.Value, Current: v, Allowed: t.Value})
			}
		}
	}
	return out
}

// outcome is a short, comparable description of a case result, with its
// recall when asked.
func outcome(r *CaseResult, recall bool) string {
	s := "passed"
	if !r.Passed {
		s = "failed (" + r.Cause
		if r.Calls != nil && r.Calls.Code != "" {
			s += ", " + string(r.Calls.Code)
		}
		s += ")"
	}
	if recall {
		s += fmt.Sprintf(", recall %.2f", r.Recall)
	}
	return s
}
