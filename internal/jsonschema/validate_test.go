package jsonschema

import (
	"strings"
	"testing"
)

func mustCompile(t testing.TB, src string) *Schema {
	t.Helper()
	doc, err := Decode([]byte(src))
	if err != nil {
		t.Fatalf("schema %s: %v", src, err)
	}
	s, err := Compile(doc)
	if err != nil {
		t.Fatalf("compile %s: %v", src, err)
	}
	return s
}

// summary writes violations as "keyword@pointer" joined by ";", with each
// anyOf/oneOf alternative in brackets.
func summary(errs []*Error) string {
	var parts []string
	for _, e := range errs {
		s := e.Keyword + "@" + Pointer(e.Path)
		if len(e.Alternatives) > 0 {
			var alts []string
			for _, a := range e.Alternatives {
				alts = append(alts, "["+summary(a)+"]")
			}
			s += strings.Join(alts, "")
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ";")
}

// validateCases are the table of TestValidate and the seeds of
// FuzzDifferential.
var validateCases = []struct {
	name, schema, inst, want string
}{
	{"true schema", `true`, `{"a":1}`, ""},
	{"false schema", `false`, `1`, "false@"},
	{"empty schema", `{}`, `[1,"x",null]`, ""},
	{"type ok", `{"type":"string"}`, `"x"`, ""},
	{"type bad", `{"type":"string"}`, `1`, "type@"},
	{"type list", `{"type":["string","null"]}`, `null`, ""},
	{"integer ok", `{"type":"integer"}`, `3`, ""},
	{"integer 1.0", `{"type":"integer"}`, `1.0`, ""},
	{"integer exp", `{"type":"integer"}`, `1e3`, ""},
	{"integer bad", `{"type":"integer"}`, `2.5`, "type@"},
	{"number takes integer", `{"type":"number"}`, `2`, ""},
	{"type stops the rest", `{"type":"string","minLength":3,"enum":["abc"]}`, `1`, "type@"},
	{"enum ok", `{"enum":["a",1,null]}`, `1.0`, ""},
	{"enum bad", `{"enum":["a","b"]}`, `"c"`, "enum@"},
	{"enum object", `{"enum":[{"a":[1,2]}]}`, `{"a":[1,2.0]}`, ""},
	{"enum object order", `{"enum":[{"a":1,"b":2}]}`, `{"b":2,"a":1}`, ""},
	{"const bad", `{"const":"x"}`, `"y"`, "const@"},
	{"required", `{"type":"object","required":["a","b"]}`, `{"a":1}`, "required@"},
	{"properties nested", `{"properties":{"a":{"properties":{"b":{"type":"string"}}}}}`, `{"a":{"b":1}}`, "type@/a/b"},
	{"additional false", `{"properties":{"a":{}},"additionalProperties":false}`, `{"a":1,"z":2,"y":3}`, "additionalProperties@"},
	{"additional schema", `{"properties":{"a":{}},"additionalProperties":{"type":"string"}}`, `{"a":1,"z":2}`, "type@/z"},
	{"pattern properties", `{"patternProperties":{"^x_":{"type":"integer"}},"additionalProperties":false}`, `{"x_a":1,"x_b":"s","c":0}`, "type@/x_b;additionalProperties@"},
	{"property names", `{"propertyNames":{"minLength":2}}`, `{"ab":1,"c":2}`, "propertyNames@"},
	{"min max properties", `{"minProperties":2,"maxProperties":3}`, `{"a":1}`, "minProperties@"},
	{"dependent required", `{"dependentRequired":{"a":["b","c"]}}`, `{"a":1,"c":1}`, "dependentRequired@"},
	{"draft-07 dependencies", `{"dependencies":{"a":["b"],"c":{"required":["d"]}}}`, `{"a":1,"c":1}`, "dependentRequired@;required@"},
	{"items", `{"items":{"type":"integer"}}`, `[1,"x",3,"y"]`, "type@/1;type@/3"},
	{"prefix items", `{"prefixItems":[{"type":"string"}],"items":false}`, `["a",1]`, "false@/1"},
	{"draft-07 tuple", `{"items":[{"type":"string"},{"type":"integer"}],"additionalItems":false}`, `["a","b",3]`, "type@/1;false@/2"},
	{"min max items", `{"minItems":2,"maxItems":3}`, `[1,2,3,4]`, "maxItems@"},
	{"unique items", `{"uniqueItems":true}`, `[1,{"a":1},1.0]`, "uniqueItems@"},
	{"unique items ok", `{"uniqueItems":true}`, `[1,"1",[1],{"a":1},{"a":2}]`, ""},
	{"contains", `{"contains":{"type":"string"}}`, `[1,2]`, "contains@"},
	{"min contains", `{"contains":{"type":"string"},"minContains":2,"maxContains":2}`, `["a",1,"b","c"]`, "maxContains@"},
	{"min length counts runes", `{"minLength":3}`, `"日本"`, "minLength@"},
	{"max length", `{"maxLength":2}`, `"日本"`, ""},
	{"pattern", `{"pattern":"^[a-z]+$"}`, `"abC"`, "pattern@"},
	{"pattern is a search", `{"pattern":"b"}`, `"abc"`, ""},
	{"minimum", `{"minimum":1}`, `0`, "minimum@"},
	{"minimum equal", `{"minimum":1}`, `1`, ""},
	{"exclusive minimum", `{"exclusiveMinimum":1}`, `1`, "exclusiveMinimum@"},
	{"draft-04 exclusive", `{"maximum":5,"exclusiveMaximum":true}`, `5`, "exclusiveMaximum@"},
	{"maximum exact", `{"maximum":0.3}`, `0.30000000000000001`, "maximum@"},
	{"multipleOf decimal", `{"multipleOf":0.1}`, `0.3`, ""},
	{"multipleOf bad", `{"multipleOf":2}`, `7`, "multipleOf@"},
	{"huge exponent", `{"maximum":1e300}`, `1e999999999`, "maximum@"},
	{"tiny exponent", `{"exclusiveMinimum":0}`, `1e-999999999`, ""},
	{"allOf", `{"allOf":[{"required":["a"]},{"required":["b"]}]}`, `{}`, "required@;required@"},
	{"anyOf ok", `{"anyOf":[{"type":"string"},{"type":"null"}]}`, `null`, ""},
	{"anyOf bad", `{"anyOf":[{"type":"string","pattern":"^a"},{"type":"null"}]}`, `"b"`, "anyOf@[pattern@][type@]"},
	{"oneOf none", `{"oneOf":[{"type":"string"},{"type":"integer"}]}`, `true`, "oneOf@[type@][type@]"},
	{"oneOf both", `{"oneOf":[{"type":"number"},{"type":"integer"}]}`, `1`, "oneOf@"},
	{"oneOf one", `{"oneOf":[{"type":"number"},{"type":"string"}]}`, `1`, ""},
	{"not", `{"not":{"type":"string"}}`, `"x"`, "not@"},
	{"if then", `{"if":{"properties":{"k":{"const":"a"}}},"then":{"required":["x"]},"else":{"required":["y"]}}`, `{"k":"a"}`, "required@"},
	{"if else", `{"if":{"properties":{"k":{"const":"a"}}},"then":{"required":["x"]},"else":{"required":["y"]}}`, `{"k":"b","y":1}`, ""},
	{"ref defs", `{"$defs":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/s"}}}`, `{"a":1}`, "type@/a"},
	{"ref definitions", `{"definitions":{"s":{"type":"string"}},"items":{"$ref":"#/definitions/s"}}`, `["a",2]`, "type@/1"},
	{"ref with siblings", `{"$defs":{"s":{"minLength":2}},"properties":{"a":{"$ref":"#/$defs/s","pattern":"^x"}}}`, `{"a":"y"}`, "minLength@/a;pattern@/a"},
	{"recursive ref", `{"type":"object","properties":{"child":{"$ref":"#"}},"additionalProperties":false}`, `{"child":{"child":{"x":1}}}`, "additionalProperties@/child/child"},
	{"ref escaped", `{"$defs":{"a/b":{"type":"string"},"c d":{"type":"null"}},"properties":{"x":{"$ref":"#/$defs/a~1b"},"y":{"$ref":"#/$defs/c%20d"}}}`, `{"x":1,"y":1}`, "type@/x;type@/y"},
	{"ref by id", `{"$id":"https://ex.com/s.json","$defs":{"s":{"type":"string"}},"items":{"$ref":"https://ex.com/s.json#/$defs/s"}}`, `[1]`, "type@/0"},
	{"anchor", `{"$defs":{"s":{"$anchor":"str","type":"string"}},"items":{"$ref":"#str"}}`, `[1]`, "type@/0"},
	{"draft-07 id anchor", `{"definitions":{"s":{"$id":"#str","type":"string"}},"items":{"$ref":"#str"}}`, `[1]`, "type@/0"},
	{"ref cycle stops", `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`, `1`, "$ref@"},
	{"annotations ignored", `{"title":"t","description":"d","default":1,"examples":[2],"format":"email","deprecated":true,"x-vendor":{}}`, `"not an email"`, ""},
	{"path of escaped names", `{"properties":{"a/b":{"type":"string"}}}`, `{"a/b":1}`, "type@/a~1b"},
	{"unevaluated false", `{"type":"object","properties":{"a":{}},"unevaluatedProperties":false}`, `{"a":1,"b":2}`, "unevaluatedProperties@"},
	{"unevaluated sees allOf properties", `{"allOf":[{"properties":{"a":{}}}],"unevaluatedProperties":false}`, `{"a":1}`, ""},
	{"unevaluated sees patternProperties", `{"patternProperties":{"^x_":{}},"unevaluatedProperties":false}`, `{"x_a":1,"y":2}`, "unevaluatedProperties@"},
	{"unevaluated sees additionalProperties in allOf", `{"allOf":[{"additionalProperties":{"type":"string"}}],"unevaluatedProperties":false}`, `{"p":"x"}`, ""},
	{"unevaluated sees ref", `{"$defs":{"d":{"properties":{"a":{}}}},"$ref":"#/$defs/d","unevaluatedProperties":false}`, `{"a":1}`, ""},
	{"unevaluated skips failed anyOf alternative", `{"anyOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{}}}],"unevaluatedProperties":false}`, `{"a":1,"b":1}`, "unevaluatedProperties@"},
	{"unevaluated sees passing oneOf alternative", `{"oneOf":[{"properties":{"k":{"const":"a"},"x":{}},"required":["k"]},{"properties":{"k":{"const":"b"},"y":{}},"required":["k"]}],"unevaluatedProperties":false}`, `{"k":"b","y":1}`, ""},
	{"unevaluated sees the branch if chose", `{"if":{"properties":{"k":{"const":"a"}}},"then":{"properties":{"x":{}}},"unevaluatedProperties":false}`, `{"k":"a","x":1}`, ""},
	{"unevaluated after failed if", `{"if":{"properties":{"k":{"const":"a"}}},"then":{"properties":{"x":{}}},"unevaluatedProperties":false}`, `{"k":"b","x":1}`, "unevaluatedProperties@"},
	{"unevaluated ignores not", `{"not":{"properties":{"a":{"type":"string"}}},"unevaluatedProperties":false}`, `{"a":1}`, "unevaluatedProperties@"},
	{"unevaluated sees dependentSchemas", `{"properties":{"a":{}},"dependentSchemas":{"a":{"properties":{"b":{}}}},"unevaluatedProperties":false}`, `{"a":1,"b":2}`, ""},
	{"unevaluated in a subschema evaluates all", `{"allOf":[{"unevaluatedProperties":true}],"unevaluatedProperties":false}`, `{"x":1}`, ""},
	{"unevaluated schema types the rest", `{"properties":{"a":{}},"unevaluatedProperties":{"type":"string"}}`, `{"a":1,"b":2,"c":"x"}`, "type@/b"},
	{"unevaluated nested object", `{"properties":{"o":{"properties":{"a":{}},"unevaluatedProperties":false}}}`, `{"o":{"a":1,"z":0}}`, "unevaluatedProperties@/o"},
}

func TestValidate(t *testing.T) {
	for _, c := range validateCases {
		t.Run(c.name, func(t *testing.T) {
			s := mustCompile(t, c.schema)
			inst, err := Decode([]byte(c.inst))
			if err != nil {
				t.Fatal(err)
			}
			errs := s.Validate(inst)
			if got := summary(errs); got != c.want {
				t.Errorf("got %q, want %q (%v)", got, c.want, errs)
			}
			if s.Valid(inst) != (c.want == "") {
				t.Errorf("Valid disagrees with Validate")
			}
			for _, e := range Leaves(errs) {
				if e.Message == "" {
					t.Errorf("%s has no message", e.Keyword)
				}
			}
		})
	}
}

func TestErrorDetails(t *testing.T) {
	s := mustCompile(t, `{"type":"object","required":["a","b","c"],"properties":{"a":{"type":["string","null"]},"e":{"enum":["x","y"]}},"additionalProperties":false}`)
	inst, _ := Decode([]byte(`{"a":1,"e":"z","q":1,"p":2}`))
	errs := s.Validate(inst)
	if got := summary(errs); got != "required@;type@/a;enum@/e;additionalProperties@" {
		t.Fatalf("got %s", got)
	}
	if m := errs[0].Missing; len(m) != 2 || m[0] != "b" || m[1] != "c" {
		t.Errorf("missing %v", m)
	}
	if e := errs[1]; e.Got != "number" || strings.Join(e.Want, ",") != "string,null" || e.Message != "got number, want string or null" {
		t.Errorf("type error %+v", e)
	}
	if e := errs[2]; e.Value != "z" || e.Message != `value must be one of "x", "y"` {
		t.Errorf("enum error %+v", e)
	}
	if e := errs[3]; strings.Join(e.Extra, ",") != "p,q" || e.Message != `properties "p", "q" not allowed` {
		t.Errorf("additional error %+v", e)
	}
	if got := errs[1].Error(); got != "/a: got number, want string or null" {
		t.Errorf("Error() = %q", got)
	}
}

// TestValidateGoValues: values decoded without UseNumber (float64) and Go
// integers validate like json.Number.
func TestValidateGoValues(t *testing.T) {
	s := mustCompile(t, `{"type":"object","properties":{"n":{"type":"integer","maximum":10},"f":{"type":"number","multipleOf":0.5}}}`)
	if errs := s.Validate(map[string]any{"n": 3, "f": 1.5}); errs != nil {
		t.Errorf("got %s", summary(errs))
	}
	if got := summary(s.Validate(map[string]any{"n": float64(11), "f": 1.2})); got != "multipleOf@/f;maximum@/n" {
		t.Errorf("got %s", got)
	}
	if got := summary(s.Validate(map[string]any{"n": 2.5})); got != "type@/n" {
		t.Errorf("got %s", got)
	}
}

func TestCompileErrors(t *testing.T) {
	cases := []struct{ schema, want string }{
		{`1`, "#: a schema must be an object or a boolean, got number"},
		{`{"type":"strin"}`, `#/type: unknown type "strin"`},
		{`{"type":[]}`, "#/type: want at least one type"},
		{`{"properties":{"a":{"pattern":"(["}}}`, "#/properties/a/pattern: not a valid regular expression"},
		{`{"patternProperties":{"(":{}}}`, "#/patternProperties/(: not a valid regular expression"},
		{`{"required":"a"}`, "#/required: want an array of strings"},
		{`{"minLength":-1}`, "#/minLength: want a non-negative integer"},
		{`{"minLength":1.5}`, "#/minLength: want a non-negative integer"},
		{`{"minimum":"1"}`, "#/minimum: want a number"},
		{`{"multipleOf":0}`, "#/multipleOf: want a number greater than 0"},
		{`{"anyOf":[]}`, "#/anyOf: want a non-empty array of schemas"},
		{`{"items":{"properties":{"a":3}}}`, "#/items/properties/a: a schema must be an object or a boolean"},
		{`{"$ref":"#/$defs/missing"}`, `#/$ref: $ref "#/$defs/missing": nothing at #/$defs`},
		{`{"$ref":"other.json#/x"}`, "only references within the document are supported"},
		{`{"$ref":"#nope"}`, `no $anchor "nope"`},
		{`{"$defs":{"bad":{"type":5}}}`, "#/$defs/bad/type: want a type name"},
		{`{"unevaluatedItems":false}`, "#/unevaluatedItems: keyword not supported"},
		{`{"items":{"$id":"https://elsewhere/x.json"}}`, "nested $id"},
	}
	for _, c := range cases {
		doc, err := Decode([]byte(c.schema))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Compile(doc)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.schema, err, c.want)
		}
	}
}

