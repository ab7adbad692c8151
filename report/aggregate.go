package report

import (
	"sort"

	"github.com/tooleval/tooleval/metrics"
)

// Summarise sums up the case results of one configuration (tokens counted:
// the token fields are measured).
func Summarise(results []*CaseResult, tokens bool) Aggregate {
	a := Aggregate{}
	for _, r := range results {
		a.add(r, tokens)
	}
	a.Derive()
	return a
}

// add counts one case result into the sufficient statistics. It never
// touches the derived rates: derive computes them from the counts and sums
// only, so a merged aggregate derives exactly what a whole run would.
func (a *Aggregate) add(r *CaseResult, tokens bool) {
	if a.Causes == nil {
		a.Causes, a.Codes = map[string]int{}, map[string]int{}
	}
	if r.NotRecorded {
		a.NotRecorded++
		return
	}
	a.Cases++
	a.Trials.Add(r.TrialCounts())
	if r.Passed {
		a.Passed++
	} else {
		a.Failed++
		a.Causes[r.Cause]++
	}
	for _, k := range r.Repairs {
		if a.RepairFixes == nil {
			a.RepairFixes = map[string]int{}
		}
		a.RepairFixes[k]++
	}
	if r.Cause == CauseError {
		a.Broken++
		return
	}
	a.MeasuredCases++
	if r.ZeroMatch {
		a.ZeroMatch++
	}
	if r.Scored {
		a.RetrievalCases++
		a.RecallSum += SumOf(r.Recall)
		a.CompSum += SumOf(r.Comp)
		a.NDCGSum += SumOf(r.NDCG)
		a.PrecisionSum += SumOf(r.Precision)
	}
	a.NoiseSum += SumOf(r.Noise.Share)
	a.InjectedToolsSum += r.Noise.Injected
	if tokens {
		a.TokenCases++
		a.NoiseTokensSum += r.Noise.NonGoldTokens
		a.InjectedTokensSum += r.Noise.Tokens
		a.CatalogTokensSum += r.CatalogTokens
	}
	if r.Parse != nil {
		a.Transcripts++
		if r.Parse.CallInReasoning() {
			a.CallsInReasoning++
		}
		if r.Parse.Disagreement != "" {
			a.ParserFailures++
		}
	}
	if c := r.Calls; c != nil {
		a.CallCases++
		if c.Correct {
			a.CorrectCallCases++
			a.Codes["ok"]++
		} else {
			a.Codes[string(c.Code)]++
		}
		if c.SelectionOK {
			a.SelectionCorrect++
		}
		a.ToolCalls += c.ToolCalls
		a.WrongArgCalls += c.WrongArgCalls
		if c.Abstention {
			a.AbstentionCases++
			if c.Correct {
				a.AbstentionCorrect++
			}
		}
	}
	a.Latency.add(r.Latency)
	if r.Strategy != nil {
		if a.Strategy == nil {
			a.Strategy = &StrategyStats{}
		}
		a.Strategy.add(r.Strategy)
		if r.Strategy.ExactNameMiss != "" {
			a.Strategy.ExactNameMissIDs = append(a.Strategy.ExactNameMissIDs, r.ID)
		}
	}
	if r.Trajectory != nil {
		a.Trajectory.add(r.Trajectory, tokens)
		// Each step's stream is a transcript with its own chunk times.
		for i := range r.Trajectory.Steps {
			a.Latency.add(r.Trajectory.Steps[i].Latency)
		}
	}
}

