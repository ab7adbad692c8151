package record

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tooleval/tooleval/suite"
)

const suiteFile = "../testdata/record/suite.jsonl"

func loadSuite(t *testing.T) *suite.Suite {
	t.Helper()
	s, err := suite.LoadFile(suiteFile)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// testClient retries quickly and records the waits instead of sleeping.
func testClient(waits *[]time.Duration) *Client {
	var mu sync.Mutex
	return &Client{
		IdleTimeout: 2 * time.Second,
		Timeout:     10 * time.Second,
		Retries:     3,
		sleep: func(ctx context.Context, d time.Duration) error {
			mu.Lock()
			if waits != nil {
				*waits = append(*waits, d)
			}
			mu.Unlock()
			return ctx.Err()
		},
	}
}

func endpoint(api API, url string) Endpoint {
	return Endpoint{API: api, BaseURL: url + "/v1", Model: "test-model", Key: testKey, AnthropicVersion: "2023-06-01"}
}

// readOutput reads a recorded suite back as lines.
func readOutput(t *testing.T, path string) []suite.Case {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []suite.Case
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var c suite.Case
		if err := json.Unmarshal(l, &c); err != nil {
			t.Fatalf("%s: %v: %s", path, err, l)
		}
		out = append(out, c)
	}
	return out
}

// TestRecordNativeStreams records every case against a slow server for
// each API, then checks the saved transcripts: the raw bytes are the
// server's, in several chunks with rising arrival times, the suite loads
// with the replay loader, and each transcript parses to the fixture's call.
func TestRecordNativeStreams(t *testing.T) {
	cases := []struct {
		api      API
		fixture  string
		path     string
		authHdr  string
		authWant string
		call     string
		toolKey  string // how the API's tools payload names a tool
	}{
		{ChatCompletions, "openai-chat-tools.sse", "/v1/chat/completions", "Authorization", "Bearer " + testKey, `get_forecast{"city": "Lisbon", "days": 3}`, "function"},
		{Responses, "openai-responses-tools.sse", "/v1/responses", "Authorization", "Bearer " + testKey, `get_forecast{"city":"Lisbon","days":3}`, "name"},
		{Messages, "anthropic-tools.sse", "/v1/messages", "X-Api-Key", testKey, `convert_currency{"amount": 100, "from": "EUR", "to": "CNY"}`, "input_schema"},
	}
	for _, tc := range cases {
		t.Run(string(tc.api), func(t *testing.T) {
			srv := newFakeServer(t, tc.fixture)
			out := filepath.Join(t.TempDir(), "rec", "suite.jsonl")
			r := &Recorder{Client: testClient(nil), Endpoint: endpoint(tc.api, srv.URL), Options: Options{Variant: "native", Concurrency: 2}}
			sum, err := r.Run(context.Background(), loadSuite(t), suiteFile, out)
			if err != nil {
				t.Fatal(err)
			}
			if sum.Recorded != 4 || sum.Failed != 0 || sum.Skipped != 0 {
				t.Fatalf("summary %+v", sum)
			}
			got := readOutput(t, out)
			if ids := []string{got[0].ID, got[1].ID, got[2].ID, got[3].ID}; strings.Join(ids, ",") != "wx-1,fl-1,fx-1,chat-1" {
				t.Errorf("output order %v, want suite order", ids)
			}
			for _, c := range got {
				tr := c.Transcript
				if tr.Format != string(tc.api) || tr.Variant != "native" || tr.Model != "test-model" {
					t.Errorf("%s: transcript %q %q %q", c.ID, tr.Format, tr.Variant, tr.Model)
				}
				if strings.Join(tr.Chunks, "") != string(srv.body) {
					t.Errorf("%s: recorded bytes differ from the served stream", c.ID)
				}
				if len(tr.Chunks) < 3 || len(tr.ChunkTimesMS) != len(tr.Chunks) {
					t.Errorf("%s: %d chunks, %d times; want several, one time each", c.ID, len(tr.Chunks), len(tr.ChunkTimesMS))
				}
				for i := 1; i < len(tr.ChunkTimesMS); i++ {
					if tr.ChunkTimesMS[i] < tr.ChunkTimesMS[i-1] {
						t.Errorf("%s: times go backwards: %v", c.ID, tr.ChunkTimesMS)
						break
					}
				}
				if n := len(tr.ChunkTimesMS); n > 1 && tr.ChunkTimesMS[n-1]-tr.ChunkTimesMS[0] < 1 {
					t.Errorf("%s: a stream delivered over several ms was timed %v", c.ID, tr.ChunkTimesMS)
				}
				res := parseTranscript(t, tr)
				if len(res.Calls) != 1 || res.Calls[0].Name+string(res.Calls[0].Arguments) != tc.call || len(res.Errors) != 0 {
					t.Errorf("%s: parsed %+v", c.ID, res)
				}
				if _, err := os.Stat(filepath.Join(filepath.Dir(out), filepath.FromSlash(c.Catalog))); err != nil {
					t.Errorf("%s: catalog path %q not relocated to the output directory: %v", c.ID, c.Catalog, err)
				}
			}
			// The output lies in another directory than the catalog its
			// cases name, so loading it must allow paths leading outside.
			if _, err := suite.LoadFileWith(out, suite.LoadOptions{AllowOutside: true}); err != nil {
				t.Errorf("recorded suite does not load: %v", err)
			}
			reqs := srv.requests()
			if len(reqs) != 4 {
				t.Fatalf("%d requests", len(reqs))
			}
			for _, rq := range reqs {
				if rq.Path != tc.path || rq.Header.Get(tc.authHdr) != tc.authWant {
					t.Errorf("request to %s with %s=%q", rq.Path, tc.authHdr, rq.Header.Get(tc.authHdr))
				}
				if rq.Body["stream"] != true || rq.Body["model"] != "test-model" {
					t.Errorf("body %v", rq.Body)
				}
				tools, _ := rq.Body["tools"].([]any)
				if len(tools) != 3 {
					t.Fatalf("sent %d tools, want the whole catalog (3)", len(tools))
				}
				if _, ok := tools[0].(map[string]any)[tc.toolKey]; !ok {
					t.Errorf("tools payload %v lacks %q", tools[0], tc.toolKey)
				}
			}
			if tc.api == Messages && reqs[0].Header.Get("anthropic-version") == "" {
				t.Error("no anthropic-version header")
			}
		})
	}
}

