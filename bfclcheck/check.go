package bfclcheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/tooleval/tooleval/metrics"
	py "github.com/tooleval/tooleval/pyliteral"
	"github.com/tooleval/tooleval/toolcall"
)

// CheckCallsWith checks calls under rules: tooleval's own checker
// (CheckCalls) when rules is nil or names no checker, the leaderboard's
// (Check) for "bfcl".
func CheckCallsWith(schema metrics.Schema, got []toolcall.Call, gold []metrics.GoldCall, broken []metrics.Broken, rules *Rules) metrics.CallsResult {
	if rules == nil || rules.Checker == "" {
		return metrics.CheckCalls(schema, got, gold, broken)
	}
	return Check(schema, got, gold, broken, rules)
}

// Check gives the Berkeley Function Calling Leaderboard's verdict on
// one model output, following its checker's code:
//
//   - Decoding is all or nothing: a call the parser could not complete
//     (broken JSON arguments, a cut stream) means the output did not
//     decode. That passes an irrelevance case, fails every other.
//   - Irrelevance categories pass when no call decodes; "relevance" passes
//     when at least one does; nothing else is checked.
//   - The number of calls must equal the gold answer's (exactly one for
//     simple categories); "parallel" categories match each gold call, in
//     order, with the first unused output call that passes (see
//     DocumentedAnyOrder); "multiple" checks the first call only. A
//     multi-turn step (category "multi_turn…", which the leaderboard checks
//     by execution, not call by call) matches its gold calls in order.
//   - A call is checked against its gold call's function doc: the name
//     (dots turned into underscores for UnderscoreNames), the doc's
//     required parameters, then each given parameter in order — known to
//     the doc and to the answer, its type (Python types: 4.0 is not an
//     integer, an int is accepted for a float, list elements are
//     type-checked one level deep, a value typed like the allowed answers
//     instead of the doc passes the type check and is then compared
//     exactly — the "variable" rule; Java and JavaScript values are source
//     text converted by the declared type first), its value (strings
//     standardised with Python's lowercasing, lists element by element,
//     dicts key by key, anything else by Python equality) — and finally
//     the answer's parameters that are not optional ("" not allowed).
//
// The first failure decides; Problems holds it (one per failing gold call
// for parallel answers).
func Check(schema metrics.Schema, got []toolcall.Call, gold []metrics.GoldCall, broken []metrics.Broken, rules *Rules) metrics.CallsResult {
	r := metrics.CallsResult{Abstention: len(gold) == 0 && !rules.isRelevance()}
	r.Matches = make([]int, len(gold))
	for i := range r.Matches {
		r.Matches[i] = -1
	}
	r.SelectionOK = bfclSelection(got, gold, broken, rules)
	fail := func(code toolcall.Code, call, g int, format string, args ...any) {
		r.Problems = append(r.Problems, metrics.Problem{Code: code, Call: call, Gold: g, Message: fmt.Sprintf(format, args...)})
		if r.Code == "" {
			r.Code = code
		}
	}
	// Decoding: every call's arguments must be a JSON object.
	decoded := len(broken) == 0
	var brokenCode toolcall.Code
	var brokenMsg string
	if !decoded {
		brokenCode, brokenMsg = broken[0].Code, broken[0].Message
	}
	args := make([]orderedArgs, len(got))
	for j, c := range got {
		a, err := decodeOrdered(c.Arguments)
		if err != nil {
			if decoded {
				brokenCode, brokenMsg = toolcall.CodeInvalidJSON, fmt.Sprintf("call %d (%s): %v", c.Index, c.Name, err)
			}
			decoded = false
			continue
		}
		args[j] = a
	}
	switch {
	case rules.isIrrelevance() || len(gold) == 0 && !rules.isRelevance():
		if decoded && len(got) > 0 {
			fail(toolcall.CodeWrongCount, got[0].Index, -1, "%d call(s) decoded but the right answer is no call", len(got))
		}
		r.Correct = len(r.Problems) == 0
		return r
	case rules.isRelevance():
		switch {
		case !decoded:
			fail(brokenCode, -1, -1, "the output did not decode, a call was expected: %s", brokenMsg)
		case len(got) == 0:
			fail(toolcall.CodeWrongCount, -1, -1, "no call was made, a call was expected")
		}
		r.Correct = len(r.Problems) == 0
		return r
	case !decoded:
		fail(brokenCode, -1, -1, "the output did not decode: %s", brokenMsg)
		return r
	}
	// A multi-turn step's calls are a sequence: the leaderboard checks
	// multi-turn entries by executing them, so the closest call-level rule
	// is every gold call in order.
	sequence := strings.HasPrefix(rules.Category, "multi_turn")
	parallel := !sequence && (strings.Contains(rules.Category, "parallel") || rules.Category == "" && len(gold) > 1)
	multiple := !parallel && !sequence && strings.Contains(rules.Category, "multiple")
	want := len(gold)
	if !parallel && !multiple && !sequence {
		want = 1
	}
	if len(got) != want {
		fail(toolcall.CodeWrongCount, -1, -1, "%d call(s), expected %d", len(got), len(gold))
		return r
	}
	check := func(i, j int) *metrics.Problem {
		p := checkBFCLCall(schema, got[j], args[j], &gold[i], rules)
		if p != nil {
			p.Call, p.Gold = got[j].Index, i
		}
		return p
	}
	if !parallel {
		n := 1 // simple and multiple: the first call
		if sequence {
			n = len(gold)
		}
		for i := 0; i < n; i++ {
			r.Matches[i] = i
			p := check(i, i)
			if p == nil || p.Code != toolcall.CodeWrongFuncName {
				r.ToolCalls++
			}
			if p == nil {
				continue
			}
			if p.Code != toolcall.CodeWrongFuncName {
				r.WrongArgCalls++
			}
			r.Problems = append(r.Problems, *p)
			if r.Code == "" {
				r.Code = p.Code
			}
		}
		r.Correct = len(r.Problems) == 0
		return r
	}
	// Parallel: check every pair once.
	pairs := make([][]*metrics.Problem, len(gold))
	for i := range gold {
		pairs[i] = make([]*metrics.Problem, len(got))
		for j := range got {
			pairs[i][j] = check(i, j)
		}
	}
	if rules.documented(DocumentedAnyOrder) {
		scores := make([][][]metrics.Problem, len(gold))
		for i := range gold {
			scores[i] = make([][]metrics.Problem, len(got))
			for j := range got {
				if p := pairs[i][j]; p != nil {
					scores[i][j] = []metrics.Problem{*p}
				}
			}
		}
		r.Matches = metrics.Assign(gold, got, scores)
	} else {
		used := make([]bool, len(got))
		for i := range gold {
			for j := range got {
				if !used[j] && pairs[i][j] == nil {
					used[j] = true
					r.Matches[i] = j
					break
				}
			}
		}
	}
	used := make([]bool, len(got))
	for _, j := range r.Matches {
		if j >= 0 {
			used[j] = true
		}
	}
	for i, j := range r.Matches {
		if j < 0 {
			// The leaderboard stops at the first gold call with no match;
			// report it with the problem of the unused output call in the
			// same position, or else the closest one.
			var best *metrics.Problem
			if i < len(got) && !used[i] {
				best = pairs[i][i]
			} else {
				best = closest(pairs[i])
			}
			if best != nil {
				r.Problems = append(r.Problems, *best)
				if r.Code == "" {
					r.Code = best.Code
				}
			}
			fail(toolcall.CodeWrongCount, -1, i, "no output call matches gold call %d (%s)", i, gold[i].Name)
			// a count mismatch is not the class when a pair's check failed
			if best != nil {
				r.Code = best.Code
			}
			break
		}
		r.ToolCalls++
		if pairs[i][j] != nil {
			r.WrongArgCalls++
		}
	}
	r.Correct = len(r.Problems) == 0
	return r
}

