package jsonschema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	reference "github.com/santhosh-tekuri/jsonschema/v6"
)

// FuzzDifferential checks this validator against a complete general-purpose
// implementation (santhosh-tekuri/jsonschema, draft 2020-12; a test-only
// dependency, never linked into tooleval): whenever both compile a schema,
// they agree on whether an instance is valid.
func FuzzDifferential(f *testing.F) {
	for _, c := range validateCases {
		f.Add(c.schema, c.inst)
	}
	// Real tool schemas from the test catalogs, with an empty and a
	// mistyped argument object.
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "catalogs", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, s := range schemasIn(data) {
			f.Add(s, `{}`)
			f.Add(s, `{"path":1,"query":null,"limit":"x","items":[1,{}]}`)
		}
	}
	f.Fuzz(func(t *testing.T, schemaSrc, instSrc string) {
		if len(schemaSrc)+len(instSrc) > 4096 || hugeExponent(schemaSrc) || hugeExponent(instSrc) {
			return // the reference takes such numbers exactly, which is slow
		}
		doc, err := Decode([]byte(schemaSrc))
		if err != nil {
			return
		}
		inst, err := Decode([]byte(instSrc))
		if err != nil {
			return
		}
		ours, err := Compile(doc)
		if err != nil {
			return
		}
		refDoc, err := reference.UnmarshalJSON(strings.NewReader(schemaSrc))
		if err != nil {
			return
		}
		refInst, _ := reference.UnmarshalJSON(strings.NewReader(instSrc))
		c := reference.NewCompiler()
		c.DefaultDraft(reference.Draft2020)
		if err := c.AddResource("mem:///s.json", refDoc); err != nil {
			return
		}
		theirs, err := c.Compile("mem:///s.json")
		if err != nil {
			return
		}
		refErr := theirs.Validate(refInst)
		errs := ours.Validate(inst)
		if (refErr == nil) != (len(errs) == 0) {
			if refErr != nil && strings.Contains(refErr.Error(), "infinite loop") {
				return
			}
			t.Fatalf("schema %s\ninstance %s\nreference: %v\nours: %s", schemaSrc, instSrc, refErr, summary(errs))
		}
	})
}

// hugeExponent reports a number written with an exponent of four or more
// digits.
func hugeExponent(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != 'e' && s[i] != 'E' {
			continue
		}
		j := i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		k := j
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k-j >= 4 {
			return true
		}
	}
	return false
}

// schemasIn returns every "parameters", "input_schema" and "inputSchema"
// object of a catalog file, as JSON text.
func schemasIn(data []byte) []string {
	doc, err := Decode(data)
	if err != nil {
		return nil
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, sub := range x {
				if k == "parameters" || k == "input_schema" || k == "inputSchema" {
					if m, ok := sub.(map[string]any); ok {
						if b, err := json.Marshal(m); err == nil {
							out = append(out, string(b))
						}
						continue
					}
				}
				walk(sub)
			}
		case []any:
			for _, sub := range x {
				walk(sub)
			}
		}
	}
	walk(doc)
	return out
}
