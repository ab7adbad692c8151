package bfclcheck

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	py "github.com/tooleval/tooleval/pyliteral"
	"github.com/tooleval/tooleval/toolcall"
)

// bfclTools are leaderboard-style function docs (BFCL types, dotted names).
var bfclTools = parseCatalog(`[
 {"name":"calc","description":"c","parameters":{"type":"dict","properties":{
   "n":{"type":"integer"},"x":{"type":"float"},"s":{"type":"string"},"b":{"type":"boolean"},
   "xs":{"type":"array","items":{"type":"float"}},"tags":{"type":"array","items":{"type":"string"}},
   "deck":{"type":"array","items":{"type":"string"}},"pt":{"type":"tuple","items":{"type":"integer"}},
   "opts":{"type":"dict","properties":{"k":{"type":"string"}}},"any":{"type":"any"},
   "rows":{"type":"array","items":{"type":"dict"}}},"required":["n"]}},
 {"name":"math.factorial","description":"f","parameters":{"type":"dict","properties":{"n":{"type":"integer"}},"required":["n"]}},
 {"name":"J.run","description":"java","parameters":{"type":"dict","properties":{
   "count":{"type":"integer"},"ratio":{"type":"float"},"big":{"type":"long"},"d":{"type":"double"},"ok":{"type":"boolean"},
   "name":{"type":"String"},"ids":{"type":"ArrayList","items":{"type":"integer"}},"arr":{"type":"Array","items":{"type":"String"}},
   "m":{"type":"HashMap"},"obj":{"type":"any"}},"required":[]}},
 {"name":"js_run","description":"js","parameters":{"type":"dict","properties":{
   "count":{"type":"integer"},"ratio":{"type":"float"},"big":{"type":"Bigint"},"ok":{"type":"Boolean"},
   "name":{"type":"String"},"list":{"type":"array","items":{"type":"String"}},"conf":{"type":"dict"},"obj":{"type":"any"}},"required":[]}}
]`)

var bfclTypes = map[string]map[string]string{
	"calc": {"n": "integer", "x": "float", "s": "string", "b": "boolean", "xs": "array<float>", "tags": "array<string>",
		"deck": "array<string>", "pt": "tuple<integer>", "opts": "dict", "any": "any", "rows": "array<dict>"},
	"math.factorial": {"n": "integer"},
	"J.run": {"count": "integer", "ratio": "float", "big": "long", "d": "double", "ok": "boolean", "name": "String",
		"ids": "ArrayList<integer>", "arr": "Array<String>", "m": "HashMap", "obj": "any"},
	"js_run": {"count": "integer", "ratio": "float", "big": "Bigint", "ok": "Boolean", "name": "String",
		"list": "array<String>", "conf": "dict", "obj": "any"},
}

func goldList(t *testing.T, s string) []metrics.GoldCall {
	t.Helper()
	var g []metrics.GoldCall
	if err := json.Unmarshal([]byte(s), &g); err != nil {
		t.Fatalf("gold %s: %v", s, err)
	}
	return g
}

type bfclCase struct {
	name     string
	category string
	gold     string
	got      []toolcall.Call
	broken   []metrics.Broken
	rules    func(*Rules)
	correct  bool
	code     toolcall.Code
}

func runBFCL(t *testing.T, cases []bfclCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := &Rules{Checker: "bfcl", Category: tc.category, Types: bfclTypes}
			if tc.rules != nil {
				tc.rules(r)
			}
			res := CheckCallsWith(bfclTools, tc.got, goldList(t, tc.gold), tc.broken, r)
			if res.Correct != tc.correct || res.Code != tc.code {
				t.Fatalf("correct=%v code=%q, want correct=%v code=%q (%v)", res.Correct, res.Code, tc.correct, tc.code, res.Problems)
			}
		})
	}
}

func one(args string) []toolcall.Call { return calls("calc " + args) }

