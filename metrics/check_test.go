package metrics

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// testTools is a small real catalog: the schema checks come from it.
var testTools = mustCatalog(`[
 {"name":"read_file","description":"Read a file","parameters":{"type":"object","properties":{
   "path":{"type":"string"},"encoding":{"type":"string"},"max_lines":{"type":"integer"}},"required":["path"]}},
 {"name":"calculate_area","description":"Area","parameters":{"type":"object","properties":{
   "base":{"type":"number"},"height":{"type":"number"},"unit":{"type":"string","enum":["cm","m"]},
   "tags":{"type":"array","items":{"type":"string"}},
   "opts":{"type":"object","properties":{"round":{"type":"integer"},"mode":{"type":"string"}}},
   "exact":{"type":"boolean"}},"required":["base","height"]}},
 {"name":"search","description":"Search","parameters":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}}
]`)

func mustCatalog(s string) *catalog.Catalog {
	c, err := catalog.Parse([]byte(s), "test.json")
	if err != nil {
		panic(err)
	}
	return c
}

func gold(t *testing.T, s string) GoldCall {
	t.Helper()
	var g GoldCall
	if err := json.Unmarshal([]byte(s), &g); err != nil {
		t.Fatalf("gold %s: %v", s, err)
	}
	return g
}

func TestCheckCall(t *testing.T) {
	cases := []struct {
		name, gold, call, args string
		want                   []toolcall.Code
	}{
		{"exact", `{"read_file":{"path":["src/main.go","./src/main.go"]}}`, "read_file", `{"path":"src/main.go"}`, nil},
		{"second allowed value", `{"read_file":{"path":["src/main.go","./src/main.go"]}}`, "read_file", `{"path":"./src/main.go"}`, nil},
		{"string standardised", `{"search":{"q":["New York, NY"]}}`, "search", `{"q":"new york ny"}`, nil},
		{"punctuation ignored", `{"search":{"q":["a-b_c.d/e*f^g"]}}`, "search", `{"q":"ABCDEFG"}`, nil},
		{"quotes folded", `{"search":{"q":["it\"s"]}}`, "search", `{"q":"it's"}`, nil},
		{"wrong function", `{"read_file":{"path":["a"]}}`, "search", `{"q":"a"}`, []toolcall.Code{toolcall.CodeWrongFuncName}},
		{"missing required", `{"read_file":{"path":["a"]}}`, "read_file", `{}`, []toolcall.Code{toolcall.CodeMissingRequired}},
		{"unexpected param not in schema", `{"read_file":{"path":["a"]}}`, "read_file", `{"path":"a","mode":"r"}`, []toolcall.Code{toolcall.CodeUnexpectedParam}},
		{"unexpected param not in gold", `{"read_file":{"path":["a"]}}`, "read_file", `{"path":"a","encoding":"utf8"}`, []toolcall.Code{toolcall.CodeUnexpectedParam}},
		{"optional left out", `{"read_file":{"path":["a"],"encoding":["utf8",""]}}`, "read_file", `{"path":"a"}`, nil},
		{"optional given", `{"read_file":{"path":["a"],"encoding":["utf-8",""]}}`, "read_file", `{"path":"a","encoding":"UTF8"}`, nil},
		{"missing optional", `{"read_file":{"path":["a"],"encoding":["utf8"]}}`, "read_file", `{"path":"a"}`, []toolcall.Code{toolcall.CodeMissingOptional}},
		{"type error string for integer", `{"read_file":{"path":["a"],"max_lines":[10]}}`, "read_file", `{"path":"a","max_lines":"10"}`, []toolcall.Code{toolcall.CodeTypeError}},
		{"type error float for integer", `{"read_file":{"path":["a"],"max_lines":[10]}}`, "read_file", `{"path":"a","max_lines":10.5}`, []toolcall.Code{toolcall.CodeTypeError}},
		{"enum violation judged by gold", `{"calculate_area":{"base":[1],"height":[2],"unit":["mm"]}}`, "calculate_area", `{"base":1,"height":2,"unit":"mm"}`, nil},
		{"nested type error", `{"calculate_area":{"base":[1],"height":[2],"opts":[{"round":[2]}]}}`, "calculate_area", `{"base":1,"height":2,"opts":{"round":"2"}}`, []toolcall.Code{toolcall.CodeTypeError}},
		{"integer accepted for number", `{"calculate_area":{"base":[10.0],"height":[5]}}`, "calculate_area", `{"base":10,"height":5.0}`, nil},
		{"value error number", `{"calculate_area":{"base":[10],"height":[5]}}`, "calculate_area", `{"base":10,"height":6}`, []toolcall.Code{toolcall.CodeValueError}},
		{"value error string", `{"read_file":{"path":["src/main.go"]}}`, "read_file", `{"path":"src/lib.go"}`, []toolcall.Code{toolcall.CodeValueError}},
		{"array in order", `{"calculate_area":{"base":[1],"height":[2],"tags":[["Red","blue"]]}}`, "calculate_area", `{"base":1,"height":2,"tags":["red","Blue"]}`, nil},
		{"array out of order", `{"calculate_area":{"base":[1],"height":[2],"tags":[["red","blue"]]}}`, "calculate_area", `{"base":1,"height":2,"tags":["blue","red"]}`, []toolcall.Code{toolcall.CodeValueError}},
		{"array item type", `{"calculate_area":{"base":[1],"height":[2],"tags":[["1"]]}}`, "calculate_area", `{"base":1,"height":2,"tags":[1]}`, []toolcall.Code{toolcall.CodeTypeError}},
		{"dict allowed values", `{"calculate_area":{"base":[1],"height":[2],"opts":[{"round":[2,3],"mode":["fast",""]}]}}`, "calculate_area", `{"base":1,"height":2,"opts":{"round":3}}`, nil},
		{"dict wrong value", `{"calculate_area":{"base":[1],"height":[2],"opts":[{"round":[2,3]}]}}`, "calculate_area", `{"base":1,"height":2,"opts":{"round":4}}`, []toolcall.Code{toolcall.CodeValueError}},
		{"dict missing needed key", `{"calculate_area":{"base":[1],"height":[2],"opts":[{"round":[2]}]}}`, "calculate_area", `{"base":1,"height":2,"opts":{}}`, []toolcall.Code{toolcall.CodeValueError}},
		{"boolean", `{"calculate_area":{"base":[1],"height":[2],"exact":[true]}}`, "calculate_area", `{"base":1,"height":2,"exact":false}`, []toolcall.Code{toolcall.CodeValueError}},
		{"boolean type", `{"calculate_area":{"base":[1],"height":[2],"exact":[true]}}`, "calculate_area", `{"base":1,"height":2,"exact":"true"}`, []toolcall.Code{toolcall.CodeTypeError}},
		{"several problems in order", `{"calculate_area":{"base":[1],"height":[2],"unit":["cm"]}}`, "calculate_area", `{"height":3,"colour":"red"}`,
			[]toolcall.Code{toolcall.CodeMissingRequired, toolcall.CodeUnexpectedParam, toolcall.CodeValueError, toolcall.CodeMissingOptional}},
		{"arguments not an object", `{"search":{"q":["x"]}}`, "search", `[1]`, []toolcall.Code{toolcall.CodeInvalidJSON}},
		{"unknown tool skips schema", `{"lookup":{"x":["1"]}}`, "lookup", `{"x":"1"}`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := gold(t, tc.gold)
			ps := CheckCall(testTools, toolcall.Call{Name: tc.call, Arguments: json.RawMessage(tc.args)}, &g)
			var got []toolcall.Code
			for _, p := range ps {
				got = append(got, p.Code)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("got %v, want %v (%v)", got, tc.want, ps)
			}
		})
	}
}

