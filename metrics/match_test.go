package metrics

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func golds(t *testing.T, s string) []GoldCall {
	t.Helper()
	var g []GoldCall
	if err := json.Unmarshal([]byte(s), &g); err != nil {
		t.Fatalf("gold %s: %v", s, err)
	}
	return g
}

// TestTrajectoryModes runs every mode over the edge cases: an empty
// expected list, no calls, duplicates, order, extra calls, a broken call.
func TestTrajectoryModes(t *testing.T) {
	const (
		a  = `{"search":{"q":["a"]}}`
		b  = `{"read_file":{"path":["b"]}}`
		qa = `{"q":"a"}`
		pb = `{"path":"b"}`
	)
	broken := []Broken{{Name: "search", Code: toolcall.CodeIncompleteCall, Message: "cut off", Arguments: `{"q":"a`}}
	type want struct {
		ok   bool
		code toolcall.Code
	}
	pass := want{true, ""}
	count := want{false, toolcall.CodeWrongCount}
	for _, tc := range []struct {
		name   string
		gold   string
		got    []toolcall.Call
		broken []Broken
		// strict (unordered is the same on one list of calls), subset, superset
		strict, subset, superset want
	}{
		{"empty expected, no call", `[]`, nil, nil, pass, pass, pass},
		{"empty expected, a call", `[]`, calls("search " + qa), nil, count, count, pass},
		{"expected calls, none made", `[` + a + `,` + b + `]`, nil, nil, count, pass, count},
		{"same calls in order", `[` + a + `,` + b + `]`, calls("search "+qa, "read_file "+pb), nil, pass, pass, pass},
		{"same calls out of order", `[` + a + `,` + b + `]`, calls("read_file "+pb, "search "+qa), nil, pass, pass, pass},
		{"one of two made", `[` + a + `,` + b + `]`, calls("read_file " + pb), nil, count, pass, count},
		{"an extra call", `[` + a + `]`, calls("search "+qa, "read_file "+pb), nil, count, count, pass},
		{"expected twice, made once", `[` + a + `,` + a + `]`, calls("search " + qa), nil, count, pass, count},
		{"expected once, made twice", `[` + a + `]`, calls("search "+qa, "search "+qa), nil, count, count, pass},
		{"expected twice, made twice", `[` + a + `,` + a + `]`, calls("search "+qa, "search "+qa), nil, pass, pass, pass},
		{"a wrong try, then the right call", `[` + a + `]`, calls(`search {"q":"z"}`, "search "+qa), nil, count, count, pass},
		{"wrong arguments only", `[` + a + `]`, calls(`search {"q":"z"}`), nil, want{false, toolcall.CodeValueError}, want{false, toolcall.CodeValueError}, want{false, toolcall.CodeValueError}},
		{"a broken extra call", `[` + a + `]`, calls("search " + qa), broken, want{false, toolcall.CodeIncompleteCall}, want{false, toolcall.CodeIncompleteCall}, pass},
		{"only a broken call", `[` + a + `]`, nil, broken, want{false, toolcall.CodeIncompleteCall}, want{false, toolcall.CodeIncompleteCall}, count},
	} {
		gold := golds(t, tc.gold)
		for _, m := range []struct {
			mode TrajectoryMode
			want want
		}{{Strict, tc.strict}, {Unordered, tc.strict}, {Subset, tc.subset}, {Superset, tc.superset}} {
			t.Run(tc.name+"/"+string(m.mode), func(t *testing.T) {
				r := (&Match{Trajectory: m.mode}).CheckCalls(testTools, tc.got, gold, tc.broken)
				if r.Correct != m.want.ok || r.Code != m.want.code {
					t.Fatalf("correct %v code %q, want %v %q; problems %v", r.Correct, r.Code, m.want.ok, m.want.code, r.Problems)
				}
				if r.Correct != (len(r.Problems) == 0) {
					t.Fatalf("correct %v with problems %v", r.Correct, r.Problems)
				}
			})
		}
	}
}

