package retrieval

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAnalyzerTerms(t *testing.T) {
	tests := []struct {
		name      string
		cfg       AnalyzerConfig
		protected []string
		in        string
		want      []string
	}{
		{"camel case", AnalyzerConfig{}, nil, "ApplyPatch", []string{"applypatch", "apply", "patch"}},
		{"dotted", AnalyzerConfig{}, nil, "Read.path", []string{"read.path", "read", "path"}},
		{"snake", AnalyzerConfig{}, nil, "git_write", []string{"git_write", "git", "write"}},
		{"xpath", AnalyzerConfig{}, nil, "/html[1]/body[1]", []string{"/html[1]/body[1]", "html", "1", "body"}},
		{"path trailing slash", AnalyzerConfig{}, nil, "mimorepo/docs/xpath/", []string{"mimorepo/docs/xpath", "mimorepo", "docs", "doc", "xpath"}},
		{"flag", AnalyzerConfig{}, nil, "--dry-run", []string{"--dry-run", "dry", "run"}},
		{"no split keeps technical tokens whole", AnalyzerConfig{NoSplit: true}, nil, "ApplyPatch git_write --dry-run read files", []string{"applypatch", "git_write", "--dry-run", "read", "files", "file"}},
		{"versions stay whole", AnalyzerConfig{}, nil, "v1.2.3 and 3.11", []string{"v1.2.3", "v", "1.2.3", "and", "3.11"}},
		{"acronym then word", AnalyzerConfig{}, nil, "HTMLParser", []string{"htmlparser", "html", "parser"}},
		{"sentence punctuation", AnalyzerConfig{}, nil, "Read the file.", []string{"read", "the", "file"}},
		{"stop words", AnalyzerConfig{StopWords: true}, nil, "Read the file from disk", []string{"read", "file", "disk"}},
		{"stemming keeps the surface form", AnalyzerConfig{Stem: true}, nil, "reading files", []string{"reading", "read", "files", "file"}},
		{"stemming spares technical tokens", AnalyzerConfig{Stem: true}, nil, "read_files", []string{"read_files", "read", "files", "file"}},
		{"light folds plurals", AnalyzerConfig{}, nil, "Find flights", []string{"find", "flights", "flight"}},
		{"light spares whole technical tokens", AnalyzerConfig{}, nil, "search_flights", []string{"search_flights", "search", "flights", "flight"}},
		{"light spares protected terms", AnalyzerConfig{}, []string{"Files"}, "files", []string{"files"}},
		{"light leaves non-plurals", AnalyzerConfig{}, nil, "status of https address", []string{"status", "of", "https", "address"}},
		{"no normaliser", AnalyzerConfig{Normalize: NormalizeNone}, nil, "flights", []string{"flights"}},
		{"possessive", AnalyzerConfig{StopWords: true}, nil, "the user's files", []string{"user", "files", "file"}},
		{"contraction I'm", AnalyzerConfig{}, nil, "I'm sure", []string{"i", "am", "sure"}},
		{"contractions are stop words", AnalyzerConfig{StopWords: true, PairWeight: 0.3}, nil, "I'm sure you're right, I'll say I don't know", []string{"sure", "right", "sure right", "say", "know", "say know"}},
		{"curly apostrophe", AnalyzerConfig{StopWords: true}, nil, "I’ll book it, we’ve paid", []string{"book", "paid"}},
		{"n't names its verb", AnalyzerConfig{}, nil, "won't can't DOESN'T", []string{"will", "not", "can", "not", "does", "not"}},
		{"apostrophe, not a clitic", AnalyzerConfig{}, nil, "o'clock rock'n'roll fo't", []string{"o", "clock", "rock", "n", "roll", "fo", "t"}},
		{"clitic after a technical token", AnalyzerConfig{StopWords: true}, nil, "read_file's output", []string{"read_file", "read", "file", "output"}},
		{"possessive keeps the pair", AnalyzerConfig{StopWords: true, PairWeight: 0.3}, nil, "user's profile", []string{"user", "profile", "user profile"}},
		{"full width", AnalyzerConfig{}, nil, "ＡｐｐｌｙＰａｔｃｈ，１２３", []string{"applypatch", "apply", "patch", "123"}},
		{"cjk both", AnalyzerConfig{CJK: CJKBoth}, nil, "写文件", []string{"写", "文", "写文", "件", "文件"}},
		{"cjk unigram", AnalyzerConfig{CJK: CJKUnigram}, nil, "写文件", []string{"写", "文", "件"}},
		{"cjk bigram", AnalyzerConfig{CJK: CJKBigram}, nil, "写文件，读", []string{"写文", "文件", "读"}},
		{"mixed scripts", AnalyzerConfig{CJK: CJKBigram}, nil, "调用ApplyPatch落盘", []string{"调用", "applypatch", "apply", "patch", "落盘"}},
		{"protected phrase", AnalyzerConfig{}, []string{"Visual Studio"}, "open Visual Studio now", []string{"visual studio", "open", "visual", "studio", "now"}},
		{"protected cjk", AnalyzerConfig{CJK: CJKBigram}, []string{"写文件"}, "把结果写文件", []string{"写文件", "把结", "结果", "果写", "写文", "文件"}},
		{"protected not inside words", AnalyzerConfig{}, []string{"git"}, "github", []string{"github"}},
		{"protected once, not duplicated by the technical token", AnalyzerConfig{}, []string{"ApplyPatch"}, "ApplyPatch", []string{"applypatch", "apply", "patch"}},
		{"empty", AnalyzerConfig{}, nil, " \t，。", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := NewAnalyzer(tc.cfg, tc.protected)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Terms(tc.in); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Terms(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestStandardTokenizer(t *testing.T) {
	a, err := NewAnalyzer(AnalyzerConfig{Tokenizer: TokenizerStandard}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Terms("Read_File now"); !reflect.DeepEqual(got, []string{"read_file", "now"}) {
		t.Errorf("standard: %q", got)
	}
	if _, err := NewAnalyzer(AnalyzerConfig{Tokenizer: "icu"}, nil); err == nil {
		t.Error("unknown tokenizer accepted")
	}
	if _, err := NewAnalyzer(AnalyzerConfig{Normalize: "porter"}, nil); err == nil || !strings.Contains(err.Error(), "analyzer.normalize") {
		t.Errorf("unknown normaliser: %v", err)
	}
	if _, err := NewAnalyzer(AnalyzerConfig{}, []string{" "}); err == nil || !strings.Contains(err.Error(), "protected[0]") {
		t.Errorf("empty protected term: %v", err)
	}
}

func toFullWidth(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r > ' ' && r < 0x7f {
			r += 0xFEE0
		}
		b.WriteRune(r)
	}
	return b.String()
}

// FuzzAnalyzer: terms are non-empty valid UTF-8 without spaces (except in
// protected phrases), analysis is deterministic, and full-width input gives
// the same terms as ASCII input.
func FuzzAnalyzer(f *testing.F) {
	for _, s := range []string{"ApplyPatch 怎么写？", "Read.path", "/html[1]/body[1]", "docs/xpath/", "--dry-run", "v1.2.3", "写文件落盘", "HTMLParser getFileContents", "[a]]", "-", "..."} {
		f.Add(s)
	}
	a, _ := NewAnalyzer(AnalyzerConfig{StopWords: true}, []string{"apply patch"})
	f.Fuzz(func(t *testing.T, s string) {
		terms := a.Terms(s)
		for _, term := range terms {
			if term == "" || !utf8.ValidString(term) && utf8.ValidString(s) {
				t.Fatalf("bad term %q from %q", term, s)
			}
			if strings.ContainsAny(term, " \t\n") && term != "apply patch" {
				t.Fatalf("term with space %q from %q", term, s)
			}
		}
		if again := a.Terms(s); !reflect.DeepEqual(terms, again) {
			t.Fatalf("not deterministic for %q", s)
		}
		ascii := true
		for i := 0; i < len(s); i++ {
			if s[i] >= utf8.RuneSelf {
				ascii = false
			}
		}
		if ascii {
			if fw := a.Terms(toFullWidth(s)); !reflect.DeepEqual(fw, terms) {
				t.Fatalf("full width %q gives %q, ASCII gives %q", toFullWidth(s), fw, terms)
			}
		}
	})
}
