package render

import (
	"bytes"
	"encoding/json"
	"html/template"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tooleval/tooleval/internal/browser"
	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

func htmlReport(t *testing.T) (*report.Report, string) {
	t.Helper()
	s := loadTestSuite(t)
	base := runTest(t, s, replay.Options{Ks: []int{3, 5}})
	// The baseline was better on one case, so the page shows changes.
	r := resultByID(base.Configs[1], "wrong-tool")
	r.Passed, r.Cause = true, ""
	base.Configs[1].Metrics.Passed++
	base.Configs[1].Metrics.Derive()
	rep := runTest(t, s, replay.Options{Ks: []int{3, 5}, Encoding: "o200k_base"})
	report.Gate{MaxDrop: []report.Threshold{{Metric: "pass_rate", Value: 0}}, Min: []report.Threshold{{Metric: "recall", Value: 0.5}}}.Check(rep, base)
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, []byte(writtenPage(t, rep, s)), 0o644); err != nil {
		t.Fatal(err)
	}
	return rep, file
}

// The page stands alone: nothing is fetched from anywhere.
func TestHTMLSelfContained(t *testing.T) {
	_, file := htmlReport(t)
	b, _ := os.ReadFile(file)
	page := string(b)
	for _, bad := range []string{"http://", "https://", "<link", "src="} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	for _, want := range []string{`data-metric="recall"`, `"PingFang SC"`, `"Noto Sans CJK SC"`, "<svg", "REGRESSION", "Tool block as the model saw it", `id="report-data"`, "Gold calls"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// TestHTMLInBrowser loads the report in a real headless browser from a
// file:// URL: the headline numbers shown are the JSON report's, filtering
// by cause shows the right number of cases, and a screenshot is saved
// (testdata/replay/html-report.png, not compared).
func TestHTMLInBrowser(t *testing.T) {
	ctx := browser.Start(t, 1280, 1600, 60*time.Second)
	rep, file := htmlReport(t)

	// Headline numbers, as shown, against the JSON report's values.
	err := chromedp.Do(ctx, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("#cases")))
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(function(){var o={};document.querySelectorAll('.v[data-metric]').forEach(function(e){o[e.dataset.config+'/'+e.dataset.metric]=e.textContent});return o})()`))
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	checked := 0
	for _, c := range rep.Configs {
		for _, h := range headlineFor(rep) {
			want := h.format(report.MetricValue(&c.Metrics, h.metric))
			if got, ok := shown[c.Config.Name+"/"+h.metric]; !ok || got != want {
				t.Errorf("%s %s: page shows %q, report has %q", c.Config.Name, h.metric, got, want)
			}
			checked++
		}
	}
	if checked != len(shown) || checked == 0 {
		t.Errorf("%d headline numbers shown, %d checked", len(shown), checked)
	}
	// Filtering by cause (and configuration) shows exactly those cases.
	for _, tc := range []struct{ config, cause string }{{"k=5", "arguments"}, {"", "retrieval_miss"}, {"k=3", "passed"}, {"", ""}} {
		want := 0
		for _, c := range rep.Configs {
			for _, r := range c.Results {
				cause := r.Cause
				if r.Passed {
					cause = "passed"
				}
				if (tc.config == "" || c.Config.Name == tc.config) && (tc.cause == "" || cause == tc.cause) {
					want++
				}
			}
		}
		err := chromedp.Do(ctx,
			chromedp.SetValue(chromedp.CSS("#f-config"), tc.config),
			chromedp.SetValue(chromedp.CSS("#f-cause"), tc.cause),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('f-cause').dispatchEvent(new Event('input'))`),
		)
		if err != nil {
			t.Fatal(err)
		}
		visible, err := chromedp.Run(ctx, chromedp.Evaluate[int](`Array.prototype.filter.call(document.querySelectorAll('tbody.case'),function(b){return !b.hidden}).length`))
		if err != nil {
			t.Fatal(err)
		}
		counter, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#shown")))
		if err != nil {
			t.Fatal(err)
		}
		if visible != want || counter != strconv.Itoa(want) {
			t.Errorf("config %q cause %q: %d cases visible, counter %q, want %d", tc.config, tc.cause, visible, counter, want)
		}
	}
	// Open a drill-down, then take the screenshot.
	err = chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS("#f-cause"), ""),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('f-cause').dispatchEvent(new Event('input'))`),
		chromedp.Click(chromedp.CSS(`tbody.case[data-cause="arguments"] tr.row`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	opened, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('tbody.case[data-cause="arguments"] tr.detail').hidden`))
	if err != nil {
		t.Fatal(err)
	}
	if !opened {
		t.Error("clicking a case does not open its drill-down")
	}
	// A native transcript's drill-down: its text and calls, the raw
	// stream folded away, the tool block as the provider received it.
	err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`tbody.case[data-id="weather-paris"] tr.row`)))
	if err != nil {
		t.Fatal(err)
	}
	native, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(function(){var d=document.querySelector('tbody.case[data-id="weather-paris"] tr.detail'),q=function(s){var e=d.querySelector(s);return e?e.textContent:''};return {call:q('.native mark.call'),raw:q('details.raw pre'),rawOpen:String(d.querySelector('details.raw').open),block:q('details.toolblock summary'),pre:q('details.toolblock pre')}})()`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(native["call"], "get_weather(") || !strings.HasPrefix(native["raw"], "data: ") || native["rawOpen"] != "false" ||
		!strings.Contains(native["block"], "native:openai-chat") || !strings.HasPrefix(native["pre"], "[\n{\"type\":\"function\"") {
		t.Errorf("native drill-down: %q", native)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("../testdata/replay/html-report.png", shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestHTMLListsZeroMatch: the page counts the zero-match cases per
// configuration, lists them with their queries, and marks them in the
// drill-down.
func TestHTMLListsZeroMatch(t *testing.T) {
	rep, file := htmlReport(t)
	b, _ := os.ReadFile(file)
	page := string(b)
	var zero *report.CaseResult
	for _, r := range rep.Configs[0].Results {
		if r.ZeroMatch {
			zero = r
			break
		}
	}
	if zero == nil {
		t.Fatal("the test suite has no zero-match case")
	}
	query := ""
	for _, c := range loadTestSuite(t).Cases {
		if c.ID == zero.ID {
			query = c.Query
		}
	}
	for _, want := range []string{`data-metric="zero_match">` + strconv.Itoa(rep.Configs[0].Metrics.ZeroMatch) + "<",
		"no term in common with the catalog", "<li>" + template.HTMLEscapeString(zero.ID+": "+query) + "</li>", "'Zero match:'"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// markSegments marks the names in the text itself: a name inside
// another, longer name is not marked, and the text is never escaped or
// rewritten (the page writes each segment as a DOM text node), so a tool
// named lt or amp marks only its own name.
func TestMarkSegments(t *testing.T) {
	for _, tc := range []struct {
		text  string
		names []string
		want  []string
	}{
		{"I will call search", []string{"search", "call"}, []string{"I will ", "call", " ", "search", ""}},
		{"a < b; lt", []string{"lt"}, []string{"a < b; ", "lt", ""}},
		{"x & y amp", []string{"amp", "mark", "class"}, []string{"x & y ", "amp", ""}},
		{"get_user_info then get_user", []string{"get_user", "get_user_info"}, []string{"", "get_user_info", " then ", "get_user", ""}},
		{`<tool_call>{"name":"a<b"}`, []string{"a<b"}, []string{`<tool_call>{"name":"`, "a<b", `"}`}},
		{"no calls", nil, []string{"no calls"}},
		{"", []string{"x"}, []string{""}},
	} {
		got := markSegments(tc.text, tc.names)
		if !slices.Equal(got, tc.want) {
			t.Errorf("markSegments(%q, %q)\n got %q\nwant %q", tc.text, tc.names, got, tc.want)
		}
		if strings.Join(got, "") != tc.text {
			t.Errorf("segments of %q do not join to the text", tc.text)
		}
	}
	long := strings.Repeat("x", markLimit+10)
	if got := markSegments(long, nil); len(got) != 1 || !strings.HasSuffix(got[0], "… (10 more bytes)") {
		t.Errorf("long text: %.40q…", got)
	}
}

// With one k the recall/noise chart is a pair of bars per setting, not a
// line through one point; with several k it is the curve.
func TestRecallChartOneK(t *testing.T) {
	mk := func(ks ...int) *report.Report {
		rep := &report.Report{}
		for _, k := range ks {
			r, n := 0.8, 0.4
			rep.Configs = append(rep.Configs, &report.ConfigResult{Config: report.Config{K: k, Weights: "default"}, Metrics: report.Aggregate{Recall: &r, Noise: &n}})
		}
		return rep
	}
	one := string(recallChart(mk(5)))
	if !strings.Contains(one, `aria-label="recall and noise per setting"`) || strings.Contains(one, "<polyline") || !strings.Contains(one, "recall 0.800") {
		t.Errorf("one k: want bars with values, got:\n%s", one)
	}
	many := string(recallChart(mk(3, 5, 10)))
	if !strings.Contains(many, `aria-label="recall and noise against k"`) || !strings.Contains(many, "<polyline") {
		t.Errorf("several k: want the curve, got:\n%.300s", many)
	}
}

// pageText returns what a page shows or can show: its markup and every
// string of its case data (decoded), one a line.
func pageText(t testing.TB, page string) string {
	t.Helper()
	const open = `<script type="application/json" id="report-data">`
	i := strings.Index(page, open)
	if i < 0 {
		t.Fatal("the page has no case data")
	}
	rest := page[i+len(open):]
	j := strings.Index(rest, "</script>")
	if j < 0 {
		t.Fatal("the case data is not closed")
	}
	var data any
	if err := json.Unmarshal([]byte(rest[:j]), &data); err != nil {
		t.Fatalf("the case data is not JSON: %v", err)
	}
	var b strings.Builder
	b.WriteString(page[:i])
	b.WriteString(rest[j:])
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			b.WriteString("\n")
			b.WriteString(x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(data)
	return b.String()
}

// pageData decodes a page's case data.
func pageData(t testing.TB, page string) map[string]any {
	t.Helper()
	const open = `<script type="application/json" id="report-data">`
	i := strings.Index(page, open)
	j := strings.Index(page[i+len(open):], "</script>")
	if i < 0 || j < 0 {
		t.Fatal("the page has no case data")
	}
	var data map[string]any
	if err := json.Unmarshal([]byte(page[i+len(open):i+len(open)+j]), &data); err != nil {
		t.Fatalf("the case data is not JSON: %v", err)
	}
	return data
}

// The drill-down shows the tool block in the variant the transcript was
// recorded with (the provider's tools payload for a native one), and a
// native transcript as its text and calls with the raw stream kept apart.
func TestHTMLDrillDownVariants(t *testing.T) {
	_, file := htmlReport(t)
	b, _ := os.ReadFile(file)
	data := pageData(t, string(b))
	strs := data["s"].([]any)
	str := func(v any) string { return strs[int(v.(float64))].(string) }
	cases := map[string][]any{}
	for _, c := range data["c"].([]any) {
		cases[c.([]any)[0].(string)] = c.([]any)
	}
	if v := str(cases["note-create"][6]); v != "detailed" {
		t.Errorf("note-create (variant detailed) shows its tool block as %q", v)
	}
	if v := str(cases["wrong-tool"][6]); v != "retrieved" {
		t.Errorf("wrong-tool (no variant) shows its tool block as %q, want the run's first variant", v)
	}
	w := cases["weather-paris"]
	if v := str(w[6]); v != "native:openai-chat" {
		t.Errorf("weather-paris (native openai-chat) shows its tool block as %q", v)
	}
	parts, ok := w[7].([]any)
	if !ok || len(parts) == 0 {
		t.Fatalf("weather-paris has no text and calls: %v", w[7])
	}
	var kinds []string
	sawCall := false
	for _, p := range parts {
		p := p.([]any)
		kinds = append(kinds, str(p[0]))
		if str(p[0]) == "call" && strings.HasPrefix(p[1].(string), "get_weather(") {
			sawCall = true
		}
		if strings.Contains(p[1].(string), "data:") {
			t.Errorf("a part holds raw stream lines: %q", p[1])
		}
	}
	if !sawCall {
		t.Errorf("weather-paris parts %v lack the get_weather call", kinds)
	}
	if raw := w[8].(string); !strings.HasPrefix(raw, "data: ") {
		t.Errorf("the raw stream is not kept: %.40q", raw)
	}
	// Its rows: the tool block is the OpenAI tools JSON, one tool a line.
	for _, r := range data["r"].([]any) {
		r := r.([]any)
		if data["c"].([]any)[int(r[1].(float64))].([]any)[0] != "weather-paris" {
			continue
		}
		tb := r[11].([]any)
		if str(tb[0]) != "[\n" || !strings.HasPrefix(str(tb[3]), `{"type":"function","function":{"name":`) {
			t.Errorf("native tool block starts %q %.60q", str(tb[0]), str(tb[3]))
		}
		if seg := r[12].(float64); seg != -1 {
			t.Errorf("a native transcript also has marked segments (%v)", seg)
		}
	}
}

// Hostile text (a case id that closes the script element, markup in a
// transcript, a tool named like an entity) stays data: the page never
// contains it as markup, and the data gives it back exactly.
func TestHTMLHostileText(t *testing.T) {
	page, id, transcript := hostilePage(t)
	for _, bad := range []string{"<script>window", "<b>bold", "<i>notes", `"query": "</script>`} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains %q as markup", bad)
		}
	}
	if n := strings.Count(page, "</script>"); n != 2 { // the data's and the script's
		t.Errorf("the page closes %d script elements, want 2", n)
	}
	data := pageData(t, page)
	c := data["c"].([]any)[0].([]any)
	if c[0] != id || c[4] != "find <i>notes</i> & more" {
		t.Errorf("id %q, query %q: not given back exactly", c[0], c[4])
	}
	r := data["r"].([]any)[0].([]any)
	var segs []string
	for _, s := range data["m"].([]any)[int(r[12].(float64))].([]any) {
		segs = append(segs, s.(string))
	}
	if strings.Join(segs, "") != transcript || len(segs) != 3 || segs[1] != "search_notes" {
		t.Errorf("segments %q", segs)
	}
}

