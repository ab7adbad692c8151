package bfcl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/pyliteral"
	"github.com/tooleval/tooleval/toolcall"
)

// answer is one line of a possible-answer file, checked and normalised.
type answer struct {
	calls []metrics.GoldCall // the gold calls, [{fn: {param: [allowed…]}}]
	tools []string           // the called functions, de-duplicated, in order
	used  bool
}

// readAnswers reads a possible-answer file: JSON Lines of
// {"id", "ground_truth": [{fn: {param: [allowed values…]}}]}. Ground truths
// written as Python calls (["fn(a=1)"], the executable categories) become
// the same shape, each value the only one allowed.
//
// A malformed line is passed to problem (which returns an error to stop, or
// nil to leave the line out).
func (b *builder) readAnswers(path string, problem func(error) error) (map[string]answer, error) {
	out := map[string]answer{}
	at := map[string]int{}
	err := b.eachLine(path, func(line int, raw []byte) error {
		var a struct {
			ID          string          `json:"id"`
			GroundTruth json.RawMessage `json:"ground_truth"`
		}
		if err := json.Unmarshal(raw, &a); err != nil {
			return problem(&toolcall.FileError{File: path, Line: line, Err: fmt.Errorf("not an answer object: %w", err)})
		}
		fe := func(field string, err error) error {
			return problem(&toolcall.FileError{File: path, Line: line, ID: a.ID, Field: field, Err: err})
		}
		if a.ID == "" {
			return fe("id", errors.New("missing"))
		}
		if first, dup := at[a.ID]; dup {
			return fe("id", fmt.Errorf("duplicate (first at line %d)", first))
		}
		at[a.ID] = line
		if len(a.GroundTruth) == 0 {
			return fe("ground_truth", errors.New("missing"))
		}
		calls, tools, err := groundTruth(a.GroundTruth)
		if err != nil {
			return fe("ground_truth"+err.path, err.err)
		}
		out[a.ID] = answer{calls: calls, tools: tools}
		return nil
	})
	return out, err
}

type fieldError struct {
	path string
	err  error
}

func (e *fieldError) Error() string { return e.path + ": " + e.err.Error() }

func ferr(path string, format string, args ...any) *fieldError {
	return &fieldError{path: path, err: fmt.Errorf(format, args...)}
}

// groundTruth checks a ground_truth value and returns its calls (keys in
// source order) with the function names it calls.
func groundTruth(raw json.RawMessage) ([]metrics.GoldCall, []string, *fieldError) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, nil, ferr("", "want a list of calls: %v", err)
	}
	var out bytes.Buffer
	var tools []string
	out.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			out.WriteByte(',')
		}
		it = bytes.TrimSpace(it)
		if len(it) > 0 && it[0] == '"' {
			// "fn(a=1, b='x')": each value is the only one allowed.
			var s string
			if err := json.Unmarshal(it, &s); err != nil {
				return nil, nil, ferr(fmt.Sprintf("[%d]", i), "%v", err)
			}
			pcs, err := pyliteral.ParseCalls(s)
			if err != nil || len(pcs) != 1 {
				if err == nil {
					err = fmt.Errorf("%d calls in one element", len(pcs))
				}
				return nil, nil, ferr(fmt.Sprintf("[%d]", i), "not a call: %v", err)
			}
			var args orderedObject
			if err := json.Unmarshal(pcs[0].Arguments, &args); err != nil {
				return nil, nil, ferr(fmt.Sprintf("[%d]", i), "%v", err)
			}
			out.WriteByte('{')
			out.Write(catalog.AppendJSONString(out.AvailableBuffer(), []byte(pcs[0].Name)))
			out.WriteByte(':')
			args.write(&out, "[", "]") // each value is the only one allowed
			out.WriteByte('}')
			tools = appendNew(tools, pcs[0].Name)
			continue
		}
		var call orderedObject
		if err := json.Unmarshal(it, &call); err != nil || len(call) != 1 {
			if err == nil {
				err = fmt.Errorf("%d keys", len(call))
			}
			return nil, nil, ferr(fmt.Sprintf("[%d]", i), "want a one-key object {function: {param: [allowed…]}}: %v", err)
		}
		name := call[0].key
		var params orderedObject
		if err := json.Unmarshal(call[0].value, &params); err != nil {
			return nil, nil, ferr(fmt.Sprintf("[%d].%s", i, name), "want an object of parameters: %v", err)
		}
		for _, p := range params {
			if v := bytes.TrimSpace(p.value); len(v) == 0 || v[0] != '[' {
				return nil, nil, ferr(fmt.Sprintf("[%d].%s.%s", i, name, p.key), "want a list of allowed values, got %s", jsonKind(v))
			}
		}
		if err := json.Compact(&out, it); err != nil {
			return nil, nil, ferr(fmt.Sprintf("[%d]", i), "%v", err)
		}
		tools = appendNew(tools, name)
	}
	out.WriteByte(']')
	if tools == nil {
		tools = []string{}
	}
	var written []json.RawMessage
	if err := json.Unmarshal(out.Bytes(), &written); err != nil {
		return nil, nil, ferr("", "%v", err)
	}
	calls := make([]metrics.GoldCall, len(written))
	for i, w := range written {
		if err := json.Unmarshal(w, &calls[i]); err != nil {
			return nil, nil, ferr(fmt.Sprintf("[%d]", i), "%v", err)
		}
	}
	return calls, tools, nil
}

