package repair_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/repair"
	"github.com/tooleval/tooleval/toolcall"
)

// testCatalog has near-twin names (get_weather / get_weathers are one
// edit apart, set_alarm / set_alarms too) and parameters of every kind.
func testCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	c, err := catalog.Parse([]byte(`[
	 {"type":"function","function":{"name":"get_weather","description":"Weather now.","parameters":{"type":"object","properties":{
	   "city":{"type":"string"},"days":{"type":"integer"},"metric":{"type":"boolean"},
	   "unit":{"type":"string","enum":["celsius","fahrenheit"]},"tags":{"type":"array","items":{"type":"string"}},
	   "lat":{"type":"number"}},"required":["city"]}}},
	 {"type":"function","function":{"name":"get_forecast","description":"Forecast.","parameters":{"type":"object","properties":{
	   "city":{"type":"string"}},"required":["city"]}}},
	 {"type":"function","function":{"name":"set_alarm","description":"Alarm.","parameters":{"type":"object","properties":{"at":{"type":"string"}},"required":["at"]}}},
	 {"type":"function","function":{"name":"set_alarms","description":"Alarms.","parameters":{"type":"object","properties":{"at":{"type":"array"}},"required":["at"]}}},
	 {"type":"function","function":{"name":"Create-Issue","description":"File an issue.","parameters":{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}}}
	]`), "tools.json")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func call(name, args string) toolcall.Call {
	return toolcall.Call{Name: name, Arguments: json.RawMessage(args)}
}

func one(c toolcall.Call) repair.Output { return repair.Output{Calls: []toolcall.Call{c}} }

func TestToolName(t *testing.T) {
	cat := testCatalog(t)
	for _, tc := range []struct {
		name, called, want string // want "": no repair
	}{
		{"one substitution", "get_forecsst", "get_forecast"},
		{"two edits", "get_forcst", "get_forecast"},
		{"case only", "GET_FORECAST", "get_forecast"},
		{"separators only", "get-forecast", "get_forecast"},
		{"separators dropped and case", "GetForecast", "get_forecast"},
		{"dot separator", "create.issue", "Create-Issue"},
		{"mcp prefix", "mcp__github__create_issue", "Create-Issue"},
		{"three edits", "get_frcst", ""},
		{"known tool is not a slip", "get_weather", ""},
		{"two tools equally close", "set_alarmz", ""},  // one edit from set_alarm and set_alarms
		{"a second tool within reach", "set_alar", ""}, // one edit from set_alarm, two from set_alarms
		{"one tool near, the next three away", "get_weathr", "get_weather"},
		{"no tool near", "send_email", ""},
		{"empty name", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, changed := repair.Apply(repair.ToolName, cat, one(call(tc.called, `{}`)))
			if tc.want == "" {
				if changed || got.Calls[0].Name != tc.called {
					t.Fatalf("renamed %q to %q, want no repair", tc.called, got.Calls[0].Name)
				}
				return
			}
			if !changed || got.Calls[0].Name != tc.want {
				t.Fatalf("renamed %q to %q (changed %v), want %q", tc.called, got.Calls[0].Name, changed, tc.want)
			}
		})
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"kitten", "sitting", 3},
		{"get_weather", "get_weahter", 2}, {"héllo", "hello", 1}, {"same", "same", 0},
	} {
		if got := repair.Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := repair.Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetry)", tc.b, tc.a, got, tc.want)
		}
	}
}