// In a browser the hostile case's drill-down shows its text as text: the
// transcript exactly, one mark, no element made from it.
func TestHTMLHostileInBrowser(t *testing.T) {
	ctx := browser.Start(t, 1280, 800, 60*time.Second)
	page, id, transcript := hostilePage(t)
	file := filepath.Join(t.TempDir(), "hostile.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Do(ctx, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("tbody.case")), chromedp.Click(chromedp.CSS("tbody.case tr.row")))
	if err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(function(){var d=document.querySelector('tbody.case tr.detail');return {id:document.querySelector('tbody.case').dataset.id,text:d.querySelector('pre.transcript').textContent,marks:String(d.querySelectorAll('mark').length),made:String(document.querySelectorAll('main b, main i').length),alerted:String(!!window.alerted)}})()`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"id": id, "text": transcript, "marks": "1", "made": "0", "alerted": "false"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %q, want %q", k, got[k], v)
		}
	}
}

// hostilePage writes the report of a one-case suite whose id, query and
// transcript hold markup.
func hostilePage(t *testing.T) (page, id, transcript string) {
	t.Helper()
	dir := t.TempDir()
	cat, err := os.ReadFile("../testdata/replay/catalogs/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.json"), cat, 0o644); err != nil {
		t.Fatal(err)
	}
	id = `x</script><script>window.alerted=1</script><!--`
	transcript = `I will call"><b>bold</b> &lt; <tool_call>{"name": "search_notes", "arguments": {"query": "</script>"}}</tool_call>`
	line, _ := json.Marshal(map[string]any{"id": id, "query": "find <i>notes</i> & more", "catalog": "notes.json", "gold_tools": []string{"search_notes"},
		"transcript": map[string]any{"format": "tool_call", "text": transcript}})
	if err := os.WriteFile(filepath.Join(dir, "suite.jsonl"), append(line, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := suite.LoadFile(filepath.Join(dir, "suite.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	rep := runTest(t, s, replay.Options{Ks: []int{3}})
	return writtenPage(t, rep, s), id, transcript
}

// writtenPage is the HTML report of rep with suite s's drill-down data.
func writtenPage(t *testing.T, rep *report.Report, s *suite.Suite) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteHTML(&b, rep, HTMLOptions{Suite: s}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
