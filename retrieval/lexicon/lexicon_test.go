package lexicon

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	l, err := Parse("t.txt", []byte("# c\n\n查询 查找 = search, query, look up\n查询 = check\n会议室 = Meeting  Room\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Senses("查询"); !slices.Equal(got, []string{"search", "query", "look up", "check"}) {
		t.Errorf("查询 → %q", got)
	}
	if got := l.Senses("会议室"); !slices.Equal(got, []string{"meeting room"}) {
		t.Errorf("会议室 → %q (senses are lower-cased, spaces collapsed)", got)
	}
	if got := l.Chinese("Search"); !slices.Equal(got, []string{"查询", "查找"}) {
		t.Errorf("search → %q", got)
	}
	if l.Len() != 3 || !l.Has("查找") || l.Has("搜索") {
		t.Errorf("Len %d, Has 查找 %v, Has 搜索 %v", l.Len(), l.Has("查找"), l.Has("搜索"))
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"查询 = search\n查找 search\n", `t.txt:2: want "中文 … = sense, …", found no "="`},
		{"\n = search\n", `t.txt:2: no Chinese word before "="`},
		{"search = 查询\n", `t.txt:1: "search" is not a Chinese word`},
		{"查询 = search,, find\n", "t.txt:1: empty English sense"},
		{"查询 = search, 查找\n", `t.txt:1: sense "查找" holds Chinese`},
	} {
		_, err := Parse("t.txt", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}

// The built-in lexicon parses, is broad (several hundred entries over many
// domains), and gives agent tools' senses first.
func TestBuiltin(t *testing.T) {
	l := Builtin()
	if l.Len() < 800 {
		t.Errorf("built-in lexicon has %d words, want several hundred", l.Len())
	}
	for word, want := range map[string]string{
		"查询": "search", "预订": "book", "取消": "cancel", "删除": "delete", "文件": "file",
		"航班": "flight", "天气": "weather", "会议室": "meeting room", "邮件": "email", "股票": "stock",
		"数据库": "database", "分支": "branch", "日历": "calendar", "新闻": "news", "歌曲": "song",
		// everyday vocabulary of travel, shopping, food, devices and weather
		"直飞": "direct flight", "托运": "checked baggage", "卧铺": "sleeper", "登机牌": "boarding pass",
		"耳机": "headphones", "包邮": "free shipping", "做法": "recipe", "奶茶": "milk tea",
		"雷阵雨": "thunderstorm", "房贷": "mortgage", "网课": "online course", "电饭煲": "rice cooker",
	} {
		if got := l.Senses(word); len(got) == 0 || got[0] != want {
			t.Errorf("%s → %q, want %q first", word, got, want)
		}
	}
	for _, w := range FunctionWords {
		if l.Has(w) {
			t.Errorf("function word %s is in the lexicon", w)
		}
	}
}

func TestSegment(t *testing.T) {
	l := Builtin()
	for _, tc := range []struct {
		in   string
		want []string
	}{
		// Longest match: 会议室 over 会议; 机票 whole; 从, 到, 的 dropped;
		// place names the lexicon lacks are skipped, never cut into
		// cross-word pieces such as 从北 or 海的.
		{"帮我查一下从北京到上海的机票", []string{"查一下", "机票"}},
		{"预订明天下午的会议室", []string{"预订", "明天", "会议室"}},
		{"请删除 docs 目录下的文件", []string{"删除", "目录", "文件"}},
		{"我想了解未来一周上海的天气趋势", []string{"了解", "未来", "周", "天气", "趋势"}},
		// Everyday words of travel, food, devices and weather are whole
		// words; what no word covers (想去吃, 顺便, 一款) is skipped.
		{"帮我订一张下周直飞广州的公务舱机票，要含托运行李", []string{"订", "下周", "直飞", "公务舱", "机票", "托运", "行李"}},
		{"周末想去吃火锅，顺便买杯奶茶", []string{"周末", "火锅", "买", "奶茶"}},
		{"推荐一款续航长的蓝牙耳机", []string{"推荐", "续航", "蓝牙", "耳机"}},
		{"明天会有雷阵雨吗，要不要带伞", []string{"明天", "雷阵雨", "伞"}},
		{"update the file", nil},
	} {
		if got := l.Segment(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Segment(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseCEDICT(t *testing.T) {
	data, err := os.ReadFile("testdata/mini.u8")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseCEDICT("mini.u8", data)
	if err != nil {
		t.Fatal(err)
	}
	for word, want := range map[string][]string{
		"预订":  {"place an order", "book ahead", "reserve"}, // "to " dropped, first three
		"航班":  {"scheduled flight", "flight number", "plane"},
		"机票":  {"air ticket", "passenger ticket"},   // CL: note skipped
		"北京":  {"peking"},                           // a long gloss is an explanation
		"查":   {"research", "check", "investigate"}, // first three short senses
		"查询":  {"check", "inquire", "consult"},      // parenthesised notes removed
		"会议室": {"meeting room", "conference room"},
		"秘":   {"secret"}, // cross-references skipped
	} {
		if got := l.Senses(word); !slices.Equal(got, want) {
			t.Errorf("%s → %q, want %q", word, got, want)
		}
	}
	for _, fn := range []string{"的", "从"} {
		if l.Has(fn) {
			t.Errorf("function word %s kept", fn)
		}
	}
	// Longest-match segmentation of a query with the dictionary.
	if got := l.Segment("帮我预订从北京出发的航班机票"); !slices.Equal(got, []string{"预订", "北京", "航班", "机票"}) {
		t.Errorf("segment: %q", got)
	}
	// Merged with the built-in lexicon, the tool senses come first.
	m := Merge(Builtin(), l)
	if got := m.Senses("预订"); got[0] != "book" || !slices.Contains(got, "place an order") {
		t.Errorf("merged 预订 → %q", got)
	}
}

func TestParseCEDICTErrors(t *testing.T) {
	_, err := LoadCEDICT("testdata/bad.u8")
	if err == nil || !strings.Contains(err.Error(), "testdata/bad.u8:3: no [pinyin]") {
		t.Errorf("error %v, want testdata/bad.u8:3: no [pinyin] …", err)
	}
	for _, tc := range []struct{ in, want string }{
		{"航班\n", "x.u8:1: want"},
		{"航班 航班 [hang2 ban1 /flight/\n", "x.u8:1: unclosed [pinyin]"},
		{"航班 航班 [hang2 ban1] flight\n", "x.u8:1: senses of \"航班\" are not between slashes"},
	} {
		if _, err := ParseCEDICT("x.u8", []byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
	dir := t.TempDir()
	if _, err := LoadCEDICT(dir); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("a directory: %v", err)
	}
	if _, err := LoadCEDICT(filepath.Join(dir, "absent.u8")); err == nil {
		t.Error("a missing file: no error")
	}
}
