package tune

import (
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/retrieval"
)

// The refund tools of testdata/suggest never say "refund" / 退款; the
// customers do. Suggest must propose those words for those tools with a
// positive cross-validated gain, and the config it returns must retrieve
// better than the base.
func TestSuggestProposesMissingWords(t *testing.T) {
	suite, err := replay.LoadFile("../testdata/suggest/suite.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Suggest(suite, SuggestOptions{K: 1, Folds: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	find := func(tool, word string) *Suggestion {
		for i := range res.Suggestions {
			if s := &res.Suggestions[i]; s.Tool == tool && s.Word == word {
				return s
			}
		}
		return nil
	}
	for _, want := range []struct{ tool, word string }{{"money_back", "refund"}, {"return_money_zh", "退款"}} {
		s := find(want.tool, want.word)
		if s == nil {
			t.Errorf("no suggestion %s += %q in %+v", want.tool, want.word, res.Suggestions)
			continue
		}
		if !s.Kept || s.Gain <= 0 || s.Folds == 0 || s.Support < 2 {
			t.Errorf("%s += %q: %+v, want support ≥ 2 and a positive cross-validated gain (kept)", want.tool, want.word, *s)
		}
		if !containsWord(res.Config.Additions[want.tool], want.word) {
			t.Errorf("config additions %v lack %s += %q", res.Config.Additions, want.tool, want.word)
		}
	}
	// Two different tools say "remove" where users say "delete": a rule.
	var rule *Suggestion
	for i := range res.Suggestions {
		if s := &res.Suggestions[i]; s.Tool == "" && s.Word == "delete" && s.Synonym == "remove" {
			rule = s
		}
	}
	if rule == nil || !rule.Kept || rule.Gain <= 0 || rule.Support < 4 {
		t.Errorf("synonym rule delete = remove: %+v, want support ≥ 4 and a positive gain", rule)
	} else if !slices.ContainsFunc(res.Config.Synonyms, func(g retrieval.SynonymGroup) bool {
		return slices.Equal(g, retrieval.SynonymGroup{"delete", "remove"})
	}) {
		t.Errorf("config synonyms %v lack delete = remove", res.Config.Synonyms)
	}
	for _, s := range res.Suggestions {
		if s.Tool == "" && (s.Word == "refund" || s.Word == "退款") {
			t.Errorf("rule %+v from words that belong to one tool each", s)
		}
	}
	if res.CVRecall <= res.BaseRecall {
		t.Errorf("held-out recall with the fold additions %.3f does not beat the base %.3f", res.CVRecall, res.BaseRecall)
	}
	// zyzzyva occurs in one query only: below the minimum support of 2.
	// With support 1 allowed, a fold never proposes it when that query is
	// held out, so it is tried in at most folds−1 folds, and it cannot help
	// any held-out case.
	if s := find("money_back", "zyzzyva"); s != nil {
		t.Errorf("zyzzyva proposed with support %d", s.Support)
	}
	res1, err := Suggest(suite, SuggestOptions{K: 1, Folds: 4, Seed: 1, MinSupport: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res1.Suggestions {
		if s.Word == "zyzzyva" && (s.Folds > res1.Folds-1 || s.Gain > 0) {
			t.Errorf("zyzzyva: %+v: proposed from its own held-out query or credited with a gain", s)
		}
	}
	// Applying the config really changes retrieval.
	after, err := (&suggester{suite: suite, k: 1}).recall(res.Config, allCaseIDs(len(suite.Cases)))
	if err != nil {
		t.Fatal(err)
	}
	if after <= res.BaseRecall {
		t.Errorf("recall with the suggested config %.3f, base %.3f", after, res.BaseRecall)
	}
	if _, err := Suggest(suite, SuggestOptions{Base: &retrieval.Config{}, Folds: 2}); err == nil {
		t.Error("k 0 must be an error")
	}
}

func containsWord(list, w string) bool {
	return slices.Contains(strings.Fields(list), w)
}

func allCaseIDs(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
