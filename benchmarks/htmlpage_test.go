package benchmarks

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tooleval/tooleval/internal/browser"
	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/suite"
)

// words is the vocabulary of the generated catalog and queries.
var words = strings.Fields(`account address alert archive asset audit backup balance batch billing
booking branch budget build cache calendar campaign card cart catalog channel chart checkout city
claim client cluster comment commit contact container contract coupon course credit currency
customer dashboard dataset deadline delivery deployment device discount document domain draft
email employee endpoint event expense export feed file filter flight folder forecast form fund
gateway grade group guest holiday hotel image incident index inventory invoice issue item job
journal key label lead ledger license link list location log loyalty machine mailbox map meeting
member menu message metric milestone model module note notification order package page partner
payment payroll permission photo pipeline plan playlist policy portfolio post price printer
product profile project promotion quota quote rate receipt recipe record refund region release
report request reservation resource review role route rule schedule score search secret segment
sensor server session shift shipment sku slot snapshot song source space sprint stock store
stream subscription supplier survey task team template tenant ticket timer token topic track
transaction transfer trip user vehicle vendor version video visit volume wallet warehouse
weather webhook widget workflow zone`)

var verbs = strings.Fields(`get list create update delete search find cancel approve archive export
import schedule send sync check reset assign close open restore`)