// TestRecordTextVariant records a text-protocol answer: the saved
// transcript is the model's text (reasoning wrapped in <think>) in the
// chunks it arrived in, and parses with the protocol's parser.
func TestRecordTextVariant(t *testing.T) {
	srv := newFakeServer(t, "openai-chat-text.sse")
	out := filepath.Join(t.TempDir(), "suite.jsonl")
	r := &Recorder{Client: testClient(nil), Endpoint: endpoint(ChatCompletions, srv.URL), Options: Options{Variant: "detailed", Protocol: "use_tool", K: 2}}
	sum, err := r.Run(context.Background(), loadSuite(t), suiteFile, out)
	if err != nil || sum.Recorded != 4 {
		t.Fatalf("%+v %v", sum, err)
	}
	c := readOutput(t, out)[1]
	tr := c.Transcript
	want := "<think>The user wants flights; search_flights fits.</think>Searching.\n<use_tool>\n<tool_name>search_flights</tool_name>\n<arguments>{\"from\": \"LIS\", \"to\": \"AMS\", \"date\": \"2025-06-02\"}</arguments>\n</use_tool>"
	if got := strings.Join(tr.Chunks, ""); got != want {
		t.Errorf("text\n got %q\nwant %q", got, want)
	}
	if tr.Format != "use_tool" || tr.Protocol != "use_tool" || tr.Variant != "detailed" || len(tr.Chunks) < 2 {
		t.Errorf("transcript %+v", tr)
	}
	res := parseTranscript(t, tr)
	if len(res.Calls) != 1 || res.Calls[0].Name != "search_flights" || res.Reasoning != "The user wants flights; search_flights fits." {
		t.Errorf("parsed %+v", res)
	}
	rq := srv.requests()[1]
	msgs := rq.Body["messages"].([]any)
	sys := msgs[0].(map[string]any)
	if sys["role"] != "system" || !strings.Contains(sys["content"].(string), "search_flights") || !strings.Contains(sys["content"].(string), "<use_tool>") {
		t.Errorf("system message %v", sys)
	}
	if rq.Body["tools"] != nil {
		t.Error("text variant sent native tools")
	}
	// K=2: only the two best matches are described.
	if n := strings.Count(sys["content"].(string), "convert_currency") + strings.Count(sys["content"].(string), "get_forecast") + strings.Count(sys["content"].(string), "search_flights"); n == 0 {
		t.Error("no tools in the prompt")
	}
}

