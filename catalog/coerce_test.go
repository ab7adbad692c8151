package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func TestKeepsString(t *testing.T) {
	for _, tc := range []struct {
		types []string
		want  bool
	}{
		{nil, true},
		{[]string{"string"}, true},
		{[]string{"string", "null"}, false},    // buffered: null is JSON null
		{[]string{"integer", "string"}, false}, // buffered: 5 is an integer
		{[]string{"boolean", "string"}, false},
		{[]string{"integer"}, false},
		{[]string{"string", "array"}, false}, // buffered: may be a list
		{[]string{"object", "string"}, false},
	} {
		if got := KeepsString(&toolcall.Param{Name: "p", Types: tc.types}); got != tc.want {
			t.Errorf("KeepsString(%v) = %v, want %v", tc.types, got, tc.want)
		}
	}
}

// TestTypeBitsFilledAsDerived: the type set a catalog fills when it is
// built (Param.TypeBits) answers KeepsString, Typed and MayBeString as
// the set derived from the parameter's types and schema does, for a
// variant's parameters too; a parameter built elsewhere derives it.
func TestTypeBitsFilledAsDerived(t *testing.T) {
	c, err := New([]toolcall.Tool{{Name: "t", Parameters: json.RawMessage(`{"type": "object", "properties": {
		"s": {"type": "string"}, "n": {"type": ["integer", "null"]}, "u": {"anyOf": [{"type": "string"}, {"type": "array", "items": {}}]},
		"o": {"properties": {"k": {"type": "string"}}}, "x": {"type": "colour"}, "any": {}},
		"oneOf": [{"properties": {"kind": {"const": "a"}, "v": {"type": "integer"}}}, {"properties": {"kind": {"const": "b"}, "v": {"type": "string"}}}]}`)}})
	if err != nil {
		t.Fatal(err)
	}
	tool, _ := c.Lookup("t")
	var ps []*toolcall.Param
	for i := range tool.Params {
		ps = append(ps, &tool.Params[i])
	}
	for i := range tool.Variants {
		for j := range tool.Variants[i].Params {
			ps = append(ps, &tool.Variants[i].Params[j])
		}
	}
	if len(tool.Variants) == 0 {
		t.Fatal("no variants: the oneOf is not read as a discriminated union")
	}
	for _, p := range ps {
		if p.TypeBits == 0 {
			t.Errorf("%s: TypeBits not filled", p.Name)
		}
		d := *p
		d.TypeBits = 0 // derived from Types and Schema
		if KeepsString(p) != KeepsString(&d) || Typed(p) != Typed(&d) || MayBeString(p) != MayBeString(&d) {
			t.Errorf("%s %v: filled KeepsString, Typed, MayBeString = %v, %v, %v; derived %v, %v, %v", p.Name, ParamTypes(&d),
				KeepsString(p), Typed(p), MayBeString(p), KeepsString(&d), Typed(&d), MayBeString(&d))
		}
		if !bytes.Equal(AppendCoerced(nil, p, []byte("7")), AppendCoerced(nil, &d, []byte("7"))) {
			t.Errorf("%s: 7 coerced %s filled, %s derived", p.Name, AppendCoerced(nil, p, []byte("7")), AppendCoerced(nil, &d, []byte("7")))
		}
	}
	if a, x := tool.Param("any"), tool.Param("x"); Typed(a) || !KeepsString(a) || !Typed(x) || MayBeString(x) || KeepsString(x) {
		t.Errorf("any: Typed %v, KeepsString %v (want false, true); x, a type no JSON Schema names: Typed %v, MayBeString %v, KeepsString %v (want true, false, false)",
			Typed(a), KeepsString(a), Typed(x), MayBeString(x), KeepsString(x))
	}
}

