package record

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// scriptedServer plays a multi-step conversation on the loopback
// interface: the n-th request gets the n-th body, streamed in small
// pieces; it keeps every request body.
type scriptedServer struct {
	*httptest.Server
	bodies []string
	mu     sync.Mutex
	seen   []map[string]any
}

func newScriptedServer(t *testing.T, bodies ...string) *scriptedServer {
	t.Helper()
	s := &scriptedServer{bodies: bodies}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		s.mu.Lock()
		n := len(s.seen)
		s.seen = append(s.seen, body)
		s.mu.Unlock()
		if n >= len(s.bodies) {
			http.Error(w, "the script has no more turns", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		b := s.bodies[n]
		for len(b) > 0 {
			k := min(40, len(b))
			io.WriteString(w, b[:k])
			w.(http.Flusher).Flush()
			b = b[k:]
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// chatTurn is a Chat Completions stream: text, then calls given as
// name and arguments JSON.
func chatTurn(text string, calls ...[2]string) string {
	var b strings.Builder
	ev := func(delta string, finish string) {
		f := "null"
		if finish != "" {
			f = `"` + finish + `"`
		}
		fmt.Fprintf(&b, `data: {"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":%s,"finish_reason":%s}]}`+"\n\n", delta, f)
	}
	ev(`{"role":"assistant","content":""}`, "")
	if text != "" {
		q, _ := json.Marshal(text)
		ev(`{"content":`+string(q)+`}`, "")
	}
	for i, c := range calls {
		args, _ := json.Marshal(c[1])
		ev(fmt.Sprintf(`{"tool_calls":[{"index":%d,"id":"call_%d","type":"function","function":{"name":%q,"arguments":""}}]}`, i, i, c[0]), "")
		ev(fmt.Sprintf(`{"tool_calls":[{"index":%d,"function":{"arguments":%s}}]}`, i, args), "")
	}
	if len(calls) > 0 {
		ev(`{}`, "tool_calls")
	} else {
		ev(`{}`, "stop")
	}
	b.WriteString("data: [DONE]\n\n")
	return b.String()
}

// messagesTurn is an Anthropic Messages stream of text only.
func messagesTurn(text string) string {
	q, _ := json.Marshal(text)
	return "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"m\",\"content\":[]}}\n\n" +
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":" + string(q) + "}}\n\n" +
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
}

const trajectoryLine = `{"id":"trip","query":"Find a flight from LIS to AMS on 2025-06-02, then convert 200 EUR to USD","catalog":"catalog.json","gold_tools":["search_flights","convert_currency"],"search_tool":{},` +
	`"steps":[{"gold_calls":[{"search_flights":{"from":["LIS"],"to":["AMS"],"date":["2025-06-02"]}}],"tool_results":{"0":{"flights":["TP662"]}}},` +
	`{"gold_calls":[{"convert_currency":{"amount":[200],"from":["EUR"],"to":["USD"]}}],"tool_results":{"0":"216.40 USD"}},` +
	`{"gold_calls":[]}]}`

// trajectorySuite writes a one-case suite next to the record catalog.
func trajectorySuite(t *testing.T, line string) (*suite.Suite, string) {
	t.Helper()
	dir := t.TempDir()
	cat, err := os.ReadFile("../testdata/record/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "catalog.json"), cat, 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "suite.jsonl")
	if err := os.WriteFile(path, []byte(line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := suite.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return s, path
}

func recordOne(t *testing.T, srv *scriptedServer, api API, opts Options, line string) (suite.Case, string) {
	t.Helper()
	s, path := trajectorySuite(t, line)
	out := filepath.Join(filepath.Dir(path), "out.jsonl")
	rec := &Recorder{Client: testClient(nil), Endpoint: endpoint(api, srv.URL), Options: opts}
	sum, err := rec.Run(context.Background(), s, path, out)
	if err != nil || sum.Recorded != 1 {
		t.Fatalf("%v %+v", err, sum)
	}
	cases := readOutput(t, out)
	return cases[0], out
}

// TestRecordTrajectoryNative drives a model through a trajectory over
// native tool calls: canned results are fed back for the calls that match
// the gold calls, the model's search is run with BM25 and its tool sent in
// the next request, and the recording replays offline.
func TestRecordTrajectoryNative(t *testing.T) {
	srv := newScriptedServer(t,
		chatTurn("Looking for flights.", [2]string{"search_flights", `{"from":"LIS","to":"AMS","date":"2025-06-02"}`}),
		chatTurn("", [2]string{"search_tools", `{"query":"convert currency amount"}`}),
		chatTurn("", [2]string{"convert_currency", `{"amount":200,"from":"EUR","to":"USD"}`}),
		chatTurn("TP662 it is; 200 EUR is 216.40 USD."),
	)
	c, out := recordOne(t, srv, ChatCompletions, Options{Variant: "native", K: 1}, trajectoryLine)
	if len(c.Steps) != 4 {
		t.Fatalf("%d steps: %+v", len(c.Steps), c.Steps)
	}
	st := c.Steps
	if st[0].Transcript == nil || st[0].Transcript.Format != "openai-chat" || len(st[0].Transcript.ChunkTimesMS) == 0 ||
		len(st[0].Transcript.Chunks) != len(st[0].Transcript.ChunkTimesMS) || string(st[0].ToolResults["0"]) != `{"flights":["TP662"]}` ||
		len(st[0].GoldCalls) != 1 {
		t.Errorf("step 1: %+v", st[0])
	}
	if st[1].GoldCalls == nil || len(st[1].GoldCalls) != 0 || !strings.Contains(string(st[1].ToolResults["call_0"]), "convert_currency") {
		t.Errorf("step 2 (search only): gold %v results %s", st[1].GoldCalls, st[1].ToolResults)
	}
	if len(st[2].GoldCalls) != 1 || st[2].GoldCalls[0].Name != "convert_currency" || string(st[2].ToolResults["0"]) != `"216.40 USD"` {
		t.Errorf("step 3: %+v", st[2])
	}
	if st[3].Transcript == nil || len(st[3].GoldCalls) != 0 || st[3].Stop != "" {
		t.Errorf("step 4: %+v", st[3])
	}
	// What the model was sent.
	tools := func(i int) []string {
		var names []string
		for _, x := range srv.seen[i]["tools"].([]any) {
			names = append(names, x.(map[string]any)["function"].(map[string]any)["name"].(string))
		}
		return names
	}
	if got := tools(0); len(got) != 2 || got[1] != "search_tools" {
		t.Errorf("first request's tools %v (k=1 plus the search tool)", got)
	}
	if got := strings.Join(tools(2), ","); !strings.Contains(got, "convert_currency") {
		t.Errorf("the search's tool was not sent: %v", got)
	}
	msgs := srv.seen[1]["messages"].([]any)
	last := msgs[len(msgs)-1].(map[string]any)
	asst := msgs[len(msgs)-2].(map[string]any)
	if last["role"] != "tool" || last["tool_call_id"] != "call_0" || last["content"] != `{"flights":["TP662"]}` || asst["tool_calls"] == nil {
		t.Errorf("second request's messages end with %v, %v", asst, last)
	}
	// The recording replays offline.
	s, err := suite.LoadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := replay.Run(s, replay.Options{Ks: []int{1}, Variants: []string{"retrieved"}, Encoding: "none", RandomChunkings: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rep.Configs[0].Results[0]
	if r.Trajectory == nil || r.Trajectory.Searches != 1 || r.Trajectory.StepsTaken != 4 || r.Cause == report.CauseError {
		t.Fatalf("replayed: %+v %s", r.Trajectory, r.Error)
	}
}

// TestRecordTrajectoryOffScript: a call the suite has no result for ends
// the recording there; the gold steps not reached follow untaken.
func TestRecordTrajectoryOffScript(t *testing.T) {
	srv := newScriptedServer(t, chatTurn("", [2]string{"get_forecast", `{"city":"Lisbon","days":3}`}))
	c, _ := recordOne(t, srv, ChatCompletions, Options{Variant: "native"}, trajectoryLine)
	if len(c.Steps) != 3 || c.Steps[0].Stop != suite.StopOffScript || c.Steps[1].Transcript != nil || c.Steps[2].Transcript != nil || len(srv.seen) != 1 {
		t.Fatalf("steps %+v, %d requests", c.Steps, len(srv.seen))
	}
}

// TestRecordTrajectoryBudget: the step budget ends a model that keeps
// searching.
func TestRecordTrajectoryBudget(t *testing.T) {
	search := chatTurn("", [2]string{"search_tools", `{"query":"weather"}`})
	srv := newScriptedServer(t, search, search, search)
	c, _ := recordOne(t, srv, ChatCompletions, Options{Variant: "native", Steps: 2}, trajectoryLine)
	if len(c.Steps) != 5 || c.Steps[1].Stop != suite.StopBudget || len(srv.seen) != 2 {
		t.Fatalf("steps %+v, %d requests", c.Steps, len(srv.seen))
	}
}

// TestRecordTrajectoryText: with a text variant the tools and the search
// rule are in the system prompt, the model's calls are markup in its
// text, and tool results go back as a user message.
func TestRecordTrajectoryText(t *testing.T) {
	srv := newScriptedServer(t,
		messagesTurn("<use_tool>\n<tool_name>search_flights</tool_name>\n<arguments>{\"from\":\"LIS\",\"to\":\"AMS\",\"date\":\"2025-06-02\"}</arguments>\n</use_tool>"),
		messagesTurn("Found TP662."),
	)
	c, _ := recordOne(t, srv, Messages, Options{Variant: "retrieved", Protocol: "use_tool"}, trajectoryLine)
	if len(c.Steps) != 3 || c.Steps[0].Transcript.Format != "use_tool" || string(c.Steps[0].ToolResults["0"]) != `{"flights":["TP662"]}` ||
		c.Steps[1].Transcript == nil || c.Steps[2].Transcript != nil {
		t.Fatalf("steps %+v", c.Steps)
	}
	if sys, _ := srv.seen[0]["system"].(string); !strings.Contains(sys, "call search_tools(query) to search the tool corpus again") {
		t.Errorf("system prompt lacks the search rule:\n%s", sys)
	}
	msgs := srv.seen[1]["messages"].([]any)
	last := msgs[len(msgs)-1].(map[string]any)
	if last["role"] != "user" || !strings.Contains(last["content"].(string), `<tool_result name="search_flights">`) {
		t.Errorf("tool results sent as %v", last)
	}
}
