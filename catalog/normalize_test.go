package catalog

import (
	"strings"
	"testing"
)

func TestNormalizeSchema(t *testing.T) {
	cases := []struct {
		name, in, want string
		issues         string
	}{
		{"empty", ``, `{"type":"object","properties":{}}`, ""},
		{"null", `null`, `{"type":"object","properties":{}}`, ""},
		{"missing top type", `{"properties":{"a":{"type":"string"}}}`, `{"type":"object","properties":{"a":{"type":"string"}}}`, ""},
		{"python names", `{"type":"dict","properties":{"a":{"type":"str"},"b":{"type":"int"},"c":{"type":"float"},"d":{"type":"bool"},"e":{"type":"list","items":{"type":"tuple"}},"f":{"type":"any"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"},"c":{"type":"number"},"d":{"type":"boolean"},"e":{"type":"array","items":{"type":"array"}},"f":{}}}`, ""},
		{"sized and C integer names", `{"type":"object","properties":{"a":{"type":"uint32"},"b":{"type":"int64"},"c":{"type":"int8"},"d":{"type":"unsigned long"},"e":{"type":"float16"},"f":{"type":"UInt16"},"g":{"type":"int2x"}}}`,
			`{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"},"c":{"type":"integer"},"d":{"type":"integer"},"e":{"type":"number"},"f":{"type":"integer"},"g":{}}}`, "unknown_type@$.properties.g.type"},
		{"gemini upper case", `{"type":"OBJECT","properties":{"a":{"type":"STRING","nullable":true}}}`, `{"type":"object","properties":{"a":{"type":["string","null"]}}}`, ""},
		{"nullable enum", `{"type":"object","properties":{"a":{"type":"string","enum":["x"],"nullable":true}}}`, `{"type":"object","properties":{"a":{"type":["string","null"],"enum":["x",null]}}}`, ""},
		{"nullable anyOf", `{"type":"object","properties":{"a":{"anyOf":[{"type":"string"}],"nullable":true}}}`, `{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`, ""},
		{"type list dedup", `{"type":"object","properties":{"a":{"type":["str","string","None"]}}}`, `{"type":"object","properties":{"a":{"type":["string","null"]}}}`, ""},
		{"infer from enum", `{"type":"object","properties":{"a":{"enum":[1,2.5]},"b":{"enum":["x",1]},"c":{"default":true},"d":{"items":{}},"e":{"maxLength":3}}}`,
			`{"type":"object","properties":{"a":{"type":"number","enum":[1,2.5]},"b":{"enum":["x",1]},"c":{"type":"boolean","default":true},"d":{"type":"array","items":{}},"e":{"type":"string","maxLength":3}}}`, ""},
		{"ref with sibling", `{"type":"object","$defs":{"P":{"type":"string","description":"d"}},"properties":{"a":{"$ref":"#/$defs/P","description":"own"}}}`,
			`{"type":"object","properties":{"a":{"type":"string","description":"own"}}}`, ""},
		{"ref chain", `{"type":"object","definitions":{"A":{"$ref":"#/definitions/B"},"B":{"type":"integer"}},"properties":{"a":{"$ref":"#/definitions/A"}}}`,
			`{"type":"object","properties":{"a":{"type":"integer"}}}`, ""},
		{"recursive ref kept", `{"type":"object","$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}},"properties":{"n":{"$ref":"#/$defs/N"}}}`,
			`{"type":"object","$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}},"properties":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}}}`, ""},
		{"unresolved ref", `{"type":"object","properties":{"a":{"$ref":"#/$defs/X"}}}`, `{"type":"object","properties":{"a":{}}}`, "unresolved_ref@$.properties.a.$ref"},
		{"remote ref", `{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"}}}`, `{"type":"object","properties":{"a":{}}}`, "unresolved_ref@$.properties.a.$ref"},
		{"unknown type", `{"type":"object","properties":{"a":{"type":"blob"}}}`, `{"type":"object","properties":{"a":{}}}`, "unknown_type@$.properties.a.type"},
		{"draft4 tuple items", `{"type":"object","properties":{"p":{"type":"array","items":[{"type":"float"},{"type":"float"}]}}}`,
			`{"type":"object","properties":{"p":{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}]}}}`, ""},
		{"per-property required flags", `{"type":"object","properties":{"a":{"type":"string","required":true},"b":{"type":"string","optional":true}}}`,
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"]}`, ""},
		{"required not defined", `{"type":"object","properties":{"a":{}},"required":["a","b"]}`, `{"type":"object","properties":{"a":{}},"required":["a","b"]}`, "required_not_defined@$.required"},
		{"non-object parameters", `{"type":"string"}`, `{"type":"string"}`, "invalid_schema@$.type"},
		{"keeps order and keywords", `{"type":"object","properties":{"z":{"type":"integer","minimum":1,"default":5},"a":{"oneOf":[{"type":"string"},{"type":"integer"}]}},"additionalProperties":false}`,
			`{"type":"object","properties":{"z":{"type":"integer","minimum":1,"default":5},"a":{"oneOf":[{"type":"string"},{"type":"integer"}]}},"additionalProperties":false}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, issues, err := NormalizeSchema([]byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
			var is []string
			for _, i := range issues {
				is = append(is, i.Code+"@"+i.Path)
			}
			if g := strings.Join(is, ","); g != c.issues {
				t.Errorf("issues %q, want %q", g, c.issues)
			}
		})
	}
	if _, _, err := NormalizeSchema([]byte(`{"type":`)); err == nil {
		t.Error("want an error for broken JSON")
	}
}

// TestSchemaType: the type names tools and models write read as JSON
// Schema's, "any" as any type, an unknown name as unknown.
func TestSchemaType(t *testing.T) {
	for in, want := range map[string]struct {
		typ   string
		known bool
	}{
		"integer": {"integer", true}, "int": {"integer", true}, " INT64 ": {"integer", true}, "str": {"string", true},
		"varchar": {"", false}, "bool": {"boolean", true}, "float32": {"number", true}, "list": {"array", true},
		"dict": {"object", true}, "None": {"null", true}, "any": {"", true}, "verbosity": {"", false},
	} {
		typ, known := SchemaType(in)
		if typ != want.typ || known != want.known {
			t.Errorf("SchemaType(%q) = %q, %v; want %q, %v", in, typ, known, want.typ, want.known)
		}
	}
}