func TestCoerce(t *testing.T) {
	typed := func(types ...string) *toolcall.Param { return &toolcall.Param{Name: "p", Types: types} }
	schema := func(s string) *toolcall.Param { return &toolcall.Param{Name: "p", Schema: json.RawMessage(s)} }
	// enumOf: a parameter whose enum is the string s and the number 8.
	enumOf := func(s string) *toolcall.Param {
		return &toolcall.Param{Name: "p", Types: []string{"string", "integer"}, Enum: []json.RawMessage{json.RawMessage(strconv.Quote(s)), json.RawMessage(`8`)}}
	}
	cases := []struct {
		name  string
		param *toolcall.Param
		in    string
		want  string
	}{
		{"no param stays string", nil, "12", `"12"`},
		{"untyped stays string", typed(), "true", `"true"`},
		{"string keeps leading zeros", typed("string"), "007", `"007"`},
		{"string keeps true", typed("string"), "true", `"true"`},
		{"string keeps null", typed("string"), "null", `"null"`},
		{"string escapes", typed("string"), "a\"b\\c\nd\x01", `"a\"b\\c\nd\u0001"`},
		{"integer", typed("integer"), " 42\n", `42`},
		{"array escaped once more", typed("array"), `[{\"id\": \"1\", \"path\": \"C:\\\\tmp\"}]`, `[{"id": "1", "path": "C:\\tmp"}]`},
		{"object escaped once more", typed("object"), `{\"a\": [1, 2]}`, `{"a": [1, 2]}`},
		{"object as a JSON string of its Python repr", typed("object"), `"{'lang': 'go', 'n': 3}"`, `{"lang":"go","n":3}`},
		{"array as a JSON string of its JSON", typed("array"), `"[1, \"two\"]"`, `[1, "two"]`},
		{"JSON string of plain text stays", typed("object"), `"just words"`, `"\"just words\""`},
		{"escaped text that is no structure stays", typed("array"), `[\"a\", oops`, `"[\\\"a\\\", oops"`},
		{"number quoted as a JSON string", typed("number"), `"42"`, `42`},
		{"boolean quoted as a JSON string", typed("boolean"), `"true"`, `true`},
		{"string union keeps the quotes", typed("string", "number"), `"42"`, `"\"42\""`},
		// A quoted scalar escaped once more (a JSON-encoded arguments
		// object's value) is the scalar for a parameter that is no string.
		{"number quoted and escaped once more", typed("number"), `\"123\"`, `123`},
		{"integer quoted and escaped once more", typed("integer", "null"), ` \"-7\" `, `-7`},
		{"string union keeps the escaped quotes", typed("string", "integer"), `\"123\"`, `"\\\"123\\\""`},
		{"escaped word for a number stays", typed("number"), `\"abc\"`, `"\\\"abc\\\""`},
		{"escaped twice stays", typed("number"), `\\\"5\\\"`, `"\\\\\\\"5\\\\\\\""`},
		{"integer null in capitals", typed("integer"), "NULL", `null`},
		{"integer None in capitals", typed("integer", "null"), "NONE", `null`},
		{"string keeps NULL", typed("string"), "NULL", `"NULL"`},
		// An enum decides a union's reading (SGLang's GLM-4.7 schema tests).
		{"enum string member stays a string", enumOf("7"), "7", `"7"`},
		{"enum number member stays a number", enumOf("7"), "8", `8`},
		{"text outside the enum reads by type", enumOf("7"), "9", `9`},
		{"enum of both readings takes the typed one", &toolcall.Param{Name: "p", Types: []string{"string", "integer"}, Enum: []json.RawMessage{json.RawMessage(`"7"`), json.RawMessage(`7`)}}, "7", `7`},
		{"integer with plus", typed("integer"), "+7", `7`},
		{"integer as JSON writes it", typed("integer"), "120", `120`},
		{"integer zero", typed("integer"), "0", `0`},
		{"integer leading zeros dropped", typed("integer"), "007", `7`},
		{"integer negative", typed("integer"), "-3", `-3`},
		{"integer 18 digits", typed("integer"), "123456789012345678", `123456789012345678`},
		{"integer past int64 stays string", typed("integer"), "12345678901234567890123", `"12345678901234567890123"`},
		{"integer or null: digits", typed("integer", "null"), "5", `5`},
		{"integer from float text", typed("integer"), "3.0", `3`},
		{"integer fallback", typed("integer"), "three", `"three"`},
		{"integer not fraction", typed("integer"), "3.5", `"3.5"`},
		{"number", typed("number"), "-2.5e3", `-2.5e3`},
		{"number leading dot", typed("number"), ".5", `0.5`},
		{"number rejects NaN", typed("number"), "NaN", `"NaN"`},
		{"boolean", typed("boolean"), "True", `true`},
		{"boolean false", typed("boolean"), "FALSE", `false`},
		{"boolean fallback", typed("boolean"), "yes", `"yes"`},
		{"null", typed("null"), "None", `null`},
		{"nullable integer null", typed("integer", "null"), "null", `null`},
		{"nullable integer value", typed("integer", "null"), "5", `5`},
		{"nullable string null is null", typed("string", "null"), "null", `null`},
		{"nullable string None is null", typed("string", "null"), " None ", `null`},
		{"nullable string text stays", typed("string", "null"), "nul", `"nul"`},
		{"nullable string keeps the word none", typed("string", "null"), "none", `"none"`},
		{"nullable string keeps nil", typed("string", "null"), "nil", `"nil"`},
		{"nullable integer nil is null", typed("integer", "null"), "nil", `null`},
		{"boolean NIL is null", typed("boolean"), "NIL", `null`},
		{"string keeps nil", typed("string"), "nil", `"nil"`},
		{"plain string keeps null", typed("string"), "null", `"null"`},
		{"anyOf string null is null", schema(`{"anyOf":[{"type":"string"},{"type":"null"}]}`), "null", `null`},
		{"object json", typed("object"), `{"a": [1, 2]}`, `{"a": [1, 2]}`},
		{"object python", typed("object"), `{'k': True, 'n': None, 'f': False, 'x': [1, 'two', (3, 4)], 5: 'five'}`,
			`{"k":true,"n":null,"f":false,"x":[1,"two",[3,4]],"5":"five"}`},
		{"object python escapes", typed("object"), `{'it\'s': "a\"b", 'nl': 'x\ny', 'u': '\u00e9'}`,
			`{"it's":"a\"b","nl":"x\ny","u":"é"}`},
		{"object python trailing comma", typed("object"), `{'a': 1,}`, `{"a":1}`},
		{"object invalid stays string", typed("object"), `{'a': }`, `"{'a': }"`},
		{"array json", typed("array"), `[1, "a"]`, `[1, "a"]`},
		{"array python tuple", typed("array"), `('a', -1.5, 1_000)`, `["a",-1.5,1000]`},
		{"array wrong kind", typed("array"), `{"a":1}`, `"{\"a\":1}"`},
		{"schema type", schema(`{"type":"integer"}`), "9", `9`},
		{"schema type array", schema(`{"type":["boolean","null"]}`), "true", `true`},
		{"schema anyOf", schema(`{"anyOf":[{"type":"integer"},{"type":"null"}]}`), "None", `null`},
		// A union tries boolean, integer and number before string.
		{"schema anyOf with string", schema(`{"anyOf":[{"type":"integer"},{"type":"string"}]}`), "9", `9`},
		{"union integer string: text stays", typed("integer", "string"), "nine", `"nine"`},
		{"union integer string: null stays text", typed("integer", "string"), "null", `"null"`},
		{"union boolean string", typed("string", "boolean"), "False", `false`},
		{"union number string", typed("string", "number"), "2.5", `2.5`},
		{"union integer number string", typed("string", "number", "integer"), "3", `3`},
		// null for a parameter that is not a string is JSON null, nullable
		// or not: the serving stacks read it so.
		{"integer null", typed("integer"), "null", `null`},
		{"boolean None", typed("boolean"), " None\n", `null`},
		{"object null", typed("object"), "null", `null`},
		{"array null", typed("array"), "null", `null`},
		{"number null", schema(`{"type":"number"}`), "null", `null`},
		{"unknown type keeps null", nil, "null", `"null"`},
		{"schema properties means object", schema(`{"properties":{"a":{}}}`), `{"a":1}`, `{"a":1}`},
		{"schema items means array", schema(`{"items":{"type":"string"}}`), `['x']`, `["x"]`},
		{"invalid utf8 replaced", typed("string"), "a\xffb", `"a\ufffdb"`},
		{"string or array: JSON array", schema(`{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}`), "[\"x\", \"y\"]\n", `["x", "y"]`},
		{"string or array: Python list", typed("string", "array"), `['x', 'y']`, `["x","y"]`},
		{"string or array: plain text", typed("string", "array"), "src/a.go", `"src/a.go"`},
		{"string or array: number stays string", typed("string", "array"), "007", `"007"`},
		{"string or array: object is not allowed", typed("string", "array"), `{"a":1}`, `"{\"a\":1}"`},
		{"string or array: broken list stays string", typed("string", "array"), "[x, y", `"[x, y"`},
		{"string or object: JSON object", typed("string", "object"), `{"k": 1}`, `{"k": 1}`},
		{"string or object or null: null is null", typed("string", "object", "null"), "null", `null`},
		// A number no float64 holds (1e999: the stacks' float() gives inf)
		// is no number: the model's text stays a string, in a structure
		// too (vLLM and SGLang degrade it so). Integers are unbounded.
		{"number overflow", typed("number"), "1e999", `"1e999"`},
		{"number nan", typed("number"), "NaN", `"NaN"`},
		{"number negative overflow", typed("number", "null"), "-2.5E+400", `"-2.5E+400"`},
		{"array with overflow", typed("array"), "[1, 2, 1e999]", `"[1, 2, 1e999]"`},
		{"object with overflow", typed("object"), `{"x": {"y": [3e308, 9e999]}}`, `"{\"x\": {\"y\": [3e308, 9e999]}}"`},
		{"array underflow is zero, kept", typed("array"), "[1e-999, 2.5]", `[1e-999, 2.5]`},
		{"array big integer kept", typed("array"), "[123456789012345678901234567890]", `[123456789012345678901234567890]`},
		{"array overflow in a string kept", typed("array"), `["1e999", "x\"9e999"]`, `["1e999", "x\"9e999"]`},
		{"array of objects", schema(`{"type":"array","items":{"type":"object","properties":{"old":{"type":"string"}}}}`), `[{'old': 'a'}]`, `[{"old":"a"}]`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := string(Coerce(tc.param, tc.in))
			if got != tc.want {
				t.Fatalf("Coerce(%q) = %s, want %s", tc.in, got, tc.want)
			}
			if !json.Valid([]byte(got)) {
				t.Fatalf("result %s is not valid JSON", got)
			}
		})
	}
}

