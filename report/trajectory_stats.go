package report

import (
	"strconv"
)

// TrajectoryStats sums up the multi-step cases of a configuration: counts
// and exact sums (merged across shards by mergeStats) and the rates
// derived from them (nil when nothing was measured).
type TrajectoryStats struct {
	// Cases counts the trajectories that could be replayed; Passed those
	// in which every step passed.
	Cases  int `json:"cases"`
	Passed int `json:"passed"`
	// GoldSteps, StepsTaken and StepsPassed add up the trajectories'
	// steps; StoppedEarly counts trajectories the model ended before a
	// checked step.
	GoldSteps    int `json:"gold_steps"`
	StepsTaken   int `json:"steps_taken"`
	StepsPassed  int `json:"steps_passed"`
	StoppedEarly int `json:"stopped_early"`
	Searches     int `json:"searches"`
	// SearchingCases counts trajectories with at least one search.
	SearchingCases int `json:"searching_cases"`
	// Recall of the needed tools after the first retrieval and at the end
	// of the trajectory, over the trajectories that need a tool outside
	// always_include (RecallCases).
	RecallCases    int `json:"recall_cases"`
	RecallFirstSum Sum `json:"recall_first_sum"`
	RecallFinalSum Sum `json:"recall_final_sum"`
	// MissedFirst counts trajectories whose first retrieval missed a
	// needed tool; Recovered those where the model's own searches found
	// every missed tool, NotRecovered the others.
	MissedFirst  int `json:"missed_first"`
	Recovered    int `json:"recovered"`
	NotRecovered int `json:"not_recovered"`
	// What the prompts injected, added up over the steps taken (tokens
	// only when counted: TokenCases).
	InjectedToolsSum  int `json:"injected_tools_sum"`
	NoiseToolsSum     int `json:"noise_tools_sum"`
	TokenCases        int `json:"token_cases"`
	InjectedTokensSum int `json:"injected_tokens_sum"`
	NoiseTokensSum    int `json:"noise_tokens_sum"`
	// Calls over every step: all calls (searches aside), calls to a gold
	// tool compared with a gold call and those with a wrong argument, calls
	// to a tool never injected.
	Calls            int `json:"calls"`
	ToolCalls        int `json:"correct_tool_calls"`
	WrongArgCalls    int `json:"wrong_argument_calls"`
	NotInjectedCalls int `json:"not_injected_calls"`
	ParserFailures   int `json:"parser_failures"`
	// Causes counts failed trajectories by their first failing step's
	// cause, Codes by its first failing check, FailedAt by its number;
	// StepCodes counts every failed step (not only the first) by its first
	// failing check.
	Causes    map[string]int `json:"causes"`
	Codes     map[string]int `json:"codes"`
	FailedAt  map[string]int `json:"failed_at"`
	StepCodes map[string]int `json:"step_codes"`

	SuccessRate     *float64 `json:"success_rate"`
	StepPassRate    *float64 `json:"step_pass_rate"`
	StepsPerCase    *float64 `json:"steps_taken_per_case"`
	GoldStepsRatio  *float64 `json:"steps_taken_vs_gold"`
	SearchesPer     *float64 `json:"searches_per_case"`
	RecallFirst     *float64 `json:"recall_first"`
	RecallFinal     *float64 `json:"recall_final"`
	RecoveryRate    *float64 `json:"recovery_rate"`
	Noise           *float64 `json:"noise"`
	InjectedTokens  *float64 `json:"injected_tokens"`
	NoiseTokens     *float64 `json:"noise_tokens"`
	WrongArgRate    *float64 `json:"wrong_argument_rate"`
	NotInjectedRate *float64 `json:"not_injected_rate"`
}

func (s *TrajectoryStats) add(t *TrajectoryResult, tokens bool) {
	if s.Causes == nil {
		s.Causes, s.Codes, s.FailedAt, s.StepCodes = map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	}
	s.Cases++
	for i := range t.Steps {
		if sr := &t.Steps[i]; !sr.Passed && sr.Code != "" {
			s.StepCodes[sr.Code]++
		}
	}
	if t.Passed {
		s.Passed++
	} else {
		s.Causes[t.Cause]++
		if t.Code != "" {
			s.Codes[t.Code]++
		}
		s.FailedAt[strconv.Itoa(t.FailedStep)]++
	}
	s.GoldSteps += t.GoldSteps
	s.StepsTaken += t.StepsTaken
	s.StepsPassed += t.StepsPassed
	if t.StoppedEarly {
		s.StoppedEarly++
	}
	s.Searches += t.Searches
	if t.Searches > 0 {
		s.SearchingCases++
	}
	if t.Needed > 0 {
		s.RecallCases++
		s.RecallFirstSum += SumOf(t.RecallFirst)
		s.RecallFinalSum += SumOf(t.RecallFinal)
	}
	if len(t.MissedFirst) > 0 {
		s.MissedFirst++
		if len(t.Recovered) == len(t.MissedFirst) {
			s.Recovered++
		} else {
			s.NotRecovered++
		}
	}
	s.InjectedToolsSum += t.InjectedTools
	s.NoiseToolsSum += t.NoiseTools
	if tokens {
		s.TokenCases++
		s.InjectedTokensSum += t.InjectedTokens
		s.NoiseTokensSum += t.NoiseTokens
	}
	s.Calls += t.Calls
	s.ToolCalls += t.ToolCalls
	s.WrongArgCalls += t.WrongArgCalls
	s.NotInjectedCalls += t.NotInjectedCalls
	s.ParserFailures += t.ParserFailures
}

func (s *TrajectoryStats) derive() {
	if s.Causes == nil {
		s.Causes, s.Codes, s.FailedAt = map[string]int{}, map[string]int{}, map[string]int{}
	}
	if s.StepCodes == nil {
		s.StepCodes = map[string]int{}
	}
	s.SuccessRate = ratio(float64(s.Passed), s.Cases)
	s.StepPassRate = ratio(float64(s.StepsPassed), s.GoldSteps)
	s.StepsPerCase = ratio(float64(s.StepsTaken), s.Cases)
	s.GoldStepsRatio = ratio(float64(s.StepsTaken), s.GoldSteps)
	s.SearchesPer = ratio(float64(s.Searches), s.Cases)
	s.RecallFirst = ratio(s.RecallFirstSum.Float(), s.RecallCases)
	s.RecallFinal = ratio(s.RecallFinalSum.Float(), s.RecallCases)
	s.RecoveryRate = ratio(float64(s.Recovered), s.MissedFirst)
	s.Noise = ratio(float64(s.NoiseToolsSum), s.InjectedToolsSum)
	s.InjectedTokens = ratio(float64(s.InjectedTokensSum), s.TokenCases)
	s.NoiseTokens = ratio(float64(s.NoiseTokensSum), s.TokenCases)
	s.WrongArgRate = ratio(float64(s.WrongArgCalls), s.ToolCalls)
	s.NotInjectedRate = ratio(float64(s.NotInjectedCalls), s.Calls)
}
