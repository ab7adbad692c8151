package jsonscan

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// partialVectors: the prefix that has arrived, and what Partial shows.
// "" means nothing can be shown yet (Value returns nil).
var partialVectors = []struct {
	name, in, want string
}{
	{"empty", ``, ``},
	{"whitespace only", "  \n", ``},
	{"open brace", `{`, `{}`},
	{"open brace spaced", ` { `, `{}`},
	{"half key", `{"pa`, `{}`},
	{"whole key", `{"path"`, `{}`},
	{"key and colon", `{"path":`, `{}`},
	{"key colon space", `{"path": `, `{}`},
	{"string value opened", `{"path":"`, `{"path":""}`},
	{"half string value", `{"path":"src/ma`, `{"path":"src/ma"}`},
	{"complete string value", `{"path":"a.go"`, `{"path":"a.go"}`},
	{"trailing comma dropped", `{"path":"a.go",`, `{"path":"a.go"}`},
	{"second key pending", `{"path":"a.go","li`, `{"path":"a.go"}`},
	{"half number held", `{"line":1`, `{}`},
	{"longer number held", `{"path":"a","line":12`, `{"path":"a"}`},
	{"number ended by comma", `{"line":12,`, `{"line":12}`},
	{"number ended by brace", `{"line":12}`, `{"line":12}`},
	{"number ended by space", `{"line":12 `, `{"line":12}`},
	{"negative sign held", `{"n":-`, `{}`},
	{"fraction dot held", `{"n":1.`, `{}`},
	{"exponent held", `{"n":1e`, `{}`},
	{"exponent digits held", `{"n":1e5`, `{}`},
	{"float ended", `{"n":-1.5e3}`, `{"n":-1.5e3}`},
	{"float in array ended", `[-1.5e3,`, `[-1.5e3]`},
	{"half true", `{"ok":tr`, `{}`},
	{"whole true", `{"ok":true`, `{"ok":true}`},
	{"half false", `{"ok":fals`, `{}`},
	{"whole null", `{"x":null`, `{"x":null}`},
	{"half null in array", `[nu`, `[]`},
	{"array opened", `{"xs":[`, `{"xs":[]}`},
	{"array with strings", `{"xs":["a","b`, `{"xs":["a","b"]}`},
	{"array number held", `{"xs":[1,2`, `{"xs":[1]}`},
	{"array trailing comma", `{"xs":[1,2,`, `{"xs":[1,2]}`},
	{"array closed", `{"xs":[1,2]`, `{"xs":[1,2]}`},
	{"nested objects", `{"a":{"b":{"c":"d`, `{"a":{"b":{"c":"d"}}}`},
	{"nested dangling key", `{"a":{"b":1},"c":{"d`, `{"a":{"b":1},"c":{}}`},
	{"array of objects", `[{"a":1},{"b":`, `[{"a":1},{}]`},
	{"half escape held", `{"s":"a\`, `{"s":"a"}`},
	{"newline escape", `{"s":"a\n`, `{"s":"a\n"}`},
	{"quote escape", `{"s":"say \"hi`, `{"s":"say \"hi"}`},
	{"backslash escape", `{"s":"C:\\`, `{"s":"C:\\"}`},
	{"half unicode escape", `{"s":"x\u00`, `{"s":"x"}`},
	{"unicode escape", `{"s":"x\u00e9`, `{"s":"x\u00e9"}`},
	{"high surrogate held", `{"s":"\ud83d`, `{"s":""}`},
	{"high surrogate half low", `{"s":"\ud83d\ude`, `{"s":""}`},
	{"surrogate pair", `{"s":"\ud83d\ude00`, `{"s":"\ud83d\ude00"}`},
	{"lone high surrogate then text", `{"s":"\ud83dx`, `{"s":"\ud83dx"}`},
	{"lone high surrogate then quote", `{"s":"\ud83d"`, `{"s":"\ud83d"}`},
	{"half utf8 held", "{\"s\":\"caf\xc3", `{"s":"caf"}`},
	{"whole utf8", "{\"s\":\"café", `{"s":"café"}`},
	{"half 4-byte utf8", "{\"s\":\"\xf0\x9f\x98", `{"s":""}`},
	{"key with escape pending", `{"a\"b`, `{}`},
	{"key with space kept", `{"a b":1,`, `{"a b":1}`},
	{"whitespace dropped", "{ \"a\" : [ 1 , true ] , ", `{"a":[1,true]}`},
	{"string keeps whitespace", `{"s":" a  b `, `{"s":" a  b "}`},
	{"empty object done", `{}`, `{}`},
	{"empty array value", `{"a":[]`, `{"a":[]}`},
	{"top-level string", `"ab`, `"ab"`},
	{"top-level number held", `12`, ``},
	{"top-level number ended", `12 `, `12`},
	{"top-level literal", `false`, `false`},
	{"code in string", `{"code":"func main() {\n\tfmt.Println(\"}\")`, `{"code":"func main() {\n\tfmt.Println(\"}\")"}`},
	{"closing brackets in string", `{"s":"]}]}`, `{"s":"]}]}"}`},
	{"deep arrays", `[[[[1],[`, `[[[[1],[]]]]`},
	{"syntax error keeps last", `{"a":1,}`, `{"a":1}`},
	{"error in value", `{"a":"x","b":tx`, `{"a":"x"}`},
	{"garbage after value ignored", `{"a":1} xyz`, `{"a":1}`},
}

func partialOf(chunks ...string) string {
	var p Partial
	for _, c := range chunks {
		p.Write([]byte(c))
	}
	return string(p.Value())
}

func TestPartialVectors(t *testing.T) {
	if len(partialVectors) < 40 {
		t.Fatalf("only %d vectors", len(partialVectors))
	}
	for _, v := range partialVectors {
		t.Run(v.name, func(t *testing.T) {
			got := partialOf(v.in)
			if got != v.want {
				t.Fatalf("Partial(%q) = %q, want %q", v.in, got, v.want)
			}
			if got != "" && !json.Valid([]byte(got)) {
				t.Fatalf("Partial(%q) = %q is not valid JSON", v.in, got)
			}
			// Any chunking shows the same value, and Value may be asked
			// for at every step.
			var p Partial
			for i := range len(v.in) {
				p.Write([]byte(v.in[i : i+1]))
				if val := p.Value(); val != nil && !json.Valid(val) {
					t.Fatalf("after %q: %q is not valid JSON", v.in[:i+1], val)
				}
			}
			if got := string(p.Value()); got != v.want {
				t.Fatalf("byte by byte: %q, want %q", got, v.want)
			}
		})
	}
}

// TestPartialNeverContradicts: for every prefix of complete documents, the
// partial value is valid JSON and is "contained" in the final value:
// objects show a subset of keys, arrays a prefix of elements, strings a
// prefix, and numbers and literals only their final value.
func TestPartialNeverContradicts(t *testing.T) {
	docs := []string{
		`{"path":"src/main.go","line":120,"ok":true,"tags":["a","b"],"opts":{"depth":-1.5e3,"x":null}}`,
		`{"s":"caf\u00e9 \ud83d\ude00 \"q\" \\ \n","n":0,"f":false,"e":[],"o":{}}`,
		"{\"s\":\"h\xc3\xa9llo \xe4\xb8\x96\xe7\x95\x8c \xf0\x9f\x98\x80\",\"xs\":[[1,2],[3,[4,{\"k\":\"v\"}]]]}",
		`[1, 22, 333, "four", {"five": 5}, [6], true, null]`,
		` { "spaced" : [ 1 , 2 ] , "k" : "v" } `,
	}
	for _, doc := range docs {
		var final any
		if err := json.Unmarshal([]byte(doc), &final); err != nil {
			t.Fatalf("bad doc %q: %v", doc, err)
		}
		var p Partial
		for i := range len(doc) {
			p.Write([]byte(doc[i : i+1]))
			val := p.Value()
			if val == nil {
				continue
			}
			var got any
			if err := json.Unmarshal(val, &got); err != nil {
				t.Fatalf("prefix %q: %q invalid: %v", doc[:i+1], val, err)
			}
			if !contained(got, final) {
				t.Fatalf("prefix %q: %s contradicts the final value", doc[:i+1], val)
			}
		}
		var want any
		_ = json.Unmarshal(p.Value(), &want)
		if !reflect.DeepEqual(want, final) || !p.Done() {
			t.Fatalf("complete doc %q shows %s", doc, p.Value())
		}
	}
}

func contained(part, final any) bool {
	switch f := final.(type) {
	case map[string]any:
		m, ok := part.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range m {
			fv, ok := f[k]
			if !ok || !contained(v, fv) {
				return false
			}
		}
		return true
	case []any:
		a, ok := part.([]any)
		if !ok || len(a) > len(f) {
			return false
		}
		for i := range a {
			if !contained(a[i], f[i]) {
				return false
			}
		}
		return true
	case string:
		s, ok := part.(string)
		return ok && strings.HasPrefix(f, s)
	default:
		return reflect.DeepEqual(part, final)
	}
}

func TestPartialResetAndErr(t *testing.T) {
	var p Partial
	p.Write([]byte(`{"a":1,]`))
	if p.Err() == nil || string(p.Value()) != `{"a":1}` {
		t.Fatalf("err %v value %q", p.Err(), p.Value())
	}
	p.Write([]byte(`more`))
	if string(p.Value()) != `{"a":1}` {
		t.Fatalf("value changed after error: %q", p.Value())
	}
	p.Reset()
	if p.Err() != nil || p.Value() != nil {
		t.Fatal("Reset kept state")
	}
	p.Write([]byte(`["x"`))
	if string(p.Value()) != `["x"]` {
		t.Fatalf("after reset: %q", p.Value())
	}
}

func FuzzPartial(f *testing.F) {
	for _, v := range partialVectors {
		f.Add(v.in, uint8(3))
	}
	f.Fuzz(func(t *testing.T, in string, size uint8) {
		var whole Partial
		whole.Write([]byte(in))
		want := string(whole.Value())
		var parts Partial
		n := int(size%8) + 1
		for s := in; len(s) > 0; {
			k := min(n, len(s))
			parts.Write([]byte(s[:k]))
			if v := parts.Value(); v != nil && !json.Valid(v) {
				t.Fatalf("%q: invalid partial %q", in, v)
			}
			s = s[k:]
		}
		if got := string(parts.Value()); got != want {
			t.Fatalf("%q: chunked %q, whole %q", in, got, want)
		}
		var final any
		if json.Unmarshal([]byte(in), &final) != nil || len(in) > 512 {
			return
		}
		var p Partial
		for i := range len(in) {
			p.Write([]byte(in[i : i+1]))
			var got any
			if v := p.Value(); v != nil && (json.Unmarshal(v, &got) != nil || !contained(got, final)) {
				t.Fatalf("prefix %q shows %q, final %q", in[:i+1], v, in)
			}
		}
	})
}