func TestBFCLTypes(t *testing.T) {
	g := func(extra string) string { return `[{"calc":{"n":[4]` + extra + `}}]` }
	runBFCL(t, []bfclCase{
		{"integer given 4.0 is a type error", "simple_python", g(""), one(`{"n":4.0}`), nil, nil, false, toolcall.CodeTypeError},
		{"integer given 4", "simple_python", g(""), one(`{"n":4}`), nil, nil, true, ""},
		{"bool for integer is a type error", "simple_python", g(""), one(`{"n":true}`), nil, nil, false, toolcall.CodeTypeError},
		{"int accepted for float", "simple_python", g(`,"x":[2.0]`), one(`{"n":4,"x":2}`), nil, nil, true, ""},
		{"nested list of floats element by element", "simple_python", g(`,"xs":[[133.0,34.0]]`), one(`{"n":4,"xs":[133,34]}`), nil, nil, false, toolcall.CodeTypeError},
		{"nested list of floats right", "simple_python", g(`,"xs":[[133.0,34.0]]`), one(`{"n":4,"xs":[133.0,34.0]}`), nil, nil, true, ""},
		{"nested check passes when optional marker present", "simple_python", g(`,"xs":[[133.0,34.0],""]`), one(`{"n":4,"xs":[133,34]}`), nil, nil, true, ""},
		{"variable rule", "simple_python", `[{"calc":{"n":["dontcare"]}}]`, one(`{"n":"dontcare"}`), nil, nil, true, ""},
		{"variable rule compares exactly", "simple_python", `[{"calc":{"n":["dontcare"]}}]`, one(`{"n":"DontCare"}`), nil, nil, false, toolcall.CodeValueError},
		{"null allowed", "simple_python", g(`,"s":[null,""]`), one(`{"n":4,"s":null}`), nil, nil, true, ""},
		{"null not allowed", "simple_python", g(`,"s":["a"]`), one(`{"n":4,"s":null}`), nil, nil, false, toolcall.CodeTypeError},
		{"any means string", "simple_python", g(`,"any":["5"]`), one(`{"n":4,"any":5}`), nil, nil, false, toolcall.CodeTypeError},
		{"any typed like the answer", "simple_python", g(`,"any":[5]`), one(`{"n":4,"any":5}`), nil, nil, true, ""},
		{"tuple takes a list", "simple_python", g(`,"pt":[[1,2]]`), one(`{"n":4,"pt":[1,2]}`), nil, nil, true, ""},
	})
}

func TestBFCLValues(t *testing.T) {
	g := func(extra string) string { return `[{"calc":{"n":[4]` + extra + `}}]` }
	runBFCL(t, []bfclCase{
		{"string standardised", "simple_python", g(`,"s":["New York, NY"]`), one(`{"n":4,"s":"new york ny"}`), nil, nil, true, ""},
		{"python lowercasing of dotted I", "simple_python", g(`,"s":["PIZZA"]`), one(`{"n":4,"s":"PİZZA"}`), nil, nil, false, toolcall.CodeValueError},
		{"final sigma lowercases to final form", "simple_python", g(`,"s":["\u03bf\u03b4\u03bf\u03c2"]`), one(`{"n":4,"s":"\u039f\u0394\u039f\u03a3"}`), nil, nil, true, ""},
		{"final sigma is not medial sigma", "simple_python", g(`,"s":["\u03bf\u03b4\u03bf\u03c3"]`), one(`{"n":4,"s":"\u039f\u0394\u039f\u03a3"}`), nil, nil, false, toolcall.CodeValueError},
		{"bare value where the answer is a dict", "simple_python", g(`,"opts":[{"k":["v"]}]`), one(`{"n":4,"opts":"v"}`), nil, nil, false, toolcall.CodeTypeError},
		{"dict key by key", "simple_python", g(`,"opts":[{"k":["V a"]}]`), one(`{"n":4,"opts":{"k":"va"}}`), nil, nil, true, ""},
		{"dict unexpected key", "simple_python", g(`,"opts":[{"k":["v"]}]`), one(`{"n":4,"opts":{"k":"v","z":"1"}}`), nil, nil, false, toolcall.CodeValueError},
		{"dict optional key", "simple_python", g(`,"opts":[{"k":["v",""],"z":["1"]}]`), one(`{"n":4,"opts":{"z":"1"}}`), nil, nil, true, ""},
		{"dict string value compared by characters", "simple_python", g(`,"opts":[{"k":"value"}]`), one(`{"n":4,"opts":{"k":"value"}}`), nil, nil, false, toolcall.CodeValueError},
		{"dict string value documented", "simple_python", g(`,"opts":[{"k":"value"}]`), one(`{"n":4,"opts":{"k":"value"}}`), nil,
			func(r *Rules) { r.Documented = []string{DocumentedDictValues} }, true, ""},
		{"list in order", "simple_python", g(`,"tags":[["Red","blue"]]`), one(`{"n":4,"tags":["red","Blue"]}`), nil, nil, true, ""},
		{"list out of order", "simple_python", g(`,"tags":[["red","blue"]]`), one(`{"n":4,"tags":["blue","red"]}`), nil, nil, false, toolcall.CodeValueError},
		{"empty list against optional marker passes", "simple_python", g(`,"deck":[""]`), one(`{"n":4,"deck":[]}`), nil, nil, true, ""},
		{"empty list against optional marker documented", "simple_python", g(`,"deck":[""]`), one(`{"n":4,"deck":[]}`), nil,
			func(r *Rules) { r.Documented = []string{DocumentedOptional} }, false, toolcall.CodeValueError},
		{"list of dicts", "simple_python", g(`,"rows":[[{"a":["x"]},{"a":["y"]}]]`), one(`{"n":4,"rows":[{"a":"X"},{"a":"y"}]}`), nil, nil, true, ""},
		{"list of dicts wrong count", "simple_python", g(`,"rows":[[{"a":["x"]}]]`), one(`{"n":4,"rows":[{"a":"x"},{"a":"y"}]}`), nil, nil, false, toolcall.CodeValueError},
		{"empty allowed list never matches", "simple_python", g(`,"s":[]`), one(`{"n":4,"s":"a"}`), nil, nil, false, toolcall.CodeValueError},
		{"empty allowed list and omitted", "simple_python", g(`,"s":[]`), one(`{"n":4}`), nil, nil, false, toolcall.CodeMissingOptional},
		{"True equals 1 in python", "simple_python", g(`,"b":[1]`), one(`{"n":4,"b":true}`), nil, nil, true, ""},
	})
}

