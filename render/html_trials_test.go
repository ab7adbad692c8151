package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tooleval/tooleval/internal/browser"
	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// trialsPage writes the HTML report of the trials suite (text and
// trajectory cases with several recordings) and returns it with its
// report and suite.
func trialsPage(t *testing.T) (string, *report.Report, *suite.Suite) {
	t.Helper()
	s, err := suite.LoadFile("../testdata/replay/trajectory/trials.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rep := runTest(t, s, replay.Options{Ks: []int{3}})
	return writtenPage(t, rep, s), rep, s
}

// The page data holds each trial of a case with several: per row its
// verdict, calls, failed checks and marked transcript; per case its
// recordings. A case with one recording has none.
func TestHTMLTrialsData(t *testing.T) {
	page, rep, s := trialsPage(t)
	data := pageData(t, page)
	strs := data["s"].([]any)
	str := func(v any) string { return strs[int(v.(float64))].(string) }
	segs := data["m"].([]any)
	cases := data["c"].([]any)
	for _, row := range data["r"].([]any) {
		row := row.([]any)
		c := cases[int(row[1].(float64))].([]any)
		id := c[0].(string)
		r := resultByID(rep.Configs[int(row[0].(float64))], id)
		sc := suiteCase(t, s, id)
		trials, caseTrials := row[16].([]any), c[9].([]any)
		if len(trials) != len(r.Trials) || len(caseTrials) != len(r.Trials) {
			t.Fatalf("%s: %d row trials, %d case trials, want %d", id, len(trials), len(caseTrials), len(r.Trials))
		}
		for j, tv := range trials {
			tv := tv.([]any)
			if got, want := str(tv[1]), trialVerdict(r, r.Trials[j]); got != want || (tv[0].(float64) == 1) != r.Trials[j].Passed {
				t.Errorf("%s trial %d: verdict %q passed %v, want %q", id, j+1, got, tv[0], want)
			}
			seg := int(tv[4].(float64))
			if seg < 0 {
				t.Fatalf("%s trial %d: no transcript", id, j+1)
			}
			var text strings.Builder
			for _, p := range segs[seg].([]any) {
				text.WriteString(p.(string))
			}
			tc := sc.Trial(j)
			if tc.Trajectory() {
				if !strings.Contains(text.String(), "── step 2 ──") || !strings.Contains(text.String(), string(tc.Steps[0].Transcript.Bytes())) {
					t.Errorf("%s trial %d: transcript %q lacks its steps", id, j+1, text.String())
				}
			} else if text.String() != string(tc.Transcript.Bytes()) {
				t.Errorf("%s trial %d: transcript %q, want the trial's recording", id, j+1, text.String())
			}
		}
	}
}

// In a browser, a flaky case's drill-down shows each trial: its verdict,
// its transcript with its call marked, its parsed calls, and for the
// failing one the check that failed.
func TestHTMLTrialsInBrowser(t *testing.T) {
	ctx := browser.Start(t, 1280, 1600, 60*time.Second)
	page, rep, s := trialsPage(t)
	file := filepath.Join(t.TempDir(), "trials.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Do(ctx, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("#cases")),
		chromedp.Click(chromedp.CSS(`tbody.case[data-id="flaky-note"] tr.row`)),
		chromedp.Click(chromedp.CSS(`tbody.case[data-id="single"] tr.row`)))
	if err != nil {
		t.Fatal(err)
	}
	type shown struct {
		Class, Verdict, Transcript, Marks, Calls, Checks string
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]shown](`Array.prototype.map.call(document.querySelectorAll('tbody.case[data-id="flaky-note"] tr.detail div.trial'),function(d){
		var q=function(s){var e=d.querySelector(s);return e?e.textContent:''},pres=d.querySelectorAll('pre');
		return {Class:d.className,Verdict:q('p'),Transcript:q('pre.transcript'),Marks:String(d.querySelectorAll('mark.call').length),
			Calls:pres.length>1?pres[1].textContent:'',Checks:q('ul')}})`))
	if err != nil {
		t.Fatal(err)
	}
	r := resultByID(rep.Configs[0], "flaky-note")
	sc := suiteCase(t, s, "flaky-note")
	if len(got) != len(r.Trials) || len(got) < 2 {
		t.Fatalf("%d trials shown, want %d: %+v", len(got), len(r.Trials), got)
	}
	for j, g := range got {
		tr := r.Trials[j]
		class, verdict := "trial ok", "passed"
		if !tr.Passed {
			class, verdict = "trial bad", trialVerdict(r, tr)
		}
		if g.Class != class || !strings.HasSuffix(g.Verdict, verdict) || g.Transcript != string(sc.Trial(j).Transcript.Bytes()) ||
			g.Marks != "1" || !strings.HasPrefix(g.Calls, tr.Parse.Calls[0].Name+"(") || (g.Checks == "") == !tr.Passed {
			t.Errorf("trial %d shown as %+v; want class %q, verdict %q and its recording", j+1, g, class, verdict)
		}
	}
	single, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.querySelectorAll('tbody.case[data-id="single"] tr.detail div.trial').length,document.querySelectorAll('tbody.case[data-id="single"] tr.detail pre.transcript').length]`))
	if err != nil {
		t.Fatal(err)
	}
	if single[0] != 0 || single[1] != 1 {
		t.Errorf("a case with one recording shows %d trials and %d transcripts, want 0 and 1", single[0], single[1])
	}
}

func suiteCase(t *testing.T, s *suite.Suite, id string) *suite.Case {
	t.Helper()
	for _, c := range s.Cases {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no case %q", id)
	return nil
}