// derive computes the rates from the counts and sums; a rate over nothing
// is nil (JSON null, "n/a" in tables).
func (a *Aggregate) Derive() {
	if a.Causes == nil {
		a.Causes = map[string]int{}
	}
	if a.Codes == nil {
		a.Codes = map[string]int{}
	}
	a.PassRate = ratio(float64(a.Passed), a.Cases)
	a.Recall = ratio(a.RecallSum.Float(), a.RetrievalCases)
	a.Comp = ratio(a.CompSum.Float(), a.RetrievalCases)
	a.NDCG = ratio(a.NDCGSum.Float(), a.RetrievalCases)
	a.Precision = ratio(a.PrecisionSum.Float(), a.RetrievalCases)
	a.Noise = ratio(a.NoiseSum.Float(), a.MeasuredCases)
	a.InjectedTools = ratio(float64(a.InjectedToolsSum), a.MeasuredCases)
	a.NoiseTokens = ratio(float64(a.NoiseTokensSum), a.TokenCases)
	a.InjectedTokens = ratio(float64(a.InjectedTokensSum), a.TokenCases)
	a.CatalogTokens = ratio(float64(a.CatalogTokensSum), a.TokenCases)
	a.TokenReduction = reduction(a.InjectedTokensSum, a.CatalogTokensSum)
	a.CallAccuracy = ratio(float64(a.CorrectCallCases), a.CallCases)
	a.SelectionAccuracy = ratio(float64(a.SelectionCorrect), a.CallCases)
	a.WrongArgRate = ratio(float64(a.WrongArgCalls), a.ToolCalls)
	a.AbstentionAccuracy = ratio(float64(a.AbstentionCorrect), a.AbstentionCases)
	a.Latency.derive()
	a.Trajectory.derive()
	a.Trials.Derive()
	if a.Strategy != nil {
		a.Strategy.derive()
	}
}

// ratio is x/n, nil when n is 0.
func ratio(x float64, n int) *float64 {
	if n == 0 {
		return nil
	}
	v := x / float64(n)
	return &v
}

// reduction is the share of tokens saved, nil when nothing was counted.
func reduction(injected, whole int) *float64 {
	if whole <= 0 {
		return nil
	}
	v := metrics.Reduction(injected, whole)
	return &v
}

// SummariseVariants is the prompt-variant view over a configuration's results.
func SummariseVariants(variants []string, results []*CaseResult, tokens bool) []VariantStats {
	out := make([]VariantStats, len(variants))
	for vi, v := range variants {
		s := VariantStats{Variant: v}
		for _, r := range results {
			if r.Cause == CauseError || r.NotRecorded || vi >= len(r.Variants) {
				continue
			}
			s.add(&r.Variants[vi], tokens)
		}
		s.derive()
		out[vi] = s
	}
	return out
}

func (s *VariantStats) add(cv *CaseVariant, tokens bool) {
	if tokens {
		s.TokenCases++
		s.InjectedTokensSum += cv.InjectedTokens
		s.NoiseTokensSum += cv.NoiseTokens
		s.CatalogTokensSum += cv.CatalogTokens
	}
	s.GoldParams += cv.GoldParams
	s.HiddenParams += len(cv.HiddenParams)
}

func (s *VariantStats) derive() {
	s.InjectedTokens = ratio(float64(s.InjectedTokensSum), s.TokenCases)
	s.NoiseTokens = ratio(float64(s.NoiseTokensSum), s.TokenCases)
	s.CatalogTokens = ratio(float64(s.CatalogTokensSum), s.TokenCases)
	s.TokenReduction = reduction(s.InjectedTokensSum, s.CatalogTokensSum)
}

// groupNames lists the groups a case belongs to: "lang:L" and "tag:T".
func groupNames(r *CaseResult) []string {
	var out []string
	if r.Lang != "" {
		out = append(out, "lang:"+r.Lang)
	}
	for _, t := range r.Tags {
		out = append(out, "tag:"+t)
	}
	return out
}

// SummariseGroups aggregates the results per language and per tag, names sorted.
func SummariseGroups(results []*CaseResult, tokens bool) []Group {
	by := map[string]*Aggregate{}
	for _, r := range results {
		for _, n := range groupNames(r) {
			if by[n] == nil {
				by[n] = &Aggregate{}
			}
			by[n].add(r, tokens)
		}
	}
	return sortedGroups(by)
}

func sortedGroups(by map[string]*Aggregate) []Group {
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]Group, len(names))
	for i, n := range names {
		by[n].Derive()
		out[i] = Group{Name: n, Metrics: *by[n]}
	}
	return out
}