func TestFixJSON(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string // want "": no repair
	}{
		{"cut off after a value", `{"city": "Paris", "days": 3`, `{"city":"Paris","days":3}`},
		{"cut off inside a string", `{"city": "Par`, `{"city":"Par"}`},
		{"cut off inside nested containers", `{"a": [1, {"b": [2`, `{"a":[1,{"b":[2]}]}`},
		{"trailing comma in object", `{"city": "Paris",}`, `{"city":"Paris"}`},
		{"trailing comma in array", `{"tags": ["a", "b", ]}`, `{"tags":["a","b"]}`},
		{"trailing comma at the cut", `{"city": "Paris", `, `{"city":"Paris"}`},
		{"single quotes", `{'city': 'Paris'}`, `{"city":"Paris"}`},
		{"double quote inside single quotes", `{'q': 'say "hi"'}`, `{"q":"say \"hi\""}`},
		{"escaped single quote", `{'q': 'it\'s'}`, `{"q":"it's"}`},
		{"raw newline in a string", "{\"text\": \"line one\nline two\"}", `{"text":"line one\nline two"}`},
		{"raw tab and control character", "{\"t\": \"a\tb\x01\"}", `{"t":"a\tb\u0001"}`},
		{"brackets in strings are text", `{"q": "a } ] {"`, `{"q":"a } ] {"}`},
		{"lone backslash at the cut", `{"p": "C:\`, `{"p":"C:"}`},
		{"valid already", `{"city":"Paris"}`, ""},
		{"valid but spaced", `{ "city": "Paris" }`, ""},
		{"missing value", `{"city": }`, ""},
		{"cut after a key", `{"city": `, ""},
		{"misspelt literal", `{"ok": ture}`, ""},
		{"not an object", `["Paris"]`, ""},
		{"empty", ``, ""},
		{"wrong closer", `{"a": [1}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := repair.FixJSON(tc.in)
			if tc.want == "" {
				if ok {
					t.Fatalf("FixJSON(%q) = %s, want no repair", tc.in, got)
				}
				return
			}
			if !ok || string(got) != tc.want {
				t.Fatalf("FixJSON(%q) = %s, %v; want %s", tc.in, got, ok, tc.want)
			}
		})
	}
}

// FuzzFixJSON: a repair is always a JSON object, and repairing it again
// changes nothing.
func FuzzFixJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, {"b": "c`, `{'a': 'b',}`, "{\"a\": \"x\ny\"", `{"a":1}`, `[`, `{"\`, `{'\'`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := repair.FixJSON(s)
		if !ok {
			return
		}
		var m map[string]any
		if err := json.Unmarshal(got, &m); err != nil {
			t.Fatalf("FixJSON(%q) = %s, not an object: %v", s, got, err)
		}
		if again, ok := repair.FixJSON(string(got)); ok {
			t.Fatalf("FixJSON(%q) = %s, and again %s", s, got, again)
		}
	})
}

func TestJSONRepairMakesBrokenCalls(t *testing.T) {
	cat := testCatalog(t)
	out := repair.Output{
		Calls: []toolcall.Call{call("get_forecast", `{"city":"Oslo"}`)},
		Broken: []metrics.Broken{
			{Name: "get_weather", Code: toolcall.CodeIncompleteCall, Arguments: `{"city": "Paris"`},
			{Name: "get_weather", Code: toolcall.CodeInvalidJSON},                          // no text kept
			{Name: "", Code: toolcall.CodeIncompleteCall, Arguments: `{"city": "Rome"`},    // no name
			{Name: "get_weather", Code: toolcall.CodeInvalidJSON, Arguments: `{"city": }`}, // beyond repair
		},
	}
	got, changed := repair.Apply(repair.JSON, cat, out)
	if !changed || len(got.Calls) != 2 || len(got.Broken) != 3 {
		t.Fatalf("got %+v (changed %v), want one broken call made whole", got, changed)
	}
	if c := got.Calls[1]; c.Name != "get_weather" || string(c.Arguments) != `{"city":"Paris"}` || c.Index != 1 {
		t.Fatalf("repaired call %+v", c)
	}
	if len(out.Calls) != 1 || len(out.Broken) != 4 {
		t.Fatal("Apply modified its input")
	}
}