func TestBFCLStructure(t *testing.T) {
	par := `[{"calc":{"n":[1]}},{"calc":{"n":[1,2]}}]`
	runBFCL(t, []bfclCase{
		{"missing required", "simple_python", `[{"calc":{"n":[1]}}]`, one(`{}`), nil, nil, false, toolcall.CodeMissingRequired},
		{"required name the doc does not declare", "simple_python", `[{"calc":{"n":[1]}}]`, one(`{"n":1}`), nil,
			func(r *Rules) { r.Required = map[string][]string{"calc": {"n", "ghost"}} }, false, toolcall.CodeMissingRequired},
		{"undocumented gold param given", "simple_python", `[{"calc":{"n":[1],"type":["a"]}}]`, one(`{"n":1,"type":"a"}`), nil, nil, false, toolcall.CodeUnexpectedParam},
		{"undocumented optional gold param omitted", "simple_python", `[{"calc":{"n":[1],"type":["a",""]}}]`, one(`{"n":1}`), nil, nil, true, ""},
		{"param not in answer", "simple_python", `[{"calc":{"n":[1]}}]`, one(`{"n":1,"s":"x"}`), nil, nil, false, toolcall.CodeUnexpectedParam},
		{"missing optional", "simple_python", `[{"calc":{"n":[1],"s":["x"]}}]`, one(`{"n":1}`), nil, nil, false, toolcall.CodeMissingOptional},
		{"simple wants one call", "simple_python", `[{"calc":{"n":[1]}}]`, calls(`calc {"n":1}`, `calc {"n":1}`), nil, nil, false, toolcall.CodeWrongCount},
		{"parallel reverse order fits", "parallel", par, calls(`calc {"n":2}`, `calc {"n":1}`), nil, nil, true, ""},
		{"parallel in order", "parallel", par, calls(`calc {"n":1}`, `calc {"n":2}`), nil, nil, true, ""},
		{"parallel greedy failure", "parallel", `[{"calc":{"n":[1,2]}},{"calc":{"n":[1]}}]`, calls(`calc {"n":1}`, `calc {"n":2}`), nil, nil, false, toolcall.CodeValueError},
		{"parallel any order documented", "parallel", `[{"calc":{"n":[1,2]}},{"calc":{"n":[1]}}]`, calls(`calc {"n":1}`, `calc {"n":2}`), nil,
			func(r *Rules) { r.Documented = []string{DocumentedAnyOrder} }, true, ""},
		{"multiple checks the one call", "multiple", `[{"calc":{"n":[1]}}]`, calls(`calc {"n":1}`), nil, nil, true, ""},
		{"multi-turn step in order", "multi_turn_base", par, calls(`calc {"n":1}`, `calc {"n":2}`), nil, nil, true, ""},
		{"multi-turn step out of order", "multi_turn_base", `[{"calc":{"n":[1]}},{"calc":{"n":[2]}}]`, calls(`calc {"n":2}`, `calc {"n":1}`), nil, nil, false, toolcall.CodeValueError},
		{"multi-turn step with no call expected", "multi_turn_miss_func", `[]`, nil, nil, nil, true, ""},
		{"wrong name", "simple_python", `[{"math.factorial":{"n":[5]}}]`, calls(`math_factorial {"n":5}`), nil, nil, false, toolcall.CodeWrongFuncName},
		{"underscore names", "simple_python", `[{"math.factorial":{"n":[5]}}]`, calls(`math_factorial {"n":5}`), nil,
			func(r *Rules) { r.UnderscoreNames = true }, true, ""},
		{"underscore model keeping dots fails", "simple_python", `[{"math.factorial":{"n":[5]}}]`, calls(`math.factorial {"n":5}`), nil,
			func(r *Rules) { r.UnderscoreNames = true }, false, toolcall.CodeWrongFuncName},
		{"broken JSON in irrelevance is no call", "irrelevance", `[]`, nil, []metrics.Broken{{Name: "calc", Code: toolcall.CodeInvalidJSON}}, nil, true, ""},
		{"call in irrelevance", "live_irrelevance", `[]`, one(`{"n":1}`), nil, nil, false, toolcall.CodeWrongCount},
		{"no call in irrelevance", "irrelevance", `[]`, nil, nil, nil, true, ""},
		{"broken JSON fails an AST case", "simple_python", `[{"calc":{"n":[1]}}]`, nil, []metrics.Broken{{Name: "calc", Code: toolcall.CodeInvalidJSON}}, nil, false, toolcall.CodeInvalidJSON},
		{"arguments not an object do not decode", "irrelevance", `[]`, one(`[1]`), nil, nil, true, ""},
		{"relevance any call", "live_relevance", `[]`, one(`{"zzz":1}`), nil, nil, true, ""},
		{"relevance no call", "live_relevance", `[]`, nil, nil, nil, false, toolcall.CodeWrongCount},
	})
}

