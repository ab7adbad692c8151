package report

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// metric is one aggregate a threshold can name.
type metric struct {
	// get returns the value, nil when there was nothing to measure.
	get func(*Aggregate) *float64
	// lowerIsBetter: a rise is a drop in quality.
	lowerIsBetter bool
	// what says what the metric needs to be measured.
	what string
	// tokens: the metric counts tokens (comparable only in the same
	// encoding and variant).
	tokens bool
	// count: the metric is a count, not a share in [0, 1] (a threshold
	// over 1 on a share could never fail, or never pass).
	count bool
	// strict: a bound on the metric when it was not measured fails the
	// gate even without RequireMeasured (pass_at_K, pass_hat_K: a K beyond
	// the trials recorded).
	strict bool
}

// count is a count as a measured value, measured when n > 0.
func count(v, n int) *float64 {
	if n == 0 {
		return nil
	}
	f := float64(v)
	return &f
}

// metricTable lists the threshold metrics. A new metric family adds its
// entries here (and its statistics to Aggregate).
var metricTable = map[string]metric{
	"pass_rate":               {get: func(a *Aggregate) *float64 { return a.PassRate }, what: "cases"},
	"recall":                  {get: func(a *Aggregate) *float64 { return a.Recall }, what: "cases with a gold tool outside always_include"},
	"comp":                    {get: func(a *Aggregate) *float64 { return a.Comp }, what: "cases with a gold tool outside always_include"},
	"ndcg":                    {get: func(a *Aggregate) *float64 { return a.NDCG }, what: "cases with a gold tool outside always_include"},
	"precision":               {get: func(a *Aggregate) *float64 { return a.Precision }, what: "cases with a gold tool outside always_include"},
	"token_reduction":         {get: func(a *Aggregate) *float64 { return a.TokenReduction }, what: "token counts (an encoding other than none)", tokens: true},
	"call_accuracy":           {get: func(a *Aggregate) *float64 { return a.CallAccuracy }, what: "cases with a transcript and gold calls"},
	"tool_selection_accuracy": {get: func(a *Aggregate) *float64 { return a.SelectionAccuracy }, what: "cases with a transcript and gold calls"},
	"abstention_accuracy":     {get: func(a *Aggregate) *float64 { return a.AbstentionAccuracy }, what: "cases whose gold answer is no call, with a transcript"},
	"noise":                   {get: func(a *Aggregate) *float64 { return a.Noise }, lowerIsBetter: true, what: "cases"},
	"noise_tokens":            {get: func(a *Aggregate) *float64 { return a.NoiseTokens }, lowerIsBetter: true, what: "token counts (an encoding other than none)", tokens: true, count: true},
	"injected_tokens":         {get: func(a *Aggregate) *float64 { return a.InjectedTokens }, lowerIsBetter: true, what: "token counts (an encoding other than none)", tokens: true, count: true},
	"wrong_argument_rate":     {get: func(a *Aggregate) *float64 { return a.WrongArgRate }, lowerIsBetter: true, what: "calls to a gold tool in transcripts with gold calls"},
	"parser_failures":         {get: func(a *Aggregate) *float64 { return count(a.ParserFailures, a.Transcripts) }, lowerIsBetter: true, what: "transcripts", count: true},
	"zero_match":              {get: func(a *Aggregate) *float64 { return count(a.ZeroMatch, a.MeasuredCases) }, lowerIsBetter: true, what: "cases", count: true},

	"trajectory_success":             {get: func(a *Aggregate) *float64 { return a.Trajectory.SuccessRate }, what: "multi-step cases (steps)"},
	"trajectory_step_pass_rate":      {get: func(a *Aggregate) *float64 { return a.Trajectory.StepPassRate }, what: "trajectory steps with gold calls"},
	"trajectory_recall_first":        {get: func(a *Aggregate) *float64 { return a.Trajectory.RecallFirst }, what: "trajectories needing a tool outside always_include"},
	"trajectory_recall_final":        {get: func(a *Aggregate) *float64 { return a.Trajectory.RecallFinal }, what: "trajectories needing a tool outside always_include"},
	"trajectory_recovery_rate":       {get: func(a *Aggregate) *float64 { return a.Trajectory.RecoveryRate }, what: "trajectories whose first retrieval missed a needed tool"},
	"trajectory_wrong_argument_rate": {get: func(a *Aggregate) *float64 { return a.Trajectory.WrongArgRate }, lowerIsBetter: true, what: "calls to a gold tool in trajectory steps"},
	"trajectory_not_injected_rate":   {get: func(a *Aggregate) *float64 { return a.Trajectory.NotInjectedRate }, lowerIsBetter: true, what: "calls in trajectory steps"},
	"trajectory_noise":               {get: func(a *Aggregate) *float64 { return a.Trajectory.Noise }, lowerIsBetter: true, what: "trajectory steps taken"},
	"trajectory_injected_tokens":     {get: func(a *Aggregate) *float64 { return a.Trajectory.InjectedTokens }, lowerIsBetter: true, what: "token counts of trajectories (an encoding other than none)", count: true},

	"strategy_recall_first":      {get: func(a *Aggregate) *float64 { return a.strategy().RecallFirst }, what: "declared strategies and cases needing a tool outside always_include"},
	"strategy_recall_final":      {get: func(a *Aggregate) *float64 { return a.strategy().RecallFinal }, what: "declared strategies and cases needing a tool outside always_include"},
	"strategy_unshown_call_rate": {get: func(a *Aggregate) *float64 { return a.strategy().UnshownRate }, lowerIsBetter: true, what: "declared strategies and calls"},
	"exact_name_misses":          {get: func(a *Aggregate) *float64 { s := a.strategy(); return count(s.ExactNameMisses, s.Cases) }, lowerIsBetter: true, what: "declared strategies", count: true},
}

