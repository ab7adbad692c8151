package record

import (
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/suite"
)

const convertLine = `{"id":"convert","query":"Convert 200 EUR into US dollars","catalog":"catalog.json","gold_tools":["convert_currency"],` +
	`"gold_calls":[{"convert_currency":{"amount":[200],"from":["EUR"],"to":["USD"]}}]}`

// sentTools lists the names of the tools a Chat Completions request sent.
func sentTools(srv *scriptedServer, i int) []string {
	var names []string
	tools, _ := srv.seen[i]["tools"].([]any)
	for _, x := range tools {
		names = append(names, x.(map[string]any)["function"].(map[string]any)["name"].(string))
	}
	return names
}

// lastMessage is the content of the last message of request i.
func lastMessage(srv *scriptedServer, i int) string {
	msgs := srv.seen[i]["messages"].([]any)
	s, _ := msgs[len(msgs)-1].(map[string]any)["content"].(string)
	return s
}

func mustStrategy(t *testing.T, s string) *strategy.Strategy {
	t.Helper()
	st, err := strategy.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return &st
}

// TestRecordUnderStrategies drives a live model (a scripted loopback
// server) under each strategy: what the first request sends, how the
// model's searches are answered, and that the recording replays under the
// same strategy with the figures it should.
func TestRecordUnderStrategies(t *testing.T) {
	convert := [2]string{"convert_currency", `{"amount":200,"from":"EUR","to":"USD"}`}
	for _, tc := range []struct {
		strat  string
		k      int
		turns  []string
		first  []string // tools of the first request
		second []string // tools of the second request (nil: one request)
		result string   // in the second request's last message
		steps  int
		final  float64 // replayed recall at the end
	}{
		{"search:regex", 0, []string{chatTurn("", [2]string{"search_tools", `{"query":"^convert_"}`}), chatTurn("", convert)},
			[]string{"search_tools"}, []string{"convert_currency", "search_tools"}, "convert_currency", 2, 1},
		{"search:bm25", 0, []string{chatTurn("", [2]string{"search_tools", `{"query":"convert money between currencies"}`}), chatTurn("", convert)},
			[]string{"search_tools"}, nil, "convert_currency", 2, 1},
		// A pattern that does not compile is answered with the error; the
		// model gives up and answers.
		{"search:regex", 0, []string{chatTurn("", [2]string{"search_tools", `{"query":"convert_(currency"}`}), chatTurn("I cannot convert it.")},
			[]string{"search_tools"}, []string{"search_tools"}, "not an RE2 pattern", 2, 0},
		{"all", 0, []string{chatTurn("", convert)}, []string{"get_forecast", "search_flights", "convert_currency"}, nil, "", 1, 1},
		{"inject", 1, []string{chatTurn("", convert)}, []string{"convert_currency"}, nil, "", 1, 1},
	} {
		t.Run(tc.strat, func(t *testing.T) {
			srv := newScriptedServer(t, tc.turns...)
			st := mustStrategy(t, tc.strat)
			c, out := recordOne(t, srv, ChatCompletions, Options{Variant: "native", K: tc.k, Strategy: st}, convertLine)
			if got := sentTools(srv, 0); !slices.Equal(got, tc.first) {
				t.Errorf("first request's tools %v, want %v", got, tc.first)
			}
			if st.Strategy == strategy.Search {
				tool := srv.seen[0]["tools"].([]any)[0].(map[string]any)["function"].(map[string]any)
				if regex := strings.Contains(tool["description"].(string), "regular expression"); regex != (st.Search == strategy.Regex) {
					t.Errorf("the search tool's description for %s: %q", st, tool["description"])
				}
			}
			if len(srv.seen) != len(tc.turns) {
				t.Fatalf("%d requests, want %d", len(srv.seen), len(tc.turns))
			}
			if tc.second != nil {
				if got := sentTools(srv, 1); !slices.Equal(got, tc.second) {
					t.Errorf("second request's tools %v, want %v", got, tc.second)
				}
			}
			if tc.result != "" && !strings.Contains(lastMessage(srv, 1), tc.result) {
				t.Errorf("the search's answer %q lacks %q", lastMessage(srv, 1), tc.result)
			}
			if len(c.Steps) != tc.steps || c.Steps[len(c.Steps)-1].Stop != "" || c.GoldCalls != nil {
				t.Fatalf("recorded %d steps (want %d), last stop %q", len(c.Steps), tc.steps, c.Steps[len(c.Steps)-1].Stop)
			}
			if last := c.Steps[len(c.Steps)-1]; tc.final == 1 && (len(last.GoldCalls) != 1 || last.GoldCalls[0].Name != "convert_currency") {
				t.Errorf("the answer's step has gold calls %v", last.GoldCalls)
			}
			// The recording replays under its strategy.
			s, err := suite.LoadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := replay.Run(s, replay.Options{Ks: []int{max(tc.k, 1)}, Strategies: []strategy.Strategy{*st}, Variants: []string{"retrieved"},
				Encoding: "none", RandomChunkings: -1})
			if err != nil {
				t.Fatal(err)
			}
			r := rep.Configs[0].Results[0]
			if r.Strategy == nil || r.Strategy.RecallFinal != tc.final || r.Strategy.UnshownCalls != 0 || r.Passed != (tc.final == 1) {
				t.Errorf("replayed: passed %v cause %q strategy %+v", r.Passed, r.Cause, r.Strategy)
			}
			// Every transcript says the strategy it was recorded under,
			// and another strategy's replay does not judge it.
			for i, step := range c.Steps {
				if step.Transcript != nil && step.Transcript.Strategy != tc.strat {
					t.Errorf("steps[%d].transcript.strategy = %q, want %q", i, step.Transcript.Strategy, tc.strat)
				}
			}
			other := strategy.Strategy{Strategy: strategy.All}
			if st.Strategy == strategy.All {
				other = strategy.Strategy{Strategy: strategy.Inject}
			}
			rep, err = replay.Run(s, replay.Options{Ks: []int{max(tc.k, 1)}, Strategies: []strategy.Strategy{other}, Variants: []string{"retrieved"},
				Encoding: "none", RandomChunkings: -1})
			if err != nil {
				t.Fatal(err)
			}
			if r, m := rep.Configs[0].Results[0], rep.Configs[0].Metrics; !r.NotRecorded || r.Passed || r.Cause != "" || m.NotRecorded != 1 || m.Cases != 0 || m.PassRate != nil {
				t.Errorf("under %s: not recorded %v, passed %v, cause %q; config: %d not recorded, %d cases, pass rate %v",
					other, r.NotRecorded, r.Passed, r.Cause, m.NotRecorded, m.Cases, m.PassRate)
			}
		})
	}
}