func TestBFCLJava(t *testing.T) {
	j := func(param, allowed, value string) bfclCase {
		return bfclCase{name: param + " " + value, category: "simple_java",
			gold: `[{"J.run":{"` + param + `":[` + allowed + `]}}]`,
			got:  calls(`J.run {"` + param + `":` + value + `}`), correct: true}
	}
	bad := func(c bfclCase, code toolcall.Code) bfclCase {
		c.correct, c.code = false, code
		c.name += " fails"
		return c
	}
	runBFCL(t, []bfclCase{
		j("count", `5`, `"5"`),
		bad(j("count", `5`, `5`), toolcall.CodeTypeError), // a bare JSON number is a type error
		bad(j("count", `5`, `"5.0"`), toolcall.CodeTypeError),
		j("ratio", `2.5`, `"2.5f"`),
		bad(j("ratio", `2.5`, `"2.5"`), toolcall.CodeTypeError),
		j("d", `2.5`, `"2.5"`),
		j("big", `7`, `"7L"`),
		bad(j("big", `7`, `"7"`), toolcall.CodeTypeError),
		j("ok", `true`, `"true"`),
		bad(j("ok", `true`, `"True"`), toolcall.CodeTypeError),
		j("name", `"mapController"`, `"mapController"`),
		j("ids", `[1,2]`, `"new ArrayList<>(Arrays.asList(1, 2))"`),
		j("ids", `[]`, `"new ArrayList<>()"`),
		// Array elements of a declared String type keep their quotes.
		bad(j("arr", `["a","b"]`, `"new String[]{\"a\", \"b\"}"`), toolcall.CodeValueError),
		j("arr", `["\"a\"","\"b\""]`, `"new String[]{\"a\", \"b\"}"`),
		j("m", `{"k":["v"]}`, `"new HashMap<String, String>() {{ put(\"k\", \"v\"); }}"`),
		j("obj", `"new Path('/x')"`, `"new Path('/x')"`),
	})
}