func TestCoerce(t *testing.T) {
	cat := testCatalog(t)
	for _, tc := range []struct {
		name, args, want string // want "": no repair
	}{
		{"string to integer", `{"city":"Oslo","days":"5"}`, `{"city":"Oslo","days":5}`},
		{"string to number", `{"city":"Oslo","lat":" 59.9 "}`, `{"city":"Oslo","lat":59.9}`},
		{"integer string to number", `{"city":"Oslo","lat":"60"}`, `{"city":"Oslo","lat":60}`},
		{"string to boolean", `{"city":"Oslo","metric":"true"}`, `{"city":"Oslo","metric":true}`},
		{"string to boolean, any case", `{"city":"Oslo","metric":"False"}`, `{"city":"Oslo","metric":false}`},
		{"one-element list unwrapped", `{"city":["Oslo"]}`, `{"city":"Oslo"}`},
		{"scalar wrapped", `{"city":"Oslo","tags":"cold"}`, `{"city":"Oslo","tags":["cold"]}`},
		{"several at once, order kept", `{"days":"2","city":["Oslo"],"metric":"TRUE"}`, `{"days":2,"city":"Oslo","metric":true}`},
		{"not a number", `{"city":"Oslo","days":"five"}`, ""},
		{"fraction for an integer", `{"city":"Oslo","days":"2.5"}`, ""},
		{"not a boolean", `{"city":"Oslo","metric":"yes"}`, ""},
		{"two-element list", `{"city":["Oslo","Bergen"]}`, ""},
		{"one-element list of the wrong type", `{"city":"Oslo","days":["3"]}`, ""},
		{"null is not wrapped", `{"city":"Oslo","tags":null}`, ""},
		{"types fit already", `{"city":"Oslo","days":5,"lat":5}`, ""},
		{"unknown parameter untouched", `{"city":"Oslo","extra":"5"}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, changed := repair.Apply(repair.Coerce, cat, one(call("get_weather", tc.args)))
			if tc.want == "" {
				if changed || string(got.Calls[0].Arguments) != tc.args {
					t.Fatalf("coerced %s to %s, want no repair", tc.args, got.Calls[0].Arguments)
				}
				return
			}
			if !changed || string(got.Calls[0].Arguments) != tc.want {
				t.Fatalf("coerced %s to %s (changed %v), want %s", tc.args, got.Calls[0].Arguments, changed, tc.want)
			}
		})
	}
	if _, changed := repair.Apply(repair.Coerce, cat, one(call("no_such_tool", `{"days":"5"}`))); changed {
		t.Error("coerced the arguments of a tool the catalog does not know")
	}
}

func TestDrops(t *testing.T) {
	cat := testCatalog(t)
	for _, tc := range []struct {
		name string
		kind repair.Kind
		args string
		want string // "": no repair
	}{
		{"unknown parameter", repair.DropUnknown, `{"city":"Oslo","country":"NO"}`, `{"city":"Oslo"}`},
		{"several unknown", repair.DropUnknown, `{"x":1,"city":"Oslo","y":2}`, `{"city":"Oslo"}`},
		{"all known", repair.DropUnknown, `{"city":"Oslo","days":2}`, ""},
		{"known but wrong is not unknown", repair.DropUnknown, `{"city":"Oslo","days":"x"}`, ""},
		{"optional null", repair.DropOptional, `{"city":"Oslo","unit":null}`, `{"city":"Oslo"}`},
		{"optional empty string", repair.DropOptional, `{"city":"Oslo","unit":""}`, `{"city":"Oslo"}`},
		{"optional outside its enum", repair.DropOptional, `{"city":"Oslo","unit":"kelvin"}`, `{"city":"Oslo"}`},
		{"optional of the wrong type", repair.DropOptional, `{"city":"Oslo","days":"soon"}`, `{"city":"Oslo"}`},
		{"required null stays", repair.DropOptional, `{"city":null}`, ""},
		{"valid optional stays", repair.DropOptional, `{"city":"Oslo","unit":"celsius"}`, ""},
		{"unknown is not optional", repair.DropOptional, `{"city":"Oslo","extra":null}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, changed := repair.Apply(tc.kind, cat, one(call("get_weather", tc.args)))
			if tc.want == "" {
				if changed || string(got.Calls[0].Arguments) != tc.args {
					t.Fatalf("%s: %s became %s, want no repair", tc.kind, tc.args, got.Calls[0].Arguments)
				}
				return
			}
			if !changed || string(got.Calls[0].Arguments) != tc.want {
				t.Fatalf("%s: %s became %s (changed %v), want %s", tc.kind, tc.args, got.Calls[0].Arguments, changed, tc.want)
			}
		})
	}
}

