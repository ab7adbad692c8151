package prompt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// params returns the tool's parameters, deriving them from its schema when
// the tool came without Params.
func params(t *toolcall.Tool) []toolcall.Param {
	if len(t.Params) > 0 || len(t.Parameters) == 0 {
		return t.Params
	}
	ps, err := catalog.ParamsOf(t.Parameters)
	if err != nil {
		return nil
	}
	return ps
}

// paramInfo is what the text variants say about one parameter.
type paramInfo struct {
	toolcall.Param
	schema map[string]any
}

func infoOf(p toolcall.Param) paramInfo {
	pi := paramInfo{Param: p}
	if len(p.Schema) > 0 {
		dec := json.NewDecoder(bytes.NewReader(p.Schema))
		dec.UseNumber()
		_ = dec.Decode(&pi.schema) // a non-object schema has no details
	}
	return pi
}

// typeLabel names the parameter's type: "string", "integer or null",
// "array of string", "any".
func (p paramInfo) typeLabel() string {
	if len(p.Types) == 0 {
		return "any"
	}
	parts := make([]string, len(p.Types))
	for i, t := range p.Types {
		parts[i] = t
		if t == "array" {
			if it := itemsType(p.schema); it != "" {
				parts[i] = "array of " + it
			}
		}
	}
	return strings.Join(parts, " or ")
}

func itemsType(s map[string]any) string {
	items, _ := s["items"].(map[string]any)
	switch t := items["type"].(type) {
	case string:
		return t
	case []any:
		var ss []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				ss = append(ss, s)
			}
		}
		return strings.Join(ss, "|")
	}
	return ""
}

// constraints lists what limits the parameter's values, in a fixed order:
// enum, format, ranges, lengths, pattern, item counts, default.
func (p paramInfo) constraints() []string {
	var out []string
	if len(p.Enum) > 0 {
		vals := make([]string, len(p.Enum))
		for i, e := range p.Enum {
			vals[i] = string(e)
		}
		out = append(out, "one of "+strings.Join(vals, ", "))
	}
	s := p.schema
	if f, ok := s["format"].(string); ok {
		out = append(out, "format "+f)
	}
	num := func(key, label string) {
		if v, ok := s[key]; ok {
			out = append(out, fmt.Sprintf("%s %v", label, v))
		}
	}
	num("minimum", ">=")
	num("exclusiveMinimum", ">")
	num("maximum", "<=")
	num("exclusiveMaximum", "<")
	num("multipleOf", "multiple of")
	num("minLength", "min length")
	num("maxLength", "max length")
	if pat, ok := s["pattern"].(string); ok {
		out = append(out, "pattern "+pat)
	}
	num("minItems", "min items")
	num("maxItems", "max items")
	if len(p.Default) > 0 {
		out = append(out, "default "+string(p.Default))
	}
	return out
}

// hints lists the MCP behaviour hints that are stated true, plus
// "not read-only"-style negatives that matter for safety.
func hints(a toolcall.Annotations) []string {
	var out []string
	if a.ReadOnly != nil && *a.ReadOnly {
		out = append(out, "read-only")
	}
	if a.Destructive != nil && *a.Destructive {
		out = append(out, "destructive")
	}
	if a.Idempotent != nil && *a.Idempotent {
		out = append(out, "idempotent")
	}
	if a.OpenWorld != nil && *a.OpenWorld {
		out = append(out, "open-world")
	}
	return out
}

// oneLine folds whitespace runs (newlines included) into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