// closest picks the output call whose check got furthest for a gold call.
func closest(ps []*metrics.Problem) *metrics.Problem {
	var best *metrics.Problem
	for _, p := range ps {
		if p == nil {
			continue
		}
		if best == nil || best.Code == toolcall.CodeWrongFuncName && p.Code != toolcall.CodeWrongFuncName ||
			p.Code != toolcall.CodeWrongFuncName && p.Code.Rank() > best.Code.Rank() {
			best = p
		}
	}
	return best
}

// bfclSelection reports whether the tools called are the gold tools, as
// many times each, with the model's name mapping applied.
func bfclSelection(got []toolcall.Call, gold []metrics.GoldCall, broken []metrics.Broken, rules *Rules) bool {
	var want, have []string
	for _, g := range gold {
		want = append(want, rules.expectedName(g.Name))
	}
	for _, c := range got {
		have = append(have, c.Name)
	}
	for _, b := range broken {
		have = append(have, b.Name)
	}
	slices.Sort(want)
	slices.Sort(have)
	return slices.Equal(want, have)
}

// expectedName is the name a model is expected to call gold function name
// by.
func (r *Rules) expectedName(name string) string {
	if r.UnderscoreNames && strings.Contains(name, ".") {
		return strings.ReplaceAll(name, ".", "_")
	}
	return name
}

// orderedArgs is a call's arguments in source order.
type orderedArgs struct {
	names []string
	vals  []py.Object
}

func (a orderedArgs) has(name string) bool { return slices.Contains(a.names, name) }

// decodeOrdered decodes a call's arguments, which must be a JSON object;
// a repeated key keeps its last value (json.loads).
func decodeOrdered(raw json.RawMessage) (orderedArgs, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return orderedArgs{}, nil
	}
	v, err := py.DecodeJSON(raw)
	if err != nil {
		return orderedArgs{}, err
	}
	if v.Kind != py.KindDict {
		return orderedArgs{}, fmt.Errorf("arguments are a JSON %s, not an object", v.Kind)
	}
	out := orderedArgs{names: make([]string, len(v.Keys)), vals: v.Items}
	for i, k := range v.Keys {
		out.names[i] = k.Str
	}
	return out, nil
}