// TestClientRetries drives Client.Record through each failure the server
// can produce.
func TestClientRetries(t *testing.T) {
	cases := []struct {
		name     string
		fixture  string
		script   []string
		attempts int
		waits    []time.Duration // exact, when Retry-After is given
		minWaits int             // or: this many backoff waits
		err      string
	}{
		{name: "429 honours Retry-After", script: []string{"429"}, attempts: 2, waits: []time.Duration{7 * time.Second}},
		{name: "429 honours retry-after-ms", script: []string{"429ms", "429ms"}, attempts: 3, waits: []time.Duration{20 * time.Millisecond, 20 * time.Millisecond}},
		{name: "5xx backs off", script: []string{"500", "503"}, attempts: 3, minWaits: 2},
		{name: "connection cut mid-stream", script: []string{"cut"}, attempts: 2, minWaits: 1},
		{name: "stream without its final event", fixture: "anthropic-tools.sse", script: []string{"short"}, attempts: 2, minWaits: 1},
		{name: "stalled stream", script: []string{"stall"}, attempts: 2, minWaits: 1},
		{name: "gives up after the retries", script: []string{"500", "500", "500", "500", "500"}, err: "HTTP 500 Internal Server Error: {\"error\":{\"message\":\"overloaded\"}} (after 4 attempts)"},
		{name: "401 is not retried", script: []string{"401"}, err: "HTTP 401 Unauthorized"},
		{name: "cut every time", script: []string{"cut", "cut", "cut", "cut"}, err: "stream cut after"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fixture := tc.fixture
			if fixture == "" {
				fixture = "openai-chat-tools.sse"
			}
			srv := newFakeServer(t, fixture, tc.script...)
			var waits []time.Duration
			c := testClient(&waits)
			if tc.name == "stalled stream" {
				c.IdleTimeout = 300 * time.Millisecond
			}
			api := ChatCompletions
			if strings.HasPrefix(fixture, "anthropic") {
				api = Messages
			}
			rec, err := c.Record(context.Background(), endpoint(api, srv.URL), []byte(`{"stream":true}`))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				if strings.Contains(err.Error(), testKey) {
					t.Fatalf("error leaks the key: %v", err)
				}
				if tc.name == "401 is not retried" && len(srv.requests()) != 1 {
					t.Errorf("%d requests for a 401", len(srv.requests()))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.Attempts != tc.attempts || len(srv.requests()) != tc.attempts {
				t.Errorf("attempts %d, requests %d, want %d", rec.Attempts, len(srv.requests()), tc.attempts)
			}
			if !bytes.Equal(rec.Bytes(), srv.body) {
				t.Error("recorded body is not the whole stream of the successful attempt")
			}
			if tc.waits != nil && fmt.Sprint(waits) != fmt.Sprint(tc.waits) {
				t.Errorf("waits %v, want %v", waits, tc.waits)
			}
			if tc.minWaits > 0 && len(waits) != tc.minWaits {
				t.Errorf("waits %v, want %d", waits, tc.minWaits)
			}
		})
	}
}

