package replay

import (
	"sort"

	"github.com/tooleval/tooleval/metrics"
)

// Summarise sums up the case results of one configuration.
func Summarise(results []*CaseResult) Aggregate {
	a := Aggregate{Cases: len(results), Causes: map[string]int{}, Codes: map[string]int{}}
	var injected, whole, measured int
	for _, r := range results {
		if r.Passed {
			a.Passed++
		} else {
			a.Failed++
			a.Causes[r.Cause]++
		}
		if r.Cause == CauseError {
			a.Broken++
			continue
		}
		measured++
		if r.Scored {
			a.RetrievalCases++
			a.Recall += r.Recall
			a.Comp += r.Comp
			a.NDCG += r.NDCG
			a.Precision += r.Precision
		}
		a.Noise += r.Noise.Share
		a.NoiseTokens += float64(r.Noise.NonGoldTokens)
		a.InjectedTools += float64(r.Noise.Injected)
		injected += r.Noise.Tokens
		whole += r.CatalogTokens
		if r.Parse != nil {
			a.Transcripts++
			if r.Parse.Disagreement != "" {
				a.ParserFailures++
			}
		}
		if c := r.Calls; c != nil {
			a.CallCases++
			if c.Correct {
				a.CallAccuracy++
				a.Codes["ok"]++
			} else {
				a.Codes[string(c.Code)]++
			}
			if c.SelectionOK {
				a.SelectionAccuracy++
			}
			a.ToolCalls += c.ToolCalls
			a.WrongArgCalls += c.WrongArgCalls
			if c.Abstention {
				a.AbstentionCases++
				if c.Correct {
					a.AbstentionAccuracy++
				}
			}
		}
	}
	a.PassRate = ratio(float64(a.Passed), a.Cases)
	a.Recall = ratio(a.Recall, a.RetrievalCases)
	a.Comp = ratio(a.Comp, a.RetrievalCases)
	a.NDCG = ratio(a.NDCG, a.RetrievalCases)
	a.Precision = ratio(a.Precision, a.RetrievalCases)
	a.Noise = ratio(a.Noise, measured)
	a.NoiseTokens = ratio(a.NoiseTokens, measured)
	a.InjectedTools = ratio(a.InjectedTools, measured)
	a.InjectedTokens = ratio(float64(injected), measured)
	a.CatalogTokens = ratio(float64(whole), measured)
	a.TokenReduction = metrics.Reduction(injected, whole)
	a.CallAccuracy = ratio(a.CallAccuracy, a.CallCases)
	a.SelectionAccuracy = ratio(a.SelectionAccuracy, a.CallCases)
	a.WrongArgRate = ratio(float64(a.WrongArgCalls), a.ToolCalls)
	a.AbstentionAccuracy = ratio(a.AbstentionAccuracy, a.AbstentionCases)
	return a
}

func ratio(x float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return x / float64(n)
}

// variantStats is the prompt-variant view over a configuration's results.
func variantStats(variants []string, results []*CaseResult) []VariantStats {
	out := make([]VariantStats, len(variants))
	for vi, v := range variants {
		s := VariantStats{Variant: v}
		var injected, whole, n int
		for _, r := range results {
			if r.Cause == CauseError || vi >= len(r.Variants) {
				continue
			}
			cv := r.Variants[vi]
			n++
			injected += cv.InjectedTokens
			whole += cv.CatalogTokens
			s.NoiseTokens += float64(cv.NoiseTokens)
			s.GoldParams += cv.GoldParams
			s.HiddenParams += len(cv.HiddenParams)
		}
		s.InjectedTokens = ratio(float64(injected), n)
		s.CatalogTokens = ratio(float64(whole), n)
		s.NoiseTokens = ratio(s.NoiseTokens, n)
		s.TokenReduction = metrics.Reduction(injected, whole)
		out[vi] = s
	}
	return out
}

// groups aggregates the results per language and per tag.
func groups(results []*CaseResult) []Group {
	by := map[string][]*CaseResult{}
	for _, r := range results {
		if r.Lang != "" {
			by["lang:"+r.Lang] = append(by["lang:"+r.Lang], r)
		}
		for _, t := range r.Tags {
			by["tag:"+t] = append(by["tag:"+t], r)
		}
	}
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]Group, len(names))
	for i, n := range names {
		out[i] = Group{Name: n, Metrics: Summarise(by[n])}
	}
	return out
}