func appendNew(list []string, s string) []string {
	if contains(list, s) {
		return list
	}
	return append(list, s)
}

// orderedObject decodes a JSON object keeping its keys in order.
type orderedObject []struct {
	key   string
	value json.RawMessage
}

// write writes o as a JSON object in its own key order, each value
// between open and close ("[" and "]" make every value a one-element list).
func (o orderedObject) write(b *bytes.Buffer, open, close string) {
	b.WriteByte('{')
	for i, kv := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(catalog.AppendJSONString(b.AvailableBuffer(), []byte(kv.key)))
		b.WriteByte(':')
		b.WriteString(open)
		b.Write(kv.value)
		b.WriteString(close)
	}
	b.WriteByte('}')
}

func (o *orderedObject) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("got %s, want an object", jsonKind(b))
	}
	*o = (*o)[:0]
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		*o = append(*o, struct {
			key   string
			value json.RawMessage
		}{tok.(string), v})
	}
	_, err = dec.Token()
	return err
}

// checkAnswer reports, as warnings (errors with Strict), the answer
// shapes the leaderboard scores but a reader may not expect: an empty
// allowed-values list (no value is right, and leaving the parameter out is
// not either) and a gold parameter the function doc lacks (giving it is an
// unexpected parameter; leaving it out is right only when "" is allowed).
// The entry is imported either way.
func (b *builder) checkAnswer(file string, line int, id string, funcs []json.RawMessage, names []string, gold []metrics.GoldCall) error {
	for i, g := range gold {
		props := docProperties(funcs, names, g.Name)
		for _, p := range g.Params {
			field := fmt.Sprintf("ground_truth[%d].%s.%s", i, g.Name, p.Name)
			if len(p.Allowed) == 0 {
				if err := b.entry(&toolcall.FileError{File: file, Line: line, ID: id, Field: field,
					Err: errors.New("empty list of allowed values: no answer can pass (imported as the leaderboard scores it)")}); err != nil {
					return err
				}
			}
			if props != nil && !props[p.Name] {
				if err := b.entry(&toolcall.FileError{File: file, Line: line, ID: id, Field: field,
					Err: fmt.Errorf("the function doc of %s has no parameter %q (imported as the leaderboard scores it)", g.Name, p.Name)}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// funcDoc is the part of a leaderboard function doc the checker reads.
type funcDoc struct {
	Parameters struct {
		Required   []string `json:"required"`
		Properties map[string]struct {
			Type  any `json:"type"`
			Items *struct {
				Type any `json:"type"`
			} `json:"items"`
		} `json:"properties"`
	} `json:"parameters"`
}

func findDoc(funcs []json.RawMessage, names []string, name string) *funcDoc {
	for i, n := range names {
		if n == name {
			var d funcDoc
			if json.Unmarshal(funcs[i], &d) != nil {
				return nil
			}
			return &d
		}
	}
	return nil
}

// docProperties is the set of parameters a function doc declares (nil when
// the doc is not found).
func docProperties(funcs []json.RawMessage, names []string, name string) map[string]bool {
	d := findDoc(funcs, names, name)
	if d == nil {
		return nil
	}
	out := map[string]bool{}
	for p := range d.Parameters.Properties {
		out[p] = true
	}
	return out
}

// paramTypes records the leaderboard type of every parameter of the gold
// functions ("array<float>" for typed elements), which the catalog's
// normalised schemas do not keep.
func paramTypes(funcs []json.RawMessage, names, gold []string) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, fn := range gold {
		d := findDoc(funcs, names, fn)
		if d == nil {
			continue
		}
		m := map[string]string{}
		for p, spec := range d.Parameters.Properties {
			t, _ := spec.Type.(string)
			if spec.Items != nil {
				if it, ok := spec.Items.Type.(string); ok && it != "" {
					t += "<" + it + ">"
				}
			}
			if t != "" {
				m[p] = t
			}
		}
		if len(m) > 0 {
			out[fn] = m
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// undocumentedRequired returns, per gold function, the doc's required list
// when it names a parameter the doc's properties lack (the catalog keeps
// only declared parameters; the leaderboard requires every listed name).
func undocumentedRequired(funcs []json.RawMessage, names, gold []string) map[string][]string {
	var out map[string][]string
	for _, fn := range gold {
		d := findDoc(funcs, names, fn)
		if d == nil {
			continue
		}
		for _, r := range d.Parameters.Required {
			if _, declared := d.Parameters.Properties[r]; !declared {
				if out == nil {
					out = map[string][]string{}
				}
				out[fn] = d.Parameters.Required
				break
			}
		}
	}
	return out
}
