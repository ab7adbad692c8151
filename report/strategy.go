package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/strategy"
)

// StrategyResult is what one case shows of its configuration's strategy
// (package strategy): how many of the tools it needs were in front of the
// model at its first turn and at its end, how many searches brought them
// in, what the prompts cost, the calls to tools the model was never
// shown, and the exact-name check. It is set only when the run declares
// strategies.
type StrategyResult struct {
	// Needed counts the gold tools outside always_include; RecallFirst and
	// RecallFinal are the share of them shown at the first turn and by
	// the end (after the model's searches).
	Needed      int     `json:"needed"`
	RecallFirst float64 `json:"recall_first"`
	RecallFinal float64 `json:"recall_final"`
	// Searches counts the model's calls to the search tool.
	Searches int `json:"searches"`
	// InjectedTokens adds up, over the model turns taken, the tokens of
	// the tool block in the run's first variant (the search tool's
	// included); Tokens says they were counted.
	InjectedTokens int  `json:"injected_tokens"`
	Tokens         bool `json:"tokens"`
	// Calls counts the calls made (searches aside), UnshownCalls those to
	// a tool the prompt never showed; Unshown names those tools, each
	// once, in the order called.
	Calls        int      `json:"calls"`
	UnshownCalls int      `json:"unshown_calls"`
	Unshown      []string `json:"unshown,omitempty"`
	// Named lists the tools the query names exactly
	// (retrieval.NamedTools); ExactNameMiss is the first of them that did
	// not rank first under the strategy (see strategy.Engine.ExactName).
	Named         []string `json:"named,omitempty"`
	ExactNameMiss string   `json:"exact_name_miss,omitempty"`
}

// StrategyStats sums up the strategy results of a configuration's cases:
// counts and exact sums (what a merge adds up) and the rates derived from
// them (nil over nothing).
type StrategyStats struct {
	Cases          int `json:"cases"`
	RecallCases    int `json:"recall_cases"`
	RecallFirstSum Sum `json:"recall_first_sum"`
	RecallFinalSum Sum `json:"recall_final_sum"`
	Searches       int `json:"searches"`
	SearchingCases int `json:"searching_cases"`
	TokenCases     int `json:"token_cases"`
	TokensSum      int `json:"injected_tokens_sum"`
	Calls          int `json:"calls"`
	UnshownCalls   int `json:"unshown_calls"`
	// NamedCases counts the cases whose query names a tool exactly;
	// ExactNameMisses those where a named tool did not rank first, listed
	// by id in suite order in ExactNameMissIDs.
	NamedCases       int      `json:"named_cases"`
	ExactNameMisses  int      `json:"exact_name_misses"`
	ExactNameMissIDs []string `json:"exact_name_miss_ids"`

	RecallFirst    *float64 `json:"recall_first"`
	RecallFinal    *float64 `json:"recall_final"`
	SearchesPer    *float64 `json:"searches_per_case"`
	InjectedTokens *float64 `json:"injected_tokens_per_case"`
	UnshownRate    *float64 `json:"unshown_call_rate"`
}

func (s *StrategyStats) add(r *StrategyResult) {
	s.Cases++
	if r.Needed > 0 {
		s.RecallCases++
		s.RecallFirstSum += SumOf(r.RecallFirst)
		s.RecallFinalSum += SumOf(r.RecallFinal)
	}
	s.Searches += r.Searches
	if r.Searches > 0 {
		s.SearchingCases++
	}
	if r.Tokens {
		s.TokenCases++
		s.TokensSum += r.InjectedTokens
	}
	s.Calls += r.Calls
	s.UnshownCalls += r.UnshownCalls
	if len(r.Named) > 0 {
		s.NamedCases++
	}
	if r.ExactNameMiss != "" {
		s.ExactNameMisses++
	}
}

func (s *StrategyStats) derive() {
	if s.ExactNameMissIDs == nil {
		s.ExactNameMissIDs = []string{}
	}
	s.RecallFirst = ratio(s.RecallFirstSum.Float(), s.RecallCases)
	s.RecallFinal = ratio(s.RecallFinalSum.Float(), s.RecallCases)
	s.SearchesPer = ratio(float64(s.Searches), s.Cases)
	s.InjectedTokens = ratio(float64(s.TokensSum), s.TokenCases)
	s.UnshownRate = ratio(float64(s.UnshownCalls), s.Calls)
}

// ConfigKeyOf identifies a configuration's settings under a strategy:
// ConfigKey(settings) for inject (so that reports from before strategies
// match), else a hash of the settings and the strategy's name.
func ConfigKeyOf(settings retrieval.Config, strat string) string {
	if strat == "" || strat == strategy.Inject {
		return ConfigKey(settings)
	}
	b, err := json.Marshal(settings)
	if err != nil {
		panic(err) // a Config always marshals
	}
	sum := sha256.Sum256(append(append(b, 0), strat...))
	return hex.EncodeToString(sum[:8])
}

// recallFirst and recallFinal are the recalls of a result that may be
// absent (0).
func (r *StrategyResult) recallFirst() float64 {
	if r == nil {
		return 0
	}
	return r.RecallFirst
}

func (r *StrategyResult) recallFinal() float64 {
	if r == nil {
		return 0
	}
	return r.RecallFinal
}
