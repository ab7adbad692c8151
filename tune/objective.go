package tune

import (
	"fmt"
	"strconv"
	"strings"
)

// Metric names an Objective can maximise.
const (
	MetricRecall = "recall" // Recall@k
	MetricComp   = "comp"   // COMP@k: every gold tool retrieved
	MetricNDCG   = "ndcg"   // NDCG@k, binary relevance
	// MetricBudget is Recall of what fits in Objective.Budget tokens.
	MetricBudget = "budget"
)

// DefaultNoisePenalty is the weight of noise in the default objective:
// one more tool is worth retrieving when it raises the metric by more than
// a quarter of the noise it adds.
const DefaultNoisePenalty = 0.25

// Objective is what a tuning run maximises:
//
//	mean metric over the scored cases − NoisePenalty · mean noise
//
// where noise is the share of injected tools (always-include ∪ top-k) that
// are not gold. With Budget > 0 the injected tools are cut to what fits in
// Budget tokens (always-include tools are never cut), whatever the metric.
type Objective struct {
	// Metric is MetricRecall, MetricComp, MetricNDCG or MetricBudget.
	Metric string `json:"metric"`
	// K fixes k; 0 searches it along with the rest.
	K int `json:"k,omitempty"`
	// Budget caps the tokens injected per case (0: no cap). MetricBudget
	// needs it.
	Budget int `json:"budget,omitempty"`
	// NoisePenalty weighs the mean noise share (≥ 0).
	NoisePenalty float64 `json:"noise_penalty"`
}

// DefaultObjective is Recall with k searched and DefaultNoisePenalty.
func DefaultObjective() Objective {
	return Objective{Metric: MetricRecall, NoisePenalty: DefaultNoisePenalty}
}

// ParseObjective reads "recall", "comp", "ndcg" or "budget", optionally
// with a fixed k ("recall@5", "ndcg@10"); "@k" alone means k is searched.
// Recall@k, COMP@k and NDCG@k are accepted in any case. The noise penalty
// is DefaultNoisePenalty and Budget 0; set them afterwards.
func ParseObjective(s string) (Objective, error) {
	o := DefaultObjective()
	name, k, hasK := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "@")
	switch name {
	case MetricRecall, MetricComp, MetricNDCG, MetricBudget:
		o.Metric = name
	default:
		return o, fmt.Errorf("objective %q: unknown metric %q (want recall, comp, ndcg or budget, optionally @K)", s, name)
	}
	if hasK && k != "k" {
		n, err := strconv.Atoi(k)
		if err != nil || n < 1 {
			return o, fmt.Errorf("objective %q: %q is not a k ≥ 1", s, k)
		}
		o.K = n
	}
	return o, nil
}

// String is the objective's name as ParseObjective reads it.
func (o Objective) String() string {
	s := o.Metric
	if o.K > 0 {
		s += "@" + strconv.Itoa(o.K)
	}
	return s
}

// Formula writes what the objective scores, as the tables name it:
// "recall@5 − 0.25·noise", "budget within 800 tokens − 0.25·noise".
func (o Objective) Formula() string {
	s := o.String()
	if o.Budget > 0 {
		s += " within " + strconv.Itoa(o.Budget) + " tokens"
	}
	return s + " − " + strconv.FormatFloat(o.NoisePenalty, 'g', -1, 64) + "·noise"
}

// Validate checks the objective.
func (o Objective) Validate() error {
	switch o.Metric {
	case MetricRecall, MetricComp, MetricNDCG:
	case MetricBudget:
		if o.Budget <= 0 {
			return fmt.Errorf("objective budget needs a token budget > 0")
		}
	default:
		return fmt.Errorf("objective: unknown metric %q", o.Metric)
	}
	if o.K < 0 {
		return fmt.Errorf("objective: k must be ≥ 0, got %d", o.K)
	}
	if o.Budget < 0 {
		return fmt.Errorf("objective: budget must be ≥ 0, got %d", o.Budget)
	}
	if o.NoisePenalty < 0 {
		return fmt.Errorf("objective: noise penalty must be ≥ 0, got %g", o.NoisePenalty)
	}
	return nil
}

// Value is the objective of a score.
func (o Objective) Value(s Score) float64 {
	var m float64
	switch o.Metric {
	case MetricComp:
		m = s.Comp
	case MetricNDCG:
		m = s.NDCG
	default:
		m = s.Recall
	}
	return m - o.NoisePenalty*s.Noise
}

// Score is the mean retrieval quality of one configuration over a set of
// cases, as replay computes it: Recall, COMP, NDCG and P over the cases
// with gold tools (besides their always-include tools), noise, injected
// tools and tokens over all cases.
type Score struct {
	K int `json:"k"`
	// Objective is Objective.Value of the rest.
	Objective float64 `json:"objective"`
	Recall    float64 `json:"recall"`
	Comp      float64 `json:"comp"`
	NDCG      float64 `json:"ndcg"`
	Precision float64 `json:"precision"`
	Noise     float64 `json:"noise"`
	// Injected is the mean number of tools injected, Tokens their mean
	// token cost (0 when tokens are not counted).
	Injected float64 `json:"injected"`
	Tokens   float64 `json:"tokens"`
	// Cases counts the cases scored; Scored those with gold tools.
	Cases  int `json:"cases"`
	Scored int `json:"scored"`
}