func calls(specs ...string) []toolcall.Call {
	var out []toolcall.Call
	for i, s := range specs {
		name, args, _ := strings.Cut(s, " ")
		out = append(out, toolcall.Call{Index: i, Name: name, Arguments: json.RawMessage(args)})
	}
	return out
}

func TestCheckCalls(t *testing.T) {
	parallel := `[{"search":{"q":["cats"]}},{"search":{"q":["dogs"]}},{"read_file":{"path":["a"]}}]`
	cases := []struct {
		name, gold string
		got        []toolcall.Call
		broken     []Broken
		correct    bool
		code       toolcall.Code
		selection  bool
		tool, bad  int
	}{
		{"single ok", `[{"search":{"q":["cats"]}}]`, calls(`search {"q":"cats"}`), nil, true, "", true, 1, 0},
		{"parallel any order", parallel, calls(`read_file {"path":"a"}`, `search {"q":"dogs"}`, `search {"q":"cats"}`), nil, true, "", true, 3, 0},
		{"parallel one wrong value", parallel, calls(`search {"q":"dogs"}`, `read_file {"path":"a"}`, `search {"q":"birds"}`), nil, false, toolcall.CodeValueError, true, 3, 1},
		{"parallel missing call", parallel, calls(`search {"q":"dogs"}`, `search {"q":"cats"}`), nil, false, toolcall.CodeWrongCount, false, 2, 0},
		{"extra call", `[{"search":{"q":["cats"]}}]`, calls(`search {"q":"cats"}`, `search {"q":"cats"}`), nil, false, toolcall.CodeWrongCount, false, 1, 0},
		{"wrong tool", `[{"search":{"q":["cats"]}}]`, calls(`read_file {"path":"cats"}`), nil, false, toolcall.CodeWrongFuncName, false, 0, 0},
		{"abstention ok", `[]`, nil, nil, true, "", true, 0, 0},
		{"abstention violated", `[]`, calls(`search {"q":"x"}`), nil, false, toolcall.CodeWrongCount, false, 0, 0},
		{"no call made", `[{"search":{"q":["cats"]}}]`, nil, nil, false, toolcall.CodeWrongCount, false, 0, 0},
		{"truncated call", `[{"search":{"q":["cats"]}}]`, nil, []Broken{{Name: "search", Code: toolcall.CodeIncompleteCall, Message: "cut"}}, false, toolcall.CodeIncompleteCall, true, 1, 1},
		{"invalid json beats incomplete", `[{"search":{"q":["cats"]}},{"read_file":{"path":["a"]}}]`, nil,
			[]Broken{{Name: "search", Code: toolcall.CodeIncompleteCall}, {Name: "read_file", Code: toolcall.CodeInvalidJSON}}, false, toolcall.CodeInvalidJSON, true, 2, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var g []GoldCall
			if err := json.Unmarshal([]byte(tc.gold), &g); err != nil {
				t.Fatal(err)
			}
			r := CheckCalls(testTools, tc.got, g, tc.broken)
			if r.Correct != tc.correct || r.Code != tc.code || r.SelectionOK != tc.selection || r.ToolCalls != tc.tool || r.WrongArgCalls != tc.bad {
				t.Fatalf("got correct=%v code=%q selection=%v tool=%d bad=%d problems=%v", r.Correct, r.Code, r.SelectionOK, r.ToolCalls, r.WrongArgCalls, r.Problems)
			}
			if r.Abstention != (len(g) == 0) {
				t.Fatalf("abstention = %v", r.Abstention)
			}
		})
	}
}

