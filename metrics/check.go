package metrics

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

// Problem is one failed check.
type Problem struct {
	Code toolcall.Code `json:"code"`
	// Call is the index of the output call it concerns, or -1.
	Call int `json:"call"`
	// Gold is the index of the gold call it was compared with, or -1.
	Gold int `json:"gold"`
	// Param is the parameter concerned, if any.
	Param   string `json:"param,omitempty"`
	Message string `json:"message"`
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(string(p.Code))
	if p.Param != "" {
		b.WriteString(" ")
		b.WriteString(p.Param)
	}
	b.WriteString(": ")
	b.WriteString(p.Message)
	return b.String()
}

// Schema checks calls against their tools' schemas; *catalog.Catalog is
// the implementation (the one checker parsers and metrics share).
type Schema interface {
	Lookup(name string) (*toolcall.Tool, bool)
	Check(call toolcall.Call) []catalog.Problem
}

var _ Schema = (*catalog.Catalog)(nil)

// CheckCall checks one call against one gold call in the leaderboard's
// order and returns every problem found, first-failing class first. The
// schema checks (missing_required, unexpected_param, type_error) come from
// schema.Check; the gold answer adds unexpected_param for parameters it
// lacks, value_error and missing_optional. schema may be nil (no schema
// checks), and a tool the schema does not know skips them too. An empty
// result means the call matches.
func CheckCall(schema Schema, call toolcall.Call, gold *GoldCall) []Problem {
	return (*Match)(nil).CheckCall(schema, call, gold)
}

// CheckCall is CheckCall under m's argument and string modes: a tool or
// parameter in ArgsIgnore is not checked (schema checks included), a tool
// in ArgsSubset may be given parameters its gold answer lacks (those the
// schema lacks are still unexpected_param), and values compare under their
// parameter's rule (see Match).
func (m *Match) CheckCall(schema Schema, call toolcall.Call, gold *GoldCall) []Problem {
	var out []Problem
	add := func(code toolcall.Code, param, format string, args ...any) {
		out = append(out, Problem{Code: code, Call: call.Index, Gold: -1, Param: param, Message: fmt.Sprintf(format, args...)})
	}
	if call.Name != gold.Name {
		add(toolcall.CodeWrongFuncName, "", "called %q, expected %q", call.Name, gold.Name)
		return out
	}
	toolMode := m.toolArgs(gold.Name)
	if toolMode == ArgsIgnore {
		return nil
	}
	ignored := func(param string) bool { return param != "" && m.rule(gold.Name, param).args == ArgsIgnore }
	args, names, err := decodeArgs(call.Arguments)
	if err != nil {
		add(toolcall.CodeInvalidJSON, "", "arguments are not a JSON object: %v", err)
		return out
	}
	// Parameters the schema already faulted are not compared with the gold
	// values.
	faulted := map[string]bool{}
	if schema != nil {
		if _, known := schema.Lookup(call.Name); known {
			for _, p := range schema.Check(call) {
				param := catalog.TopParam(p.Path)
				if ignored(param) {
					continue
				}
				switch p.Code {
				case toolcall.CodeMissingRequired:
					if nested(p.Path, param) {
						// a nested required member: the value is wrong
						add(toolcall.CodeValueError, param, "%s: %s", p.Path, p.Message)
					} else {
						add(toolcall.CodeMissingRequired, param, "%s", p.Message)
					}
				case toolcall.CodeUnexpectedParam:
					if nested(p.Path, param) {
						add(toolcall.CodeValueError, param, "%s: %s", p.Path, p.Message)
					} else {
						add(toolcall.CodeUnexpectedParam, param, "%s", p.Message)
					}
				case toolcall.CodeTypeError:
					add(toolcall.CodeTypeError, param, "%s: %s", p.Path, p.Message)
				default:
					// enum and other schema violations: the gold values
					// decide whether the value is right.
					continue
				}
				faulted[param] = true
			}
		}
	}
	for _, name := range names {
		if faulted[name] || ignored(name) {
			continue
		}
		gp := gold.Param(name)
		if gp == nil {
			if toolMode != ArgsSubset {
				add(toolcall.CodeUnexpectedParam, name, "parameter %q is not in the gold answer", name)
			}
			continue
		}
		if v := args[name]; !m.rule(gold.Name, name).allowed(v, gp.Allowed) {
			add(toolcall.CodeValueError, name, "value %s is not among the allowed values %s", short(v), ShortList(gp.Allowed))
		}
	}
	for _, gp := range gold.Params {
		if _, ok := args[gp.Name]; ok || gp.Optional() || faulted[gp.Name] || ignored(gp.Name) {
			continue
		}
		add(toolcall.CodeMissingOptional, gp.Name, "parameter %q is missing (the gold answer needs it)", gp.Name)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Code.Rank() < out[j].Code.Rank() })
	return out
}

// nested reports whether path points below its top-level parameter param
// (a problem inside an object or array value).
func nested(path, param string) bool {
	if param == "" {
		return false
	}
	q, _ := json.Marshal(param)
	return path != "$."+param && path != "$["+string(q)+"]"
}

// decodeArgs parses a call's arguments object, keeping values raw, and
// returns its keys sorted.
func decodeArgs(raw json.RawMessage) (map[string]json.RawMessage, []string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return map[string]json.RawMessage{}, nil, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, nil, err
	}
	if m == nil {
		return nil, nil, fmt.Errorf("arguments are null")
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return m, names, nil
}

func short(v json.RawMessage) string {
	s := string(bytes.TrimSpace(v))
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// ShortList renders allowed values for a message: their JSON, cut to 80
// bytes.
func ShortList(vs []json.RawMessage) string {
	b, _ := json.Marshal(vs)
	s := string(b)
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
