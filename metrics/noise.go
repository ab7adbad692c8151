package metrics

// Noise is how much of what was injected into a prompt the task did not
// need.
type Noise struct {
	// Injected is the number of tools injected (top-k ∪ always-include).
	Injected int `json:"injected"`
	// NonGold is how many of them are not gold tools.
	NonGold int `json:"non_gold"`
	// Share is NonGold / Injected (0 when nothing was injected).
	Share float64 `json:"share"`
	// Tokens is what the injected tools cost; NonGoldTokens the part spent
	// on the non-gold ones.
	Tokens        int `json:"tokens"`
	NonGoldTokens int `json:"non_gold_tokens"`
}

// MeasureNoise computes the noise of injecting tools when gold are the
// tools needed. tokens gives the cost of one injected tool (nil: tokens are
// not counted).
func MeasureNoise(injected, gold []string, tokens func(name string) int) Noise {
	n := Noise{Injected: len(injected)}
	for _, t := range injected {
		cost := 0
		if tokens != nil {
			cost = tokens(t)
		}
		n.Tokens += cost
		if !contains(gold, t) {
			n.NonGold++
			n.NonGoldTokens += cost
		}
	}
	if n.Injected > 0 {
		n.Share = float64(n.NonGold) / float64(n.Injected)
	}
	return n
}

// Reduction is the share of tokens saved by injecting injectedTokens
// instead of the whole catalog's catalogTokens (0 when the catalog costs
// nothing).
func Reduction(injectedTokens, catalogTokens int) float64 {
	if catalogTokens <= 0 {
		return 0
	}
	return 1 - float64(injectedTokens)/float64(catalogTokens)
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
