package repair

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/toolcall"
)

// coerceValue converts v to a type types allows, losslessly, or reports
// false: a string holding a JSON integer or number, a string "true" or
// "false" (any case), a one-element array unwrapped, a scalar wrapped in a
// one-element array. A value that already fits is left alone.
func coerceValue(v json.RawMessage, types []string) (json.RawMessage, bool) {
	k := metrics.JSONKind(v)
	if allows(types, k) {
		return nil, false
	}
	switch k {
	case "string":
		var s string
		if json.Unmarshal(v, &s) != nil {
			return nil, false
		}
		t := strings.TrimSpace(s)
		if (allows(types, "integer") || allows(types, "number")) && t != "" && json.Valid([]byte(t)) {
			if nk := metrics.JSONKind(json.RawMessage(t)); (nk == "integer" || nk == "number") && allows(types, nk) {
				return json.RawMessage(t), true
			}
		}
		if allows(types, "boolean") {
			if b, err := strconv.ParseBool(strings.ToLower(t)); err == nil && (strings.EqualFold(t, "true") || strings.EqualFold(t, "false")) {
				return json.RawMessage(strconv.FormatBool(b)), true
			}
		}
	case "array":
		var xs []json.RawMessage
		if json.Unmarshal(v, &xs) == nil && len(xs) == 1 && allows(types, metrics.JSONKind(xs[0])) {
			return xs[0], true
		}
	}
	if k != "array" && k != "null" && allows(types, "array") {
		return json.RawMessage("[" + string(v) + "]"), true
	}
	return nil, false
}

// rewrite changes a known tool's arguments member by member: edit returns
// the member's new value and whether to keep it. It reports false when the
// call's tool is unknown, its arguments do not decode, or nothing changed.
func rewrite(cat Catalog, call toolcall.Call, edit func(tool *toolcall.Tool, problems map[string][]toolcall.Code, m member) (json.RawMessage, bool, bool)) (toolcall.Call, bool) {
	tool, ok := cat.Lookup(call.Name)
	if !ok {
		return call, false
	}
	ms, err := members(call.Arguments)
	if err != nil {
		return call, false
	}
	problems := map[string][]toolcall.Code{}
	for _, p := range cat.Check(call) {
		if name := catalog.TopParam(p.Path); name != "" {
			problems[name] = append(problems[name], p.Code)
		}
	}
	changed := false
	out := ms[:0:0]
	for _, m := range ms {
		v, keep, ch := edit(tool, problems, m)
		changed = changed || ch
		if keep {
			out = append(out, member{m.key, v})
		}
	}
	if !changed {
		return call, false
	}
	call.Arguments = object(out)
	return call, true
}

// coerceCall applies coerce to every top-level argument of a known
// parameter.
func coerceCall(cat Catalog, call toolcall.Call) (toolcall.Call, bool) {
	return rewrite(cat, call, func(tool *toolcall.Tool, _ map[string][]toolcall.Code, m member) (json.RawMessage, bool, bool) {
		p := tool.Param(m.key)
		if p == nil {
			return m.value, true, false
		}
		if v, ok := coerceValue(m.value, catalog.ParamTypes(p)); ok {
			return v, true, true
		}
		return m.value, true, false
	})
}

// dropUnknownCall removes the arguments the catalog's checker reports as
// unexpected_param.
func dropUnknownCall(cat Catalog, call toolcall.Call) (toolcall.Call, bool) {
	return rewrite(cat, call, func(tool *toolcall.Tool, problems map[string][]toolcall.Code, m member) (json.RawMessage, bool, bool) {
		if tool.Param(m.key) == nil && hasCode(problems[m.key], toolcall.CodeUnexpectedParam) {
			return nil, false, true
		}
		return m.value, true, false
	})
}

// dropOptionalCall leaves out the optional arguments that are null, "" or
// rejected by the catalog's checker.
func dropOptionalCall(cat Catalog, call toolcall.Call) (toolcall.Call, bool) {
	return rewrite(cat, call, func(tool *toolcall.Tool, problems map[string][]toolcall.Code, m member) (json.RawMessage, bool, bool) {
		p := tool.Param(m.key)
		if p == nil || p.Required {
			return m.value, true, false
		}
		empty := string(m.value) == "null" || string(m.value) == `""`
		if empty || len(problems[m.key]) > 0 {
			return nil, false, true
		}
		return m.value, true, false
	})
}

func hasCode(cs []toolcall.Code, c toolcall.Code) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}