func FuzzCoerce(f *testing.F) {
	for _, s := range []string{"1", "{'a': True}", "(1,2)", "None", "[1, 'x']", "'\\x41'", "1e5", "-", "{'a': {'b': [None]}}"} {
		f.Add(s)
	}
	types := [][]string{{"object"}, {"array"}, {"integer"}, {"number"}, {"boolean", "null"}, {"string"}, {"string", "array"}, {"object", "string", "null"}}
	f.Fuzz(func(t *testing.T, in string) {
		for _, ty := range types {
			out := Coerce(&toolcall.Param{Types: ty}, in)
			if !json.Valid(out) {
				t.Fatalf("types %v: %q gave invalid JSON %s", ty, in, out)
			}
		}
	})
}

func ExampleCoerce() {
	p := &toolcall.Param{Name: "filters", Types: []string{"object"}}
	fmt.Println(string(Coerce(p, "{'lang': 'go', 'recent': True}")))
	s := &toolcall.Param{Name: "zip", Types: []string{"string"}}
	fmt.Println(string(Coerce(s, "007")))
	// Output:
	// {"lang":"go","recent":true}
	// "007"
}

// TestAppendUntyped: a value no schema types is JSON or a Python literal
// when it reads whole as one, and otherwise the text as a string.
func TestAppendUntyped(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"42", `42`},
		{" -3.5e2\n", `-3.5e2`},
		{"true", `true`},
		{"null", `null`},
		{"None", `null`},
		{"False", `false`},
		{`{"a": [1, 2]}`, `{"a": [1, 2]}`},
		{"{'a': (1, 'x')}", `{"a":[1,"x"]}`},
		{`"quoted"`, `"quoted"`},
		{"hello world", `"hello world"`},
		{"[draft] notes", `"[draft] notes"`},
		{`{\"k\": \"v\"}`, `{"k": "v"}`},
		{"  padded  ", `"  padded  "`},
		{"", `""`},
		{"1 + 2", `"1 + 2"`},
		{"1e999", `"1e999"`},
		{"-7.5e400", `"-7.5e400"`},
		{"[2e400, 1]", `"[2e400, 1]"`},
		{"{'x': 1e999}", `"{'x': 1e999}"`},
		{"123456789012345678901234567890", `123456789012345678901234567890`},
	} {
		if got := string(AppendUntyped(nil, []byte(c.in))); got != c.want {
			t.Errorf("AppendUntyped(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestFits: a JSON value fits a parameter whose schema allows its type
// (an integer fits a number), and any parameter without types.
func TestFits(t *testing.T) {
	typed := func(types ...string) *toolcall.Param { return &toolcall.Param{Name: "p", Types: types} }
	for _, c := range []struct {
		p    *toolcall.Param
		v    string
		want bool
	}{
		{nil, `7`, true},
		{typed(), `"x"`, true},
		{typed("string"), `7`, false},
		{typed("string"), `"7"`, true},
		{typed("number"), `7`, true},
		{typed("integer"), `7.5`, false},
		{typed("object", "null"), `null`, true},
		{typed("array"), `{"a":1}`, false},
	} {
		if got := Fits(c.p, []byte(c.v)); got != c.want {
			t.Errorf("Fits(%v, %s) = %v, want %v", c.p, c.v, got, c.want)
		}
	}
}

// TestMayBeLiteralRulesOutOnlyText: the first-byte filter of AppendUntyped
// never turns away a value that JSON or the Python reader would take —
// every value it rules out reads as text by the whole rule too.
func TestMayBeLiteralRulesOutOnlyText(t *testing.T) {
	whole := func(v []byte) bool { // the rule without the filter
		if json.Valid(v) {
			return true
		}
		if _, ok := appendEscaped(nil, v); ok && (v[0] == '{' || v[0] == '[') {
			return true
		}
		_, ok := appendPython(nil, v)
		return ok
	}
	ins := []string{"src/main.go", "hello", "x", "_", "True", "None", "r'raw'", "rb'x'", "b\"y\"", "u'z'", "f'q'",
		"R\"x\"", "Br'x'", "func (p *Parser)", "yes", "inf", "nan", "NaN", "Infinity", "-Infinity", "0x1F", "1_000",
		"1j", ".5", "+1", "(1,)", "set()", "frozenset()", "Ellipsis", "...", "@x", "#c", "`x`", "~1", "*", "%", "é", "日本"}
	for c := 0; c < 256; c++ { // every first byte, alone and before a digit, a quote and a word
		for _, rest := range []string{"", "1", "'a'", "\"a\"", "rue", "one", "alse"} {
			ins = append(ins, string(rune(c))+rest, string([]byte{byte(c)})+rest)
		}
	}
	for _, in := range ins {
		v := bytes.TrimSpace([]byte(in))
		if len(v) == 0 || mayBeLiteral(v) {
			continue
		}
		if whole(v) {
			t.Errorf("mayBeLiteral(%q) = false, but the value reads as JSON or a Python literal", in)
		}
	}
}

// TestJSONScalarAgreesWithValid: the scalar fast path of AppendUntyped
// accepts only what encoding/json accepts, and every plain number.
func TestJSONScalarAgreesWithValid(t *testing.T) {
	for _, s := range []string{"0", "-0", "120", "-12.5", "1e9", "1E+2", "2.5e-3", "true", "false", "null",
		"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "00", "1.2.3", "truex", "nul", "0x10", "1_000", " 1", "NaN", "Infinity"} {
		if got, want := jsonScalar([]byte(s)), json.Valid([]byte(s)); got && !want || !got && want && s != "" && s[0] != ' ' {
			t.Errorf("jsonScalar(%q) = %v, json.Valid = %v", s, got, want)
		}
	}
	for i := -2000; i <= 2000; i += 7 {
		for _, s := range []string{strconv.Itoa(i), strconv.Itoa(i) + ".25", strconv.Itoa(i) + "e3"} {
			if !jsonScalar([]byte(s)) {
				t.Errorf("jsonScalar(%q) = false", s)
			}
		}
	}
}