// strategy is the aggregate's strategy statistics, empty (nothing
// measured) when the run declared no strategies.
func (a *Aggregate) strategy() *StrategyStats {
	if a.Strategy == nil {
		return &StrategyStats{}
	}
	return a.Strategy
}

// Metrics lists the metric names thresholds accept: the table's, then the
// families of the trial metrics (pass_at_K, pass_hat_K).
func Metrics() []string {
	out := make([]string, 0, len(metricTable)+len(TrialMetricNames))
	for n := range metricTable {
		out = append(out, n)
	}
	sort.Strings(out)
	return append(out, TrialMetricNames...)
}

// lookupMetric finds a threshold metric by name: one of the table, or one
// of a family (trialMetric). It is the one place a name is resolved.
func lookupMetric(name string) (metric, error) {
	if m, ok := metricTable[name]; ok {
		return m, nil
	}
	if m, ok, err := trialMetric(name); ok {
		return m, err
	}
	return metric{}, fmt.Errorf("unknown metric %q (want one of %s)", name, strings.Join(Metrics(), ", "))
}

// metricOf is lookupMetric for a name already accepted by ParseThreshold.
func metricOf(name string) metric {
	m, _ := lookupMetric(name)
	return m
}

// LowerIsBetter reports whether a rise of the metric is a regression.
func LowerIsBetter(name string) bool { return metricOf(name).lowerIsBetter }