func TestBFCLJavaScript(t *testing.T) {
	j := func(param, allowed, value string) bfclCase {
		return bfclCase{name: param + " " + value, category: "simple_javascript",
			gold: `[{"js_run":{"` + param + `":[` + allowed + `]}}]`,
			got:  calls(`js_run {"` + param + `":` + value + `}`), correct: true}
	}
	bad := func(c bfclCase, code toolcall.Code) bfclCase {
		c.correct, c.code = false, code
		c.name += " fails"
		return c
	}
	runBFCL(t, []bfclCase{
		j("count", `5`, `"5"`),
		bad(j("count", `5`, `5`), toolcall.CodeTypeError),
		j("ratio", `2.5`, `"2.5"`),
		bad(j("ratio", `2.5`, `"2.5e0"`), toolcall.CodeTypeError),
		j("big", `7`, `"7n"`),
		j("ok", `false`, `"false"`),
		j("name", `"abc"`, `"'abc'"`),
		j("name", `"abc"`, `"abc"`),
		j("list", `["a","b"]`, `"['a', 'b']"`),
		j("list", `["a","b"]`, `"new Array('a', 'b')"`),
		j("conf", `{"k":["v"],"n":[1]}`, `"{k: 'v', n: 1}"`),
		j("obj", `"x"`, `"x"`),
	})
}

func TestJSPairs(t *testing.T) {
	cases := map[string]string{
		`"a": 1, "b": 2`:                `[["\"a\"" "1"] ["\"b\"" "2"]]`,
		`k: 'v, w', n: 1`:               `[["k" "'v, w'"] ["n" "1"]]`,
		`"initialState": s, "m": ["x"]`: `[["\"initialState\"" "s"] ["\"m\"" "[\"x\"]"]]`,
		`nocolon`:                       `[]`,
		"a: 1\nb: 2":                    `[[" 1\nb" "2"]]`,
	}
	for in, want := range cases {
		if got := fmt.Sprintf("%q", jsPairs(in)); got != want {
			t.Errorf("jsPairs(%q) = %s, want %s", in, got, want)
		}
	}
}

// The Java and JavaScript converters take any text a model writes: they
// never panic, and text that does not have a type's shape stays a string.
func FuzzConvertSource(f *testing.F) {
	for _, s := range []string{"5", "5.0f", "7L", "7n", "true", "'a'", `"a"`, "new ArrayList<>(Arrays.asList(1, 2))",
		"new ArrayList<Integer>() {{ add(1); add(2); }}", "new int[]{1, 2}", `new HashMap<String, String>() {{ put("k", "v"); }}`,
		"[[1, 2], [3]]", "new Array(1, 'x')", "{k: 'v', n: [1, 2], m: {a: 1}}", "{", "[", "", "\n", "1e999f", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for typ := range javaTypes {
			v := convertJava(s, typ, "integer")
			_ = v.Short()
			if typ == "String" && (v.Kind != py.KindStr || v.Str != s) {
				t.Fatalf("String %q became %s", s, v.Short())
			}
		}
		for typ := range jsTypes {
			if v, ok := convertJS(s, typ, "String"); !ok {
				t.Fatalf("known type %s refused", typ)
			} else {
				_ = v.Short()
			}
		}
		_ = jsPairs(s)
	})
}

// Any arguments object decodes to Python values whose repr is stable, and
// checking it never panics.
func FuzzCheckBFCL(f *testing.F) {
	for _, s := range []string{`{"n":4}`, `{"n":4.0,"xs":[1,2]}`, `{"opts":{"k":"v"}}`, `{"rows":[{"a":"x"}]}`, `[1]`, `{"n":1e999}`, `{"s":"PİZZA"}`} {
		f.Add(s)
	}
	gold := []metrics.GoldCall{}
	if err := json.Unmarshal([]byte(`[{"calc":{"n":[4,""],"x":[2.0,""],"s":["a",""],"xs":[[1.0,2.0],""],"opts":[{"k":["v"]},""],"rows":[[{"a":["x"]}],""],"deck":[""]}}]`), &gold); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, args string) {
		for _, cat := range []string{"simple_python", "parallel", "simple_java", "simple_javascript", "irrelevance"} {
			r := &Rules{Checker: "bfcl", Category: cat, Types: bfclTypes}
			res := Check(bfclTools, []toolcall.Call{{Name: "calc", Arguments: json.RawMessage(args)}}, gold, nil, r)
			if res.Correct && len(res.Problems) > 0 {
				t.Fatalf("correct with problems: %v", res.Problems)
			}
		}
	})
}

func parseCatalog(s string) *catalog.Catalog {
	c, err := catalog.Parse([]byte(s), "test.json")
	if err != nil {
		panic(err)
	}
	return c
}

// calls builds output calls from "name {args}" specs.
func calls(specs ...string) []toolcall.Call {
	out := make([]toolcall.Call, len(specs))
	for i, s := range specs {
		name, args, _ := strings.Cut(s, " ")
		out[i] = toolcall.Call{Index: i, Name: name, Arguments: json.RawMessage(args)}
	}
	return out
}
