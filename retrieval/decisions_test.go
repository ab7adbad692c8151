package retrieval

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// TestCJKUnigramsAndBigrams: the default cuts Han runs into unigrams and
// bigrams. A one-character query word (票) matches only through
// unigrams; a two-character word (天气) must not be outranked by a tool
// that holds its characters apart, which only bigrams prevent.
func TestCJKUnigramsAndBigrams(t *testing.T) {
	tools := []toolcall.Tool{
		{Name: "gas_pressure", Description: "天然气压力。"},
		{Name: "city_weather", Description: "查询城市天气预报。"},
		{Name: "book_train", Description: "预订火车票。"},
		{Name: "send_sms", Description: "发送短信。"},
	}
	tests := []struct{ query, want string }{
		{"买票", "book_train"},       // 票 is the only shared term
		{"天气", "city_weather"},     // 天, 气 also in 天然气
		{"我想看看天气", "city_weather"}, // a longer query
	}
	for _, mode := range []string{CJKBoth, CJKUnigram, CJKBigram} {
		ix, err := New(tools, WithAnalyzer(AnalyzerConfig{CJK: mode}))
		if err != nil {
			t.Fatal(err)
		}
		var failed []string
		for _, tc := range tests {
			hits, _ := ix.Search(tc.query, 1)
			if len(hits) == 0 || hits[0].Name != tc.want {
				failed = append(failed, tc.query)
			}
		}
		switch mode {
		case CJKBoth:
			if len(failed) > 0 {
				t.Errorf("cjk both: %v not ranked first", failed)
			}
		case CJKUnigram:
			if !contains(failed, "天气") {
				t.Errorf("cjk unigram ranks 天气 right: the test no longer shows why bigrams are needed")
			}
		case CJKBigram:
			if !contains(failed, "买票") {
				t.Errorf("cjk bigram finds 买票: the test no longer shows why unigrams are needed")
			}
		}
	}
}

// TestRepeatedQueryTermsCountOnce: each query term counts once, however
// often a long query repeats it (counting repeats cost 5 points of R@5 on
// sealtools-in, see EVAL.md), so repeating words changes no score.
func TestRepeatedQueryTermsCountOnce(t *testing.T) {
	tools := []toolcall.Tool{
		{Name: "file_info", Description: "Show a file's size, owner and file type."},
		{Name: "delete_file", Description: "Delete a file."},
	}
	ix, err := New(tools)
	if err != nil {
		t.Fatal(err)
	}
	once, _ := ix.Search("delete file", 2)
	rep, _ := ix.Search("delete the file: the file is file.txt, the file in the file folder", 2)
	if len(rep) == 0 || rep[0].Name != "delete_file" {
		t.Fatalf("repeated query: %v, want delete_file first", names(rep))
	}
	short, _ := ix.Search("delete file file file file", 2)
	if fmt.Sprint(short) != fmt.Sprint(once) {
		t.Errorf("repeating a term changed the scores: %v vs %v", short, once)
	}
}

// TestWellNamedBeatsParameterHeavy: a tool whose name and summary say what
// it does ranks above one that repeats the query's word in many long
// parameter descriptions (BM25F normalises each field by its own length
// and saturates a term once across fields).
func TestWellNamedBeatsParameterHeavy(t *testing.T) {
	var params []toolcall.Param
	for _, p := range []string{"email address of the contact", "email template id used for the email body",
		"subject line of the email", "email of the sales owner", "whether to email the contact on change",
		"email domain to filter by", "fallback email when the contact has none"} {
		params = append(params, toolcall.Param{Name: "p" + fmt.Sprint(len(params)), Description: p})
	}
	tools := []toolcall.Tool{
		{Name: "crm_sync_contacts", Description: "Synchronise CRM contacts with the mailing platform.", Params: params},
		{Name: "send_email", Description: "Send an email to a recipient.", Params: []toolcall.Param{{Name: "to", Description: "recipient"}}},
		{Name: "list_calendars", Description: "List calendars."},
	}
	for _, sim := range []string{SimilarityBM25F, SimilarityBM25} {
		cfg := DefaultConfig()
		cfg.Similarity = sim
		ix, err := New(tools, WithConfig(cfg))
		if err != nil {
			t.Fatal(err)
		}
		hits, _ := ix.Search("send an email to Bob", 2)
		if len(hits) == 0 || hits[0].Name != "send_email" {
			t.Errorf("%s: %v, want send_email first", sim, names(hits))
		}
	}
}