// checkBFCLCall is the leaderboard's simple_function_checker: the first
// failure, or nil.
func checkBFCLCall(schema metrics.Schema, call toolcall.Call, args orderedArgs, g *metrics.GoldCall, rules *Rules) *metrics.Problem {
	pf := func(code toolcall.Code, param, format string, a ...any) *metrics.Problem {
		return &metrics.Problem{Code: code, Param: param, Message: fmt.Sprintf(format, a...)}
	}
	if want := rules.expectedName(g.Name); call.Name != want {
		return pf(toolcall.CodeWrongFuncName, "", "function name %q not found in the output (called %q)", want, call.Name)
	}
	var tool *toolcall.Tool
	if schema != nil {
		tool, _ = schema.Lookup(g.Name)
	}
	if req, ok := rules.Required[g.Name]; ok {
		for _, name := range req {
			if !args.has(name) {
				return pf(toolcall.CodeMissingRequired, name, "missing required parameter %q", name)
			}
		}
	} else if tool != nil {
		for _, p := range tool.Params {
			if p.Required && !args.has(p.Name) {
				return pf(toolcall.CodeMissingRequired, p.Name, "missing required parameter %q", p.Name)
			}
		}
	}
	lang := rules.Lang()
	for ai, name := range args.names {
		value := args.vals[ai]
		gp := g.Param(name)
		var tp *toolcall.Param
		if tool != nil {
			tp = tool.Param(name)
		}
		if tool != nil && tp == nil || gp == nil {
			return pf(toolcall.CodeUnexpectedParam, name, "unexpected parameter %q", name)
		}
		allowed, err := pyAllowed(gp)
		if err != nil {
			return pf(toolcall.CodeValueError, name, "allowed values of %q: %v", name, err)
		}
		var schemaRaw json.RawMessage
		if tp != nil {
			schemaRaw = tp.Schema
		}
		typ, items := rules.paramType(g.Name, name, schemaRaw)
		expected, nested := noKind, noKind
		switch lang {
		case "java", "javascript":
			table, convert := javaTypes, func(s string) (py.Object, bool) { return convertJava(s, typ, items), true }
			if lang == "javascript" {
				table, convert = jsTypes, func(s string) (py.Object, bool) { return convertJS(s, typ, items) }
			}
			k, known := table[typ]
			if !known {
				break // the leaderboard has no conversion for it; compared as given
			}
			if value.Kind != py.KindStr {
				return pf(toolcall.CodeTypeError, name, "incorrect type for parameter %q: expected String (source text), got %s %s", name, value.Kind, value.Short())
			}
			expected = k
			if typ == "Array" || typ == "ArrayList" || typ == "array" {
				if nk, ok := table[items]; ok {
					nested = nk
				}
			}
			if v, ok := convert(value.Str); ok {
				value = v
			}
		default:
			if k, ok := pythonTypes[typ]; ok {
				expected = k
				if typ == "array" || typ == "tuple" {
					if nk, ok := pythonTypes[items]; ok {
						nested = nk
					}
				}
			}
			if typ == "tuple" && value.Kind == py.KindTuple {
				value.Kind = py.KindList
			}
			if typ == "float" && value.Kind == py.KindInt {
				f, _ := new(big.Float).SetInt(value.Int).Float64()
				value = py.Object{Kind: py.KindFloat, Float: f}
			}
		}
		isVar := false
		if expected != noKind {
			ok, v := typeCheck(value, allowed, expected, nested)
			if !ok {
				if nested != noKind && value.Kind == expected {
					return pf(toolcall.CodeTypeError, name, "nested type check failed for parameter %q: expected %s of %s, got %s", name, expected, nested, value.Short())
				}
				return pf(toolcall.CodeTypeError, name, "incorrect type for parameter %q: expected %s, got %s %s", name, typ, value.Kind, value.Short())
			}
			isVar = v
		}
		if !isVar && expected != noKind {
			var ok bool
			handled := true
			switch {
			case expected == py.KindDict:
				ok = dictCheck(value, allowed, rules)
			case expected == py.KindList && nested == py.KindDict:
				ok = listDictCheck(value, allowed, rules)
			case expected == py.KindStr:
				ok = stringCheck(value, allowed)
			case expected == py.KindList:
				ok = listCheck(value, allowed, rules)
			default:
				handled = false
			}
			if handled {
				if !ok {
					return pf(toolcall.CodeValueError, name, "invalid value for parameter %q: %s is not among the allowed values %s", name, value.Short(), metrics.ShortList(gp.Allowed))
				}
				continue
			}
		}
		if !py.In(value, allowed) {
			return pf(toolcall.CodeValueError, name, "invalid value for parameter %q: %s is not among the allowed values %s", name, value.Short(), metrics.ShortList(gp.Allowed))
		}
	}
	for _, gp := range g.Params {
		if !args.has(gp.Name) && !gp.Optional() {
			return pf(toolcall.CodeMissingOptional, gp.Name, "optional parameter %q not provided and not marked as optional", gp.Name)
		}
	}
	return nil
}
