package retrieval

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func TestDetectLanguage(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Search flights by date", LangEn},
		{"查询航班信息", LangZh},
		{"用 git 提交代码", LangZh},
		{"把 docs/notes.md 改名为 docs/2024-notes.md", LangEn}, // 5 Han, 6 Latin runs
		{"Read the file at 路径", LangEn},
		{"123 + 456", ""},
	} {
		if got := DetectLanguage(tc.in); got != tc.want {
			t.Errorf("DetectLanguage(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

var enTools = []toolcall.Tool{
	{Name: "search_flights", Description: "Search for flights between two airports on a date."},
	{Name: "book_meeting_room", Description: "Reserve a meeting room for a time slot."},
	{Name: "get_weather", Description: "Get the current weather and the forecast for a city."},
	{Name: "delete_file", Description: "Delete a file from the workspace."},
	{Name: "send_email", Description: "Send an email message to recipients."},
}

// zhTools are named without meaning, so only their descriptions match.
var zhTools = []toolcall.Tool{
	{Name: "svc_a", Description: "按日期查询两个机场之间的航班。"},
	{Name: "svc_b", Description: "预订某个时间段的会议室。"},
	{Name: "svc_c", Description: "获取城市当前的天气和预报。"},
	{Name: "svc_d", Description: "从工作区删除文件。"},
	{Name: "svc_e", Description: "给收件人发送电子邮件。"},
}

func topName(t *testing.T, ix *Index, q string) string {
	t.Helper()
	hits, err := ix.Search(q, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 {
		return ""
	}
	return hits[0].Name
}

// Chinese queries find English tools and English queries Chinese ones
// through the built-in lexicon; with cross_lingual off they find nothing.
func TestCrossLingualSearch(t *testing.T) {
	for _, tc := range []struct {
		tools []toolcall.Tool
		lang  string
		cases map[string]string
	}{
		{enTools, LangEn, map[string]string{
			"帮我查一下明天从北京到上海的航班":    "search_flights",
			"预订下午三点的会议室":          "book_meeting_room",
			"上海今天天气怎么样":           "get_weather",
			"把 report.txt 这个文件删掉": "delete_file",
			"给张三发一封邮件":            "send_email",
		}},
		{zhTools, LangZh, map[string]string{
			"find flights to Tokyo tomorrow":   "svc_a",
			"book a meeting room for 3pm":      "svc_b",
			"what's the weather like in Paris": "svc_c",
			"delete the file report.txt":       "svc_d",
			"send an email to Alice":           "svc_e",
		}},
	} {
		on, err := New(tc.tools)
		if err != nil {
			t.Fatal(err)
		}
		if on.Language() != tc.lang {
			t.Errorf("catalog language %q, want %q", on.Language(), tc.lang)
		}
		cfg := DefaultConfig()
		cfg.CrossLingual = CrossLingualOff
		off, err := New(tc.tools, WithConfig(cfg))
		if err != nil {
			t.Fatal(err)
		}
		for q, want := range tc.cases {
			if got := topName(t, on, q); got != want {
				t.Errorf("%q: top %q, want %q", q, got, want)
			}
			if got := topName(t, off, q); got == want {
				t.Errorf("%q: found %q with cross_lingual off", q, got)
			}
		}
	}
}

// Translated terms weigh LexiconWeight, below the query's own terms, and
// a query in the catalog's language is not translated (auto), so
// monolingual retrieval is exactly what it was.
func TestCrossLingualTerms(t *testing.T) {
	terms, err := NewCatalogTerms(DefaultConfig(), enTools)
	if err != nil {
		t.Fatal(err)
	}
	qs := terms.Query("预订会议室 room 42")
	weight := map[string]float64{}
	for _, q := range qs {
		weight[q.Term] = q.Weight
	}
	if weight["room"] != 1 || weight["book"] != DefaultLexiconWeight || weight["meeting"] != DefaultLexiconWeight {
		t.Errorf("weights %v: want room 1 (typed), book and meeting %g (translated)", weight, DefaultLexiconWeight)
	}
	for _, tc := range []struct {
		tools []toolcall.Tool
		q     string
	}{{enTools, "book a meeting room"}, {zhTools, "预订会议室"}, {zhTools, "把 dashboard 页面保存成 PDF"}} {
		with, _ := NewCatalogTerms(DefaultConfig(), tc.tools)
		cfg := DefaultConfig()
		cfg.CrossLingual = CrossLingualOff
		without, _ := NewCatalogTerms(cfg, tc.tools)
		if a, b := with.Query(tc.q), without.Query(tc.q); !slices.Equal(a, b) {
			t.Errorf("%q over its own language: terms %v, want %v", tc.q, a, b)
		}
	}
	// "on" translates whatever the catalog.
	cfg := DefaultConfig()
	cfg.CrossLingual = CrossLingualOn
	on, _ := NewCatalogTerms(cfg, zhTools)
	if !slices.ContainsFunc(on.Query("预订会议室"), func(q QueryTerm) bool { return q.Term == "book" && q.Expanded }) {
		t.Errorf("cross_lingual on: %v lacks book", on.Query("预订会议室"))
	}
}

func TestCrossLingualConfig(t *testing.T) {
	for _, tc := range []struct{ json, want string }{
		{`{"cross_lingual": "sometimes"}`, `cross_lingual: unknown mode "sometimes"`},
		{`{"lexicon_weight": 1.5}`, "lexicon_weight: must be in [0, 1], got 1.5"},
	} {
		if _, err := ParseConfig("c.json", []byte(tc.json)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.json, err, tc.want)
		}
	}
	// A CC-CEDICT file named in a config is read at load time, relative to
	// the config file, and its errors name file:line.
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("dict.u8", "# test dictionary\n煎餅 煎饼 [jian1 bing3] /pancake/\n")
	cfg, err := LoadConfig(write("good.json", `{"lexicon": "dict.u8"}`))
	if err != nil {
		t.Fatal(err)
	}
	ix, err := New([]toolcall.Tool{{Name: "order_pancakes", Description: "Order pancakes for breakfast."}, {Name: "order_tea", Description: "Order tea."}}, WithConfig(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if got := topName(t, ix, "我想要煎饼"); got != "order_pancakes" {
		t.Errorf("with the user dictionary: top %q", got)
	}
	write("bad.u8", "煎餅 煎饼 /pancake/\n")
	if _, err := LoadConfig(write("bad.json", `{"lexicon": "bad.u8"}`)); err == nil || !strings.Contains(err.Error(), "bad.u8:1: no [pinyin]") {
		t.Errorf("bad dictionary: %v", err)
	}
}

// TestSenseField checks the catalog side of English queries over Chinese
// descriptions: a Chinese description carries its words' English senses
// in FieldSenses, an English query finds them there (shown unmarked by
// Explain), Chinese queries never search the field, and with translation
// off the field is empty.
func TestSenseField(t *testing.T) {
	tools := []toolcall.Tool{
		{Name: "t1", Description: "预订航班"},
		{Name: "t2", Description: "取消会议"},
	}
	ix, err := New(tools, WithConfig(DefaultConfig()))
	if err != nil {
		t.Fatal(err)
	}
	senses := ix.Terms().Field(&tools[0], FieldSenses)
	var words []string
	for _, s := range senses {
		if !strings.HasPrefix(s, senseMark) {
			t.Errorf("sense term %q is not marked", s)
		}
		words = append(words, UnmarkSense(s))
	}
	for _, w := range []string{"book", "reserve", "flight", "airline"} {
		if !slices.Contains(words, w) {
			t.Errorf("senses of 预订航班 = %q, want %q among them", words, w)
		}
	}
	if slices.Contains(words, "order") {
		t.Errorf("senses of 预订航班 = %q: only the first %d senses of a word belong there", words, maxCatalogSenses)
	}

	e, err := ix.Explain("reserve a flight", "t1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range e.Fields {
		if f.Field != FieldSenses {
			continue
		}
		for _, tm := range f.Terms {
			got = append(got, tm.Term)
		}
	}
	if !slices.Contains(got, "reserve") || !slices.Contains(got, "flight") {
		t.Errorf("Explain(reserve a flight, t1): senses terms %q, want reserve and flight (unmarked)", got)
	}
	hits, err := ix.Search("reserve a flight", 1)
	if err != nil || len(hits) != 1 || hits[0].Name != "t1" {
		t.Errorf("Search(reserve a flight) = %v, %v; want t1", hits, err)
	}

	for _, q := range []string{"预订航班", "取消 flight 会议"} {
		for _, qt := range ix.Terms().Query(q) {
			if strings.HasPrefix(qt.Term, senseMark) {
				t.Errorf("Chinese query %q searches FieldSenses with %q", q, qt.Term)
			}
		}
	}

	off := DefaultConfig()
	off.CrossLingual = CrossLingualOff
	ixOff, err := New(tools, WithConfig(off))
	if err != nil {
		t.Fatal(err)
	}
	if s := ixOff.Terms().Field(&tools[0], FieldSenses); len(s) != 0 {
		t.Errorf("cross_lingual off: FieldSenses = %q, want empty", s)
	}
}