// TestChineseStopWords: with zh_stop_words, request phrases and function
// words are dropped and Han runs are cut at them, so a query made mostly
// of filler matches on its content words only.
func TestChineseStopWords(t *testing.T) {
	a, err := NewAnalyzer(AnalyzerConfig{ZhStopWords: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(a.Terms("请问可以帮我查一下北京的天气吗"), " ")
	for _, bad := range []string{"帮我", "一下", "的", "京的", "的天", "吗", "可以"} {
		if strings.Contains(" "+got+" ", " "+bad+" ") {
			t.Errorf("terms %q keep stop word or spanning bigram %q", got, bad)
		}
	}
	for _, good := range []string{"北京", "天气", "查"} {
		if !strings.Contains(" "+got+" ", " "+good+" ") {
			t.Errorf("terms %q lost %q", got, good)
		}
	}
	// Off by default: the measured lists help one Chinese dev set and cost
	// the other (EVAL.md).
	if DefaultConfig().Analyzer.ZhStopWords {
		t.Error("zh_stop_words is on by default; EVAL.md says it should not be")
	}
}

// TestCJKUnigramWeight: unigrams of longer runs weigh cjk_unigram_weight
// in queries; bigrams and lone characters weigh 1.
func TestCJKUnigramWeight(t *testing.T) {
	a, err := NewAnalyzer(AnalyzerConfig{CJKUnigramWeight: 0.25}, nil)
	if err != nil {
		t.Fatal(err)
	}
	terms, weights := a.queryTerms("天气 票")
	got := map[string]float64{}
	for i, term := range terms {
		got[term] = weights[i]
	}
	want := map[string]float64{"天": 0.25, "气": 0.25, "天气": 1, "票": 1}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("query weights %v, want %v", got, want)
	}
}

// TestWordPairs: with pair_weight (default 0.3) adjacent words also count
// as one term, so "pull request" prefers the tool that says "pull request"
// over one that has both words apart.
func TestWordPairs(t *testing.T) {
	tools := []toolcall.Tool{
		{Name: "sync_branch", Description: "Pull changes, then request a review."},
		{Name: "open_pr", Description: "Open a new pull request from a feature branch to the main branch."},
	}
	for _, w := range []float64{0, DefaultConfig().Analyzer.PairWeight} {
		cfg := DefaultConfig()
		cfg.Analyzer.PairWeight = w
		ix, err := New(tools, WithConfig(cfg))
		if err != nil {
			t.Fatal(err)
		}
		hits, _ := ix.Search("pull request", 2)
		want := "open_pr"
		if w == 0 {
			want = "sync_branch" // without pairs the shorter description wins
		}
		if len(hits) == 0 || hits[0].Name != want {
			t.Errorf("pair_weight %g: %v, want %s first", w, names(hits), want)
		}
	}
	a, _ := NewAnalyzer(AnalyzerConfig{PairWeight: 0.3, StopWords: true}, nil)
	terms, weights := a.queryTerms("list the branches, then merge read_file")
	got := map[string]float64{}
	for i, term := range terms {
		got[term] = weights[i]
	}
	if got["list branch"] != 0.3 || got["branch merge"] != 0 || got["merge read"] != 0 {
		t.Errorf("pairs %v: want list branch (stop word skipped) at 0.3, none across the comma or into read_file", got)
	}
}