func TestTrajectoryModeSelection(t *testing.T) {
	gold := golds(t, `[{"search":{"q":["a"]}},{"read_file":{"path":["b"]}}]`)
	got := calls(`search {"q":"a"}`)
	for mode, want := range map[TrajectoryMode]bool{Strict: false, Unordered: false, Subset: true, Superset: false} {
		if r := (&Match{Trajectory: mode}).CheckCalls(testTools, got, gold, nil); r.SelectionOK != want {
			t.Errorf("%s: selection_ok %v, want %v", mode, r.SelectionOK, want)
		}
	}
	got = calls(`search {"q":"a"}`, `read_file {"path":"b"}`, `search {"q":"c"}`)
	if r := (&Match{Trajectory: Superset}).CheckCalls(testTools, got, gold, nil); !r.SelectionOK || !r.Correct {
		t.Errorf("superset with an extra call: %+v", r)
	}
}

// TestArgModes covers each argument and string mode, per suite, per tool
// and per parameter.
func TestArgModes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		match *Match
		gold  string
		call  string
		args  string
		want  []toolcall.Code
	}{
		{"default: extra gold-less param", nil, `{"read_file":{"path":["a"]}}`, "read_file", `{"path":"a","encoding":"utf8"}`, []toolcall.Code{toolcall.CodeUnexpectedParam}},
		{"subset: extra gold-less param allowed", &Match{Args: ArgsSubset}, `{"read_file":{"path":["a"]}}`, "read_file", `{"path":"a","encoding":"utf8"}`, nil},
		{"subset: given keys must still match", &Match{Args: ArgsSubset}, `{"read_file":{"path":["a"]}}`, "read_file", `{"path":"b","encoding":"utf8"}`, []toolcall.Code{toolcall.CodeValueError}},
		{"subset: given keys must be there", &Match{Args: ArgsSubset}, `{"calculate_area":{"base":[2],"height":[3],"unit":["cm"]}}`, "calculate_area", `{"base":2,"height":3}`, []toolcall.Code{toolcall.CodeMissingOptional}},
		{"subset: a param the schema lacks is still wrong", &Match{Args: ArgsSubset}, `{"read_file":{"path":["a"]}}`, "read_file", `{"path":"a","mode":"r"}`, []toolcall.Code{toolcall.CodeUnexpectedParam}},
		{"subset: extra keys in an object value", &Match{Args: ArgsSubset}, `{"calculate_area":{"base":[2],"height":[3],"opts":[{"round":[2]}]}}`, "calculate_area", `{"base":2,"height":3,"opts":{"round":2,"mode":"up"}}`, nil},
		{"exact: extra keys in an object value", nil, `{"calculate_area":{"base":[2],"height":[3],"opts":[{"round":[2]}]}}`, "calculate_area", `{"base":2,"height":3,"opts":{"round":2,"mode":"up"}}`, []toolcall.Code{toolcall.CodeValueError}},
		{"subset: array holds the gold elements in any order", &Match{Args: ArgsSubset}, `{"calculate_area":{"base":[2],"height":[3],"tags":[["x","y"]]}}`, "calculate_area", `{"base":2,"height":3,"tags":["y","z","x"]}`, nil},
		{"subset: a gold element twice needs two", &Match{Args: ArgsSubset}, `{"calculate_area":{"base":[2],"height":[3],"tags":[["x","x"]]}}`, "calculate_area", `{"base":2,"height":3,"tags":["x","y"]}`, []toolcall.Code{toolcall.CodeValueError}},
		{"exact: array order counts", nil, `{"calculate_area":{"base":[2],"height":[3],"tags":[["x","y"]]}}`, "calculate_area", `{"base":2,"height":3,"tags":["y","x"]}`, []toolcall.Code{toolcall.CodeValueError}},
		{"tool ignore: only the name counts", &Match{Tools: map[string]ToolMatch{"read_file": {Args: ArgsIgnore}}}, `{"read_file":{"path":["a"]}}`, "read_file", `{"mode":"r"}`, nil},
		{"tool ignore: the name still counts", &Match{Args: ArgsIgnore}, `{"read_file":{"path":["a"]}}`, "search", `{"q":"a"}`, []toolcall.Code{toolcall.CodeWrongFuncName}},
		{"tool ignore on another tool", &Match{Tools: map[string]ToolMatch{"search": {Args: ArgsIgnore}}}, `{"read_file":{"path":["a"]}}`, "read_file", `{"path":"b"}`, []toolcall.Code{toolcall.CodeValueError}},
		{"param ignore: any value", &Match{Tools: map[string]ToolMatch{"read_file": {Params: map[string]ParamMatch{"encoding": {Args: ArgsIgnore}}}}}, `{"read_file":{"path":["a"],"encoding":["utf8"]}}`, "read_file", `{"path":"a","encoding":"latin1"}`, nil},
		{"param ignore: left out", &Match{Tools: map[string]ToolMatch{"read_file": {Params: map[string]ParamMatch{"encoding": {Args: ArgsIgnore}}}}}, `{"read_file":{"path":["a"],"encoding":["utf8"]}}`, "read_file", `{"path":"a"}`, nil},
		{"param ignore: a schema fault ignored", &Match{Tools: map[string]ToolMatch{"read_file": {Params: map[string]ParamMatch{"max_lines": {Args: ArgsIgnore}}}}}, `{"read_file":{"path":["a"]}}`, "read_file", `{"path":"a","max_lines":"ten"}`, nil},
		{"param ignore: the others still count", &Match{Tools: map[string]ToolMatch{"read_file": {Params: map[string]ParamMatch{"encoding": {Args: ArgsIgnore}}}}}, `{"read_file":{"path":["a"],"encoding":["utf8"]}}`, "read_file", `{"path":"b"}`, []toolcall.Code{toolcall.CodeValueError}},
		{"param exact under a subset tool", &Match{Args: ArgsSubset, Tools: map[string]ToolMatch{"calculate_area": {Params: map[string]ParamMatch{"opts": {Args: ArgsExact}}}}}, `{"calculate_area":{"base":[2],"height":[3],"opts":[{"round":[2]}]}}`, "calculate_area", `{"base":2,"height":3,"opts":{"round":2,"mode":"up"}}`, []toolcall.Code{toolcall.CodeValueError}},
		{"strings standardised by default", nil, `{"search":{"q":["New York"]}}`, "search", `{"q":"new-york"}`, nil},
		{"strings exact: case counts", &Match{Strings: StringsExact}, `{"search":{"q":["New York"]}}`, "search", `{"q":"new york"}`, []toolcall.Code{toolcall.CodeValueError}},
		{"strings exact: same bytes pass", &Match{Strings: StringsExact}, `{"search":{"q":["New York"]}}`, "search", `{"q":"New York"}`, nil},
		{"strings exact inside arrays", &Match{Strings: StringsExact}, `{"calculate_area":{"base":[2],"height":[3],"tags":[["A"]]}}`, "calculate_area", `{"base":2,"height":3,"tags":["a"]}`, []toolcall.Code{toolcall.CodeValueError}},
		{"strings exact per param", &Match{Tools: map[string]ToolMatch{"read_file": {Params: map[string]ParamMatch{"path": {Strings: StringsExact}}}}}, `{"read_file":{"path":["A.txt"],"encoding":["UTF-8"]}}`, "read_file", `{"path":"a.txt","encoding":"utf8"}`, []toolcall.Code{toolcall.CodeValueError}},
		{"per param standardise under exact tool", &Match{Strings: StringsExact, Tools: map[string]ToolMatch{"read_file": {Params: map[string]ParamMatch{"encoding": {Strings: StringsStandardize}}}}}, `{"read_file":{"path":["a"],"encoding":["UTF-8"]}}`, "read_file", `{"path":"a","encoding":"utf8"}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := gold(t, tc.gold)
			ps := tc.match.CheckCall(testTools, toolcall.Call{Name: tc.call, Arguments: json.RawMessage(tc.args)}, &g)
			var codes []toolcall.Code
			for _, p := range ps {
				codes = append(codes, p.Code)
			}
			if !reflect.DeepEqual(codes, tc.want) {
				t.Fatalf("codes %v, want %v (%v)", codes, tc.want, ps)
			}
		})
	}
}

func TestMatchOver(t *testing.T) {
	suite := &Match{Trajectory: Subset, Strings: StringsExact, Tools: map[string]ToolMatch{
		"read_file": {Args: ArgsSubset, Params: map[string]ParamMatch{"path": {Strings: StringsStandardize}}},
	}}
	c := &Match{Args: ArgsIgnore, Tools: map[string]ToolMatch{
		"read_file": {Params: map[string]ParamMatch{"path": {Args: ArgsIgnore}, "encoding": {Args: ArgsExact}}},
		"search":    {Strings: StringsStandardize},
	}}
	got := suite.Over(c)
	want := &Match{Trajectory: Subset, Args: ArgsIgnore, Strings: StringsExact, Tools: map[string]ToolMatch{
		"read_file": {Args: ArgsSubset, Params: map[string]ParamMatch{"path": {Args: ArgsIgnore, Strings: StringsStandardize}, "encoding": {Args: ArgsExact}}},
		"search":    {Strings: StringsStandardize},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Over:\n got %+v\nwant %+v", got, want)
	}
	if suite.Tools["read_file"].Params["path"].Args != "" || len(suite.Tools) != 1 {
		t.Fatal("Over modified its receiver")
	}
	if (*Match)(nil).Over(nil) != nil || suite.Over(nil) != suite || (*Match)(nil).Over(c) != c {
		t.Fatal("Over with nil")
	}
}

func TestMatchDescribe(t *testing.T) {
	for _, tc := range []struct {
		m         *Match
		str       string
		isDefault bool
	}{
		{nil, "strict", true},
		{&Match{}, "strict", true},
		{&Match{Trajectory: Strict, Args: ArgsExact, Strings: StringsStandardize}, "strict", true},
		{&Match{Trajectory: Subset}, "subset", false},
		{&Match{Args: ArgsSubset, Strings: StringsExact}, "strict; args subset; strings exact", false},
		{&Match{Trajectory: Superset, Tools: map[string]ToolMatch{"b": {Args: ArgsIgnore}, "a": {Params: map[string]ParamMatch{"x": {Strings: StringsExact}}}}},
			"superset; tools: a.x strings exact, b args ignore", false},
	} {
		if got := tc.m.String(); got != tc.str {
			t.Errorf("String() = %q, want %q", got, tc.str)
		}
		if got := tc.m.Default(); got != tc.isDefault {
			t.Errorf("%q: Default() = %v, want %v", tc.str, got, tc.isDefault)
		}
	}
}

func TestMatchProblems(t *testing.T) {
	m := &Match{Trajectory: "loose", Args: "partial", Tools: map[string]ToolMatch{
		"t": {Strings: "fuzzy", Params: map[string]ParamMatch{"p": {Args: "none"}}},
	}}
	want := [][2]string{
		{"trajectory", `unknown mode "loose" (known: strict, unordered, subset, superset)`},
		{"args", `unknown mode "partial" (known: exact, ignore, subset)`},
		{"tools.t.strings", `unknown mode "fuzzy" (known: standardize, exact)`},
		{"tools.t.params.p.args", `unknown mode "none" (known: exact, ignore, subset)`},
	}
	if got := m.Problems(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Problems:\n got %q\nwant %q", got, want)
	}
	if ps := (&Match{Trajectory: Superset, Args: ArgsSubset, Strings: StringsExact}).Problems(); ps != nil {
		t.Fatalf("valid settings: %v", ps)
	}
}