func TestLookup(t *testing.T) {
	s := mustCompile(t, `{"$defs":{"settings":{"type":"object","properties":{"k":{"$ref":"#/$defs/pos"}},"additionalProperties":false},"pos":{"type":"integer","minimum":1}},"type":"string"}`)
	sub, err := s.Lookup("#/$defs/settings")
	if err != nil {
		t.Fatal(err)
	}
	inst, _ := Decode([]byte(`{"k":0,"x":1}`))
	if got := summary(sub.Validate(inst)); got != "minimum@/k;additionalProperties@" {
		t.Errorf("got %s", got)
	}
	if _, err := s.Lookup("#/$defs/none"); err == nil {
		t.Error("Lookup of a missing definition succeeded")
	}
}

func TestDecode(t *testing.T) {
	for _, bad := range []string{``, `{`, `{"a":1} x`, `1 2`, `nul`} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%q) succeeded", bad)
		}
	}
	v, err := Decode([]byte(" {\"a\": 12345678901234567890} \n"))
	if err != nil {
		t.Fatal(err)
	}
	if n := v.(map[string]any)["a"]; TypeOf(n) != "number" || !isInteger(n) {
		t.Errorf("got %#v", n)
	}
}

func TestUnevaluated(t *testing.T) {
	for _, c := range []struct{ schema, inst, want string }{
		{`{"properties":{"a":{}}}`, `{"a":1,"b":2,"c":3}`, "b,c"},
		{`{"properties":{"a":{}},"allOf":[{"properties":{"b":{}}}]}`, `{"a":1,"b":2,"c":3}`, "c"},
		{`{"patternProperties":{"^x":{}}}`, `{"xa":1,"y":2}`, "y"},
		{`{"additionalProperties":{"type":"string"}}`, `{"a":"x"}`, ""},
		{`{"unevaluatedProperties":false}`, `{"a":1}`, ""},
		{`{"oneOf":[{"properties":{"k":{"const":1},"a":{}}},{"properties":{"k":{"const":2},"b":{}}}]}`, `{"k":2,"a":1,"b":1}`, "a"},
		{`{"properties":{"o":{"properties":{"a":{}}}}}`, `{"o":{"z":1}}`, ""},
	} {
		obj, err := Decode([]byte(c.inst))
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(mustCompile(t, c.schema).Unevaluated(obj.(map[string]any)), ",")
		if got != c.want {
			t.Errorf("Unevaluated(%s, %s) = %q, want %q", c.schema, c.inst, got, c.want)
		}
	}
}