func TestParallelMatchingPrefersBestAssignment(t *testing.T) {
	// A greedy left-to-right matching would pair gold 0 with call 0 (both
	// search, value error) and leave gold 1 unmatched to call 1.
	var g []GoldCall
	json.Unmarshal([]byte(`[{"search":{"q":["x","y"]}},{"search":{"q":["x"]}}]`), &g)
	r := CheckCalls(testTools, calls(`search {"q":"x"}`, `search {"q":"y"}`), g, nil)
	if !r.Correct || fmt.Sprint(r.Matches) != "[1 0]" {
		t.Fatalf("got %+v", r)
	}
}

func TestGoldCallJSON(t *testing.T) {
	in := `{"calc":{"b":[1,2],"a":["x",""]}}`
	g := gold(t, in)
	if g.Name != "calc" || len(g.Params) != 2 || g.Params[0].Name != "b" || !g.Params[1].Optional() || g.Params[0].Optional() {
		t.Fatalf("parsed %+v", g)
	}
	out, err := json.Marshal(g)
	if err != nil || string(out) != in {
		t.Fatalf("round trip %s %v", out, err)
	}
	// HTML characters are left to the caller's encoder: escaped by
	// json.Marshal, kept by an encoder with SetEscapeHTML(false).
	html := gold(t, `{"a<b>":{"q&":["<x>"]}}`)
	if out, _ := json.Marshal(html); string(out) != `{"a\u003cb\u003e":{"q\u0026":["\u003cx\u003e"]}}` {
		t.Errorf("json.Marshal: %s", out)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(html); err != nil || buf.String() != `{"a<b>":{"q&":["<x>"]}}`+"\n" {
		t.Errorf("encoder without HTML escaping: %s %v", buf.String(), err)
	}
	for _, bad := range []string{`[]`, `{}`, `{"a":{},"b":{}}`, `{"a":[1]}`, `{"a":{"p":1}}`} {
		var g GoldCall
		if err := json.Unmarshal([]byte(bad), &g); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	// An empty list of allowed values is kept (the leaderboard has such
	// answers; no value matches it).
	if g := gold(t, `{"a":{"p":[]}}`); len(g.Params) != 1 || g.Params[0].Allowed == nil || len(g.Params[0].Allowed) != 0 {
		t.Errorf("empty allowed list: %+v", g)
	}
}

func TestStandardize(t *testing.T) {
	for in, want := range map[string]string{
		"New York, NY": "newyorkny", "San_Francisco": "sanfrancisco", "x^2 * 3": "x23",
		"it's": `it"s`, "北京市": "北京市", "a/b.c-d": "abcd",
		// Python's str.lower, not Go's: a final capital sigma, and İ as i + dot.
		"ΟΔΟΣ": "οδος", "ΟΔΟΣ Α": "οδοσα" /* removed first, then lowered */, "PİZZA": "pi\u0307zza",
	} {
		if got := Standardize(in); got != want {
			t.Errorf("Standardize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAttribute(t *testing.T) {
	ok := &CallsResult{Correct: true, SelectionOK: true}
	sel := &CallsResult{SelectionOK: false}
	args := &CallsResult{SelectionOK: true}
	for _, tc := range []struct {
		all   bool
		calls *CallsResult
		want  Cause
	}{{false, ok, CauseRetrievalMiss}, {true, ok, ""}, {true, nil, ""}, {false, nil, CauseRetrievalMiss}, {true, sel, CauseSelection}, {true, args, CauseArguments}} {
		if got := Attribute(tc.all, tc.calls); got != tc.want {
			t.Errorf("Attribute(%v, %+v) = %q, want %q", tc.all, tc.calls, got, tc.want)
		}
	}
}

func TestMeasureNoise(t *testing.T) {
	cost := map[string]int{"a": 10, "b": 20, "c": 30}
	n := MeasureNoise([]string{"a", "b", "c"}, []string{"b"}, func(s string) int { return cost[s] })
	if n.Injected != 3 || n.NonGold != 2 || n.Tokens != 60 || n.NonGoldTokens != 40 || n.Share != 2.0/3 {
		t.Fatalf("%+v", n)
	}
	if z := MeasureNoise(nil, nil, nil); z.Share != 0 {
		t.Fatalf("%+v", z)
	}
	if r := Reduction(25, 100); r != 0.75 {
		t.Fatalf("reduction %v", r)
	}
}

func FuzzCheckCall(f *testing.F) {
	f.Add(`{"read_file":{"path":["a"]}}`, `{"path":"a"}`)
	f.Add(`{"calculate_area":{"base":[1],"height":[2],"opts":[{"round":[2,3]}]}}`, `{"base":1,"height":2,"opts":{"round":4}}`)
	f.Add(`{"search":{"q":["x"]}}`, `[1]`)
	f.Fuzz(func(t *testing.T, goldJSON, args string) {
		var g GoldCall
		if json.Unmarshal([]byte(goldJSON), &g) != nil {
			return
		}
		ps := CheckCall(testTools, toolcall.Call{Name: g.Name, Arguments: json.RawMessage(args)}, &g)
		for i := 1; i < len(ps); i++ {
			if ps[i].Code.Rank() < ps[i-1].Code.Rank() {
				t.Fatalf("problems out of order: %v", ps)
			}
		}
	})
}
