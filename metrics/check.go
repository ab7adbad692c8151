package metrics

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// Code is the class of a call-check failure. The leaderboard's classes are
// listed in the order the checker tries them; a call's first failing check
// is its class.
type Code string

// The failure classes, in checking order.
const (
	// CodeInvalidJSON and CodeIncompleteCall come from the parser: a call
	// whose arguments were not valid JSON, or a stream that ended inside a
	// call.
	CodeInvalidJSON    Code = "invalid_json"
	CodeIncompleteCall Code = "incomplete_call"
	// CodeWrongCount: the output has a different number of calls than the
	// gold answer (including any call when no call is right).
	CodeWrongCount Code = "wrong_count"
	// CodeWrongFuncName: a call names another tool than the gold call.
	CodeWrongFuncName Code = "wrong_func_name"
	// CodeMissingRequired: a parameter the tool's schema requires is absent.
	CodeMissingRequired Code = "missing_required"
	// CodeUnexpectedParam: a parameter the tool or the gold answer does not
	// have.
	CodeUnexpectedParam Code = "unexpected_param"
	// CodeTypeError: a value of the wrong JSON type for the schema (an
	// integer is accepted for a number).
	CodeTypeError Code = "type_error"
	// CodeValueError: a value not among the allowed ones.
	CodeValueError Code = "value_error"
	// CodeMissingOptional: a parameter the gold answer needs (no "" among
	// its values) but the schema does not require is absent.
	CodeMissingOptional Code = "missing_optional"
)

// Codes lists every class in checking order.
var Codes = []Code{
	CodeInvalidJSON, CodeIncompleteCall, CodeWrongCount, CodeWrongFuncName, CodeMissingRequired,
	CodeUnexpectedParam, CodeTypeError, CodeValueError, CodeMissingOptional,
}

// Rank is the position of c in the checking order (unknown codes last).
func (c Code) Rank() int {
	for i, k := range Codes {
		if k == c {
			return i
		}
	}
	return len(Codes)
}

// IsArgument reports whether c is about a call's arguments (rather than
// which tool was called or how many calls were made).
func (c Code) IsArgument() bool {
	switch c {
	case CodeMissingRequired, CodeUnexpectedParam, CodeTypeError, CodeValueError,
		CodeMissingOptional, CodeInvalidJSON, CodeIncompleteCall:
		return true
	}
	return false
}

// Problem is one failed check.
type Problem struct {
	Code Code `json:"code"`
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

// CheckCall checks one call against one gold call in the leaderboard's
// order and returns every problem found, first-failing class first. tool is
// the called tool's definition (nil when unknown: the schema checks are
// then skipped). An empty result means the call matches.
func CheckCall(tool *toolcall.Tool, call toolcall.Call, gold *GoldCall) []Problem {
	var out []Problem
	add := func(code Code, param, format string, args ...any) {
		out = append(out, Problem{Code: code, Call: call.Index, Gold: -1, Param: param, Message: fmt.Sprintf(format, args...)})
	}
	if call.Name != gold.Name {
		add(CodeWrongFuncName, "", "called %q, expected %q", call.Name, gold.Name)
		return out
	}
	args, names, err := decodeArgs(call.Arguments)
	if err != nil {
		add(CodeInvalidJSON, "", "arguments are not a JSON object: %v", err)
		return out
	}
	if tool != nil {
		for _, p := range tool.Params {
			if p.Required {
				if _, ok := args[p.Name]; !ok {
					add(CodeMissingRequired, p.Name, "required parameter %q is missing", p.Name)
				}
			}
		}
	}
	for _, name := range names {
		v := args[name]
		var tp *toolcall.Param
		if tool != nil {
			tp = tool.Param(name)
			if tp == nil {
				add(CodeUnexpectedParam, name, "tool %q has no parameter %q", tool.Name, name)
				continue
			}
		}
		gp := gold.Param(name)
		if gp == nil {
			add(CodeUnexpectedParam, name, "parameter %q is not in the gold answer", name)
			continue
		}
		if tp != nil {
			if want, ok := typeOK(tp, v); !ok {
				add(CodeTypeError, name, "value %s is not of type %s", short(v), want)
				continue
			}
		}
		if !allowedMatch(v, gp.Allowed) {
			add(CodeValueError, name, "value %s is not among the allowed values %s", short(v), shortList(gp.Allowed))
		}
	}
	for _, gp := range gold.Params {
		if _, ok := args[gp.Name]; ok || gp.Optional() {
			continue
		}
		if tool != nil {
			if tp := tool.Param(gp.Name); tp != nil && tp.Required {
				continue // already reported as missing_required
			}
		}
		add(CodeMissingOptional, gp.Name, "parameter %q is missing (the gold answer needs it)", gp.Name)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Code.Rank() < out[j].Code.Rank() })
	return out
}

// decodeArgs parses a call's arguments object, keeping numbers as written
// and the key order.
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

func shortList(vs []json.RawMessage) string {
	b, _ := json.Marshal(vs)
	s := string(b)
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
