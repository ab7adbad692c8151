package render

import (
	"bytes"
	"context"
	"html/template"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/report"
)

// findBrowser returns a Chromium-family browser on this machine, "" when
// there is none.
func findBrowser() string {
	if p := os.Getenv("TOOLEVAL_BROWSER"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

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
	var b bytes.Buffer
	if err := WriteHTML(&b, rep, HTMLOptions{Suite: s}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
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
	for _, want := range []string{`data-metric="recall"`, `"PingFang SC"`, `"Noto Sans CJK SC"`, "<svg", "REGRESSION", "Tool block as the model saw it", `<mark class="call">`, "Gold calls"} {
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
	browser := findBrowser()
	if browser == "" {
		t.Skip("no Chromium-family browser found (install Debian's chromium, or set TOOLEVAL_BROWSER): the HTML report was not checked in a browser")
	}
	rep, file := htmlReport(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(browser), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 1600),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

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
		"no term in common with the catalog", "<li>" + template.HTMLEscapeString(zero.ID+": "+query) + "</li>", "<strong>Zero match:</strong>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// markCalls marks the names in the text and escapes once: a name found in
// markup already inserted (mark, class, call) or in an entity (lt, amp)
// is never marked there.
func TestMarkCalls(t *testing.T) {
	const m, e = `<mark class="call">`, `</mark>`
	for _, tc := range []struct {
		text  string
		names []string
		want  string
	}{
		{"I will call search", []string{"search", "call"}, "I will " + m + "call" + e + " " + m + "search" + e},
		{"a < b; lt", []string{"lt"}, "a &lt; b; " + m + "lt" + e},
		{"x & y amp", []string{"amp", "mark", "class"}, "x &amp; y " + m + "amp" + e},
		{"get_user_info then get_user", []string{"get_user", "get_user_info"}, m + "get_user_info" + e + " then " + m + "get_user" + e},
		{`<tool_call>{"name":"a<b"}`, []string{"a<b"}, `&lt;tool_call&gt;{&#34;name&#34;:&#34;` + m + "a&lt;b" + e + `&#34;}`},
		{"no calls", nil, "no calls"},
	} {
		if got := string(markCalls(tc.text, tc.names)); got != tc.want {
			t.Errorf("markCalls(%q, %q)\n got %s\nwant %s", tc.text, tc.names, got, tc.want)
		}
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