// TestFixes judges repaired outputs with tooleval's own checker: each
// repair is tried alone, and an output several repairs fix lists each.
func TestFixes(t *testing.T) {
	cat := testCatalog(t)
	gold := func(s string) []metrics.GoldCall {
		var g []metrics.GoldCall
		if err := json.Unmarshal([]byte(s), &g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, tc := range []struct {
		name string
		out  repair.Output
		gold string
		want []repair.Kind
	}{
		{"misspelt tool", one(call("get_forcast", `{"city":"Oslo"}`)), `[{"get_forecast":{"city":["Oslo"]}}]`, []repair.Kind{repair.ToolName}},
		{"ambiguous misspelling", one(call("set_alarmz", `{"at":"7"}`)), `[{"set_alarm":{"at":["7"]}}]`, nil},
		{"cut-off arguments", repair.Output{Broken: []metrics.Broken{{Name: "get_forecast", Code: toolcall.CodeIncompleteCall, Arguments: `{"city":"Oslo`}}},
			`[{"get_forecast":{"city":["Oslo"]}}]`, []repair.Kind{repair.JSON}},
		{"string number", one(call("get_weather", `{"city":"Oslo","days":"3"}`)), `[{"get_weather":{"city":["Oslo"],"days":[3]}}]`, []repair.Kind{repair.Coerce}},
		// A wrongly typed optional value: coercing it or leaving it out
		// both pass when the gold answer lets it be left out.
		{"fixed by two", one(call("get_weather", `{"city":"Oslo","days":"3"}`)), `[{"get_weather":{"city":["Oslo"],"days":[3,""]}}]`, []repair.Kind{repair.Coerce, repair.DropOptional}},
		{"unknown parameter", one(call("get_weather", `{"city":"Oslo","country":"NO"}`)), `[{"get_weather":{"city":["Oslo"]}}]`, []repair.Kind{repair.DropUnknown}},
		{"optional null", one(call("get_weather", `{"city":"Oslo","unit":null}`)), `[{"get_weather":{"city":["Oslo"],"unit":["celsius",""]}}]`, []repair.Kind{repair.DropOptional}},
		// Leaving out a needed optional value does not fix a wrong one.
		{"wrong optional the answer needs", one(call("get_weather", `{"city":"Oslo","unit":"kelvin"}`)), `[{"get_weather":{"city":["Oslo"],"unit":["celsius"]}}]`, nil},
		{"wrong value, no repair helps", one(call("get_weather", `{"city":"Bergen"}`)), `[{"get_weather":{"city":["Oslo"]}}]`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := gold(tc.gold)
			pass := func(o repair.Output) bool { return metrics.CheckCalls(cat, o.Calls, g, o.Broken).Correct }
			if pass(tc.out) {
				t.Fatal("the output passes before any repair")
			}
			if got := repair.Fixes(cat, tc.out, pass); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Fixes = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestParseAndApplyAll(t *testing.T) {
	ks, err := repair.Parse([]string{"drop_unknown", "coerce", "drop_unknown"})
	if err != nil || !reflect.DeepEqual(ks, []repair.Kind{repair.Coerce, repair.DropUnknown}) {
		t.Fatalf("Parse = %v, %v; want Kinds order, each once", ks, err)
	}
	if _, err := repair.Parse([]string{"retry"}); err == nil || err.Error() != `unknown repair "retry" (known: tool_name, json, coerce, drop_unknown, drop_optional)` {
		t.Fatalf("Parse(retry) error = %v", err)
	}
	cat := testCatalog(t)
	got, used := repair.ApplyAll(ks, cat, one(call("get_weather", `{"city":"Oslo","days":"3","x":1}`)))
	if string(got.Calls[0].Arguments) != `{"city":"Oslo","days":3}` || !reflect.DeepEqual(used, ks) {
		t.Fatalf("ApplyAll = %s, used %v", got.Calls[0].Arguments, used)
	}
}