// writeRealisticSuite writes a suite of n cases against a catalog of
// tools tools (OpenAI tools JSON, two-sentence descriptions, three to five
// described parameters, some enums): each case a query, one gold tool,
// a transcript (four in five a hermes <tool_call> after a sentence of
// text, one in five an openai-chat stream) and its gold call.
func writeRealisticSuite(b testing.TB, dir string, n, tools int) *suite.Suite {
	b.Helper()
	w := func(i int) string { return words[i%len(words)] }
	type param struct {
		name, typ string
		enum      []string
	}
	names := make([]string, tools)
	params := make([][]param, tools)
	var cat []any
	for i := range tools {
		names[i] = fmt.Sprintf("%s_%s_%s", verbs[i%len(verbs)], w(i*7), w(i*13+3))
		props := map[string]any{}
		var req []string
		for j := range 3 + i%3 {
			p := param{name: w(i+j*31) + "_" + []string{"id", "name", "limit", "mode", "note"}[j], typ: "string"}
			prop := map[string]any{"type": "string", "description": fmt.Sprintf("The %s of the %s to use, as shown in the %s list.", p.name, w(i+j), w(i*3+j))}
			switch j {
			case 2:
				p.typ = "integer"
				prop = map[string]any{"type": "integer", "description": "How many to return, at most.", "minimum": 1}
			case 3:
				p.enum = []string{"fast", "full", "dry_run"}
				prop["enum"] = p.enum
			}
			props[p.name] = prop
			if j < 2 {
				req = append(req, p.name)
			}
			params[i] = append(params[i], p)
		}
		cat = append(cat, map[string]any{"type": "function", "function": map[string]any{
			"name": names[i],
			"description": fmt.Sprintf("%s a %s %s for the current %s. Use it when the user asks about the %s of a %s or needs it changed.",
				strings.ToUpper(verbs[i%len(verbs)][:1])+verbs[i%len(verbs)][1:], w(i*7), w(i*13+3), w(i*5), w(i*11), w(i*7)),
			"parameters": map[string]any{"type": "object", "properties": props, "required": req},
		}})
	}
	catJSON, err := json.Marshal(cat)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tools.json"), catJSON, 0o644); err != nil {
		b.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "suite.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	bw := bufio.NewWriter(f)
	for i := range n {
		t := (i * 7919) % tools
		args := map[string]any{}
		gold := map[string]any{}
		for _, p := range params[t][:2] {
			v := fmt.Sprintf("%s-%d", w(i+t), i%97)
			args[p.name], gold[p.name] = v, []any{v}
		}
		argJSON, _ := json.Marshal(args)
		var tr map[string]any
		if i%5 == 4 {
			var sse strings.Builder
			fmt.Fprintf(&sse, "data: {\"id\":\"c%d\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Let me look up the %s.\"}}]}\n\n", i, w(t*7))
			fmt.Fprintf(&sse, "data: {\"id\":\"c%d\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_%d\",\"type\":\"function\",\"function\":{\"name\":%q,\"arguments\":\"\"}}]}}]}\n\n", i, i, names[t])
			arg, _ := json.Marshal(string(argJSON))
			fmt.Fprintf(&sse, "data: {\"id\":\"c%d\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":%s}}]}}]}\n\n", i, arg)
			fmt.Fprintf(&sse, "data: {\"id\":\"c%d\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n", i)
			tr = map[string]any{"format": "openai-chat", "variant": "native", "text": sse.String()}
		} else {
			tr = map[string]any{"format": "hermes", "text": fmt.Sprintf("I will check the %s %s for you first.\n<tool_call>\n{\"name\": %q, \"arguments\": %s}\n</tool_call>", w(t*7), w(t*13+3), names[t], argJSON)}
		}
		line := map[string]any{
			"id":         fmt.Sprintf("case-%05d", i),
			"query":      fmt.Sprintf("please %s the %s %s for %s %s, I need it before the %s %s", verbs[t%len(verbs)], w(t*7), w(t*13+3), w(i), w(i*3), w(i*5), w(t*5)),
			"catalog":    "tools.json",
			"gold_tools": []string{names[t]},
			"transcript": tr,
			"gold_calls": []any{map[string]any{names[t]: gold}},
			"lang":       "en",
			"tags":       []string{[]string{"single", "billing", "travel", "ops"}[i%4]},
		}
		data, _ := json.Marshal(line)
		bw.Write(data)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	s, err := suite.LoadFile(filepath.Join(dir, "suite.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkHTMLPage is issue 24's HTML report case: 3,000 cases of an
// 800-tool catalog under three configurations (k = 3, 5, 10). It reports
// the page's size (page-MB, goal ≤ 5) and, in headless Chromium, how long
// the page takes from navigation until it is interactive (its script has
// run and the first rows are shown: rows-ms, goal < 2,000), with the steps
// on the way (response-ms: the file read; script-ms: the HTML before the
// script parsed; parsed-ms: the case data parsed; dcl-ms:
// DOMContentLoaded), and to open a drill-down (open-ms). Without a
// browser it skips.
//
//	go test ./benchmarks -run xxx -bench HTMLPage -benchtime 3x
func BenchmarkHTMLPage(b *testing.B) {
	dir := b.TempDir()
	s := writeRealisticSuite(b, dir, 3000, 800)
	rep, err := replay.Run(s, replay.Options{Ks: []int{3, 5, 10}, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: -1})
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(dir, "report.html")
	f, err := os.Create(file)
	if err != nil {
		b.Fatal(err)
	}
	if err := render.WriteHTML(f, rep, render.HTMLOptions{Suite: s}); err != nil {
		b.Fatal(err)
	}
	f.Close()
	st, err := os.Stat(file)
	if err != nil {
		b.Fatal(err)
	}
	ctx := browser.Start(b, 1280, 1000, 5*time.Minute)
	var at [5]float64 // response, script, parsed, rows, dcl
	var open float64
	for b.Loop() {
		err := chromedp.Do(ctx, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("tbody.case")))
		if err != nil {
			b.Fatal(err)
		}
		// Navigation start to: the response read, the page's script
		// started (the HTML before it parsed), the case data parsed, the
		// first rows shown (the marks of render/html_template.go), and
		// DOMContentLoaded.
		t, err := chromedp.Run(ctx, chromedp.Evaluate[[5]float64](`(function(){var n=performance.getEntriesByType('navigation')[0],m=function(x){return performance.getEntriesByName(x)[0].startTime};return [n.responseEnd,m('tooleval:script'),m('tooleval:parsed'),m('tooleval:rows'),n.domContentLoadedEventEnd]})()`))
		if err != nil {
			b.Fatal(err)
		}
		for i := range t {
			at[i] += t[i]
		}
		took, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(function(){var t=performance.now();document.querySelector('tbody.case tr.row').click();var d=document.querySelector('tbody.case tr.detail');if(!d)throw new Error('no drill-down');return performance.now()-t})()`))
		if err != nil {
			b.Fatal(err)
		}
		open += took
	}
	b.ReportMetric(float64(st.Size())/1e6, "page-MB")
	for i, unit := range []string{"response-ms", "script-ms", "parsed-ms", "rows-ms", "dcl-ms"} {
		b.ReportMetric(at[i]/float64(b.N), unit)
	}
	b.ReportMetric(open/float64(b.N), "open-ms")
}