// MetricValue returns a threshold metric of an aggregate, nil when it was
// not measured (or the name is unknown).
func MetricValue(a *Aggregate, name string) *float64 {
	m, err := lookupMetric(name)
	if err != nil {
		return nil
	}
	return m.get(a)
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
	m, err := lookupMetric(name)
	if err != nil {
		return Threshold{}, fmt.Errorf("%q: %v", s, err)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
	if err != nil || !(v >= 0) || math.IsInf(v, 0) {
		// NaN would make the gate unable to fail.
		return Threshold{}, fmt.Errorf("%q: value must be a finite number ≥ 0", s)
	}
	if v > 1 && !m.count {
		return Threshold{}, fmt.Errorf("%q: %s is a share in [0, 1], the value must be ≤ 1", s, name)
	}
	return Threshold{Metric: name, Value: v}, nil
}

// The kinds of Regression.
const (
	KindDrop = "drop" // fell more than --max-drop allows
	KindRise = "rise" // a lower-is-better metric rose more than allowed
	KindMin  = "min"  // below its --min
	KindMax  = "max"  // a lower-is-better metric above its --min bound
)

// Regression is a metric that fell (or rose) more than allowed against
// the baseline, or missed its bound.
type Regression struct {
	Config string `json:"config"`
	Metric string `json:"metric"`
	Kind   string `json:"kind"`
	// Baseline is the baseline's value (drop and rise only).
	Baseline float64 `json:"baseline"`
	Current  float64 `json:"current"`
	// Allowed is the threshold value that was exceeded: the largest
	// change allowed, or the bound.
	Allowed float64 `json:"allowed"`
}

func (r Regression) String() string {
	switch r.Kind {
	case KindMin:
		return fmt.Sprintf("%s: %s %.4f < min %.4f", r.Config, r.Metric, r.Current, r.Allowed)
	case KindMax:
		return fmt.Sprintf("%s: %s %.4f > max %.4f", r.Config, r.Metric, r.Current, r.Allowed)
	case KindRise:
		return fmt.Sprintf("%s: %s rose %.4f → %.4f (rise %.4f > allowed %.4f)", r.Config, r.Metric, r.Baseline, r.Current, r.Current-r.Baseline, r.Allowed)
	}
	return fmt.Sprintf("%s: %s fell %.4f → %.4f (drop %.4f > allowed %.4f)", r.Config, r.Metric, r.Baseline, r.Current, r.Baseline-r.Current, r.Allowed)
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
	// Baseline names the baseline (its suite and, when sharded, shard).
	Baseline string `json:"baseline"`
	// Matched pairs each configuration of the run with the baseline's
	// configuration of the same settings (by key).
	Matched []MatchedConfig `json:"matched"`
	// Unmatched lists configurations of the run the baseline lacks;
	// Missing those of the baseline the run lacks.
	Unmatched []string `json:"unmatched"`
	Missing   []string `json:"missing"`
	// Added and Removed list case ids in the run but not in the baseline,
	// and the other way round.
	Added   []string     `json:"added"`
	Removed []string     `json:"removed"`
	Changes []CaseChange `json:"changes"`
}

// MatchedConfig is a configuration of the run and its baseline's metrics.
type MatchedConfig struct {
	Config   string    `json:"config"`
	Key      string    `json:"key"`
	Baseline Aggregate `json:"baseline"`
}

// Compare sets cur against base: configurations match by their settings
// (Config.Key), never by name; cases by id. A case whose outcome (pass, or
// the cause of failure, or a recall change) differs is listed.
func Compare(base, cur *Report) *Comparison {
	cmp := &Comparison{Baseline: base.Suite, Matched: []MatchedConfig{}, Unmatched: []string{}, Missing: []string{},
		Added: []string{}, Removed: []string{}, Changes: []CaseChange{}}
	if base.Shard != "" {
		cmp.Baseline += " shard " + base.Shard
	}
	byKey := map[string]*ConfigResult{}
	for _, c := range base.Configs {
		byKey[c.Config.Key] = c
	}
	seen := map[string]bool{}
	for _, c := range cur.Configs {
		b, ok := byKey[c.Config.Key]
		if !ok || c.Config.Key == "" {
			cmp.Unmatched = append(cmp.Unmatched, describeConfig(c.Config))
			continue
		}
		seen[c.Config.Key] = true
		cmp.Matched = append(cmp.Matched, MatchedConfig{Config: c.Config.Name, Key: c.Config.Key, Baseline: b.Metrics})
		before := map[string]*CaseResult{}
		for _, r := range b.Results {
			before[r.ID] = r
		}
		for _, r := range c.Results {
			p, ok := before[r.ID]
			if !ok {
				continue
			}
			recall := p.Scored && r.Scored && p.Recall != r.Recall
			if b, a := outcome(p, recall), outcome(r, recall); b != a {
				cmp.Changes = append(cmp.Changes, CaseChange{c.Config.Name, r.ID, b, a})
			}
		}
	}
	for _, c := range base.Configs {
		if !seen[c.Config.Key] {
			cmp.Missing = append(cmp.Missing, describeConfig(c.Config))
		}
	}
	ids := func(rep *Report) map[string]bool {
		out := map[string]bool{}
		if len(rep.Configs) > 0 {
			for _, r := range rep.Configs[0].Results {
				out[r.ID] = true
			}
		}
		return out
	}
	was, is := ids(base), ids(cur)
	if len(cur.Configs) > 0 {
		for _, r := range cur.Configs[0].Results {
			if !was[r.ID] {
				cmp.Added = append(cmp.Added, r.ID)
			}
		}
	}
	if len(base.Configs) > 0 {
		for _, r := range base.Configs[0].Results {
			if !is[r.ID] {
				cmp.Removed = append(cmp.Removed, r.ID)
			}
		}
	}
	return cmp
}

// describeConfig names a configuration and its key.
func describeConfig(c Config) string {
	if c.Key == "" {
		return fmt.Sprintf("%q (no settings key: a report from an older tooleval; regenerate it)", c.Name)
	}
	return fmt.Sprintf("%q (key %s)", c.Name, c.Key)
}

// outcome is a short, comparable description of a case result, with its
// recall when asked.
func outcome(r *CaseResult, recall bool) string {
	s := "passed"
	switch {
	case r.NotRecorded:
		return "not recorded under the strategy"
	case !r.Passed:
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