func TestBackoffGrows(t *testing.T) {
	c := &Client{Backoff: 100 * time.Millisecond, MaxBackoff: time.Second}
	for attempt, want := range []time.Duration{100, 200, 400, 800, 1000, 1000} {
		want *= time.Millisecond
		d := c.backoff(attempt)
		if d < want*8/10 || d > want*12/10 {
			t.Errorf("attempt %d: backoff %v, want %v ±20%%", attempt, d, want)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		hdr, val string
		want     time.Duration
	}{
		{"Retry-After", "3", 3 * time.Second},
		{"Retry-After", "1.5", 1500 * time.Millisecond},
		{"Retry-After", "Thu, 01 May 2025 12:00:30 GMT", 30 * time.Second},
		{"Retry-After", "Thu, 01 May 2025 11:00:00 GMT", 0},
		{"Retry-After", "soon", 0},
		{"Retry-After", "-4", 0},
		{"Retry-After-Ms", "250", 250 * time.Millisecond},
	}
	for _, tc := range cases {
		h := make(map[string][]string)
		h[tc.hdr] = []string{tc.val}
		if got := retryAfter(h, now); got != tc.want {
			t.Errorf("%s: %s → %v, want %v", tc.hdr, tc.val, got, tc.want)
		}
	}
}

// TestKeyNeverLeaks runs a recording in which the server echoes the key in
// an error, and searches every output for it.
func TestKeyNeverLeaks(t *testing.T) {
	for _, api := range APIs() {
		t.Run(string(api), func(t *testing.T) {
			fixture := map[API]string{ChatCompletions: "openai-chat-tools.sse", Responses: "openai-responses-tools.sse", Messages: "anthropic-tools.sse"}[api]
			srv := newFakeServer(t, fixture, "401")
			dir := t.TempDir()
			out := filepath.Join(dir, "suite.jsonl")
			var log bytes.Buffer
			var mu sync.Mutex
			logf := func(format string, args ...any) {
				mu.Lock()
				fmt.Fprintf(&log, format+"\n", args...)
				mu.Unlock()
			}
			c := testClient(nil)
			c.Logf = logf
			ep := endpoint(api, srv.URL)
			r := &Recorder{Client: c, Endpoint: ep, Options: Options{Variant: "native", Logf: logf}}
			sum, err := r.Run(context.Background(), loadSuite(t), suiteFile, out)
			if err != nil {
				t.Fatal(err)
			}
			if sum.Failed != 1 || sum.Recorded != 3 {
				t.Fatalf("summary %+v", sum)
			}
			if !strings.Contains(sum.Errors[0].Err, "[redacted]") {
				t.Errorf("the echoed key was not redacted: %s", sum.Errors[0].Err)
			}
			sumJSON, _ := json.Marshal(sum)
			texts := map[string]string{
				"log":      log.String(),
				"summary":  string(sumJSON),
				"String":   ep.String(),
				"%v":       fmt.Sprintf("%v", ep),
				"%+v":      fmt.Sprintf("%+v", ep),
				"%#v":      fmt.Sprintf("%#v", ep),
				"requests": "",
			}
			filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
				if err == nil && !info.IsDir() {
					b, _ := os.ReadFile(p)
					texts[p] = string(b)
				}
				return nil
			})
			for where, s := range texts {
				if strings.Contains(s, testKey) || strings.Contains(s, testKey[8:]) {
					t.Errorf("the key appears in %s: %s", where, s)
				}
			}
			if !strings.Contains(log.String(), "failed") {
				t.Errorf("log has no failure line: %s", log.String())
			}
		})
	}
}

// TestRecordResume: a second run records only what the first did not, and
// tolerates a line cut short by an interrupted run.
func TestRecordResume(t *testing.T) {
	srv := newFakeServer(t, "openai-chat-tools.sse")
	srv.fail = "把100欧元换成人民币"
	out := filepath.Join(t.TempDir(), "suite.jsonl")
	r := &Recorder{Client: testClient(nil), Endpoint: endpoint(ChatCompletions, srv.URL), Options: Options{Variant: "native"}}
	sum, err := r.Run(context.Background(), loadSuite(t), suiteFile, out)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Recorded != 3 || sum.Failed != 1 || sum.Errors[0].ID != "fx-1" || !strings.Contains(sum.Errors[0].Err, "HTTP 400") {
		t.Fatalf("first run %+v", sum)
	}
	// An interrupted run left half a line behind.
	f, _ := os.OpenFile(out, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"id": "fx-1", "query": "把100`)
	f.Close()

	srv.fail = ""
	before := len(srv.requests())
	sum, err = r.Run(context.Background(), loadSuite(t), suiteFile, out)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Recorded != 1 || sum.Skipped != 3 || sum.Failed != 0 {
		t.Fatalf("second run %+v", sum)
	}
	if n := len(srv.requests()) - before; n != 1 {
		t.Errorf("second run sent %d requests, want 1", n)
	}
	got := readOutput(t, out)
	var ids []string
	for _, c := range got {
		ids = append(ids, c.ID)
	}
	if strings.Join(ids, ",") != "wx-1,fl-1,fx-1,chat-1" {
		t.Errorf("output %v", ids)
	}
	// A third run has nothing to do.
	sum, err = r.Run(context.Background(), loadSuite(t), suiteFile, out)
	if err != nil || sum.Skipped != 4 || sum.Recorded != 0 {
		t.Errorf("third run %+v %v", sum, err)
	}
}

func TestRecordResumeBrokenOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "suite.jsonl")
	os.WriteFile(out, []byte("{\"id\": \"wx-1\"\nnot json\n{\"id\": \"fl-1\"}\n"), 0o644)
	r := &Recorder{Endpoint: endpoint(ChatCompletions, "http://127.0.0.1:1"), Options: Options{Variant: "native"}}
	_, err := r.Run(context.Background(), loadSuite(t), suiteFile, out)
	if err == nil || !strings.Contains(err.Error(), "suite.jsonl:1: not a suite line") {
		t.Fatalf("err = %v", err)
	}
}

// TestRecordConcurrency: -j bounds the requests in flight and the rate
// limit spaces their starts.
func TestRecordConcurrency(t *testing.T) {
	srv := newFakeServer(t, "openai-chat-tools.sse")
	srv.delay = 5 * time.Millisecond
	out := filepath.Join(t.TempDir(), "suite.jsonl")
	r := &Recorder{Client: testClient(nil), Endpoint: endpoint(ChatCompletions, srv.URL), Options: Options{Variant: "native", Concurrency: 2, RPS: 100}}
	start := time.Now()
	sum, err := r.Run(context.Background(), loadSuite(t), suiteFile, out)
	if err != nil || sum.Recorded != 4 {
		t.Fatalf("%+v %v", sum, err)
	}
	if srv.maxIn > 2 {
		t.Errorf("%d requests in flight, want at most 2", srv.maxIn)
	}
	if srv.maxIn < 2 {
		t.Errorf("requests never overlapped with -j 2")
	}
	// Four starts at 100/s take at least 30 ms.
	if el := time.Since(start); el < 30*time.Millisecond {
		t.Errorf("4 requests at 100/s took %v", el)
	}
}

func TestRecordBadOptions(t *testing.T) {
	cases := []struct {
		opt  Options
		want string
	}{
		{Options{Variant: "fancy"}, `unknown variant "fancy"`},
		{Options{Variant: "native", Protocol: "use_tool"}, "native variant takes no protocol"},
		{Options{Variant: "detailed", Protocol: "smoke_signals"}, `unknown protocol "smoke_signals"`},
		{Options{Variant: "native:gemini"}, `use native`},
	}
	for _, tc := range cases {
		r := &Recorder{Endpoint: endpoint(ChatCompletions, "http://127.0.0.1:1"), Options: tc.opt}
		_, err := r.Run(context.Background(), loadSuite(t), suiteFile, filepath.Join(t.TempDir(), "o.jsonl"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: err = %v, want %q", tc.opt, err, tc.want)
		}
	}
}

func TestRecordCancel(t *testing.T) {
	srv := newFakeServer(t, "openai-chat-tools.sse", "stall", "stall", "stall", "stall")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	r := &Recorder{Client: testClient(nil), Endpoint: endpoint(ChatCompletions, srv.URL), Options: Options{Variant: "native"}}
	_, err := r.Run(ctx, loadSuite(t), suiteFile, filepath.Join(t.TempDir(), "o.jsonl"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
}
