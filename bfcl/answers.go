package bfcl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/pyliteral"
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
func readAnswers(path string) (map[string]answer, error) {
	out := map[string]answer{}
	at := map[string]int{}
	err := eachLine(path, func(line int, raw []byte) error {
		var a struct {
			ID          string          `json:"id"`
			GroundTruth json.RawMessage `json:"ground_truth"`
		}
		if err := json.Unmarshal(raw, &a); err != nil {
			return &FileError{File: path, Line: line, Err: fmt.Errorf("not an answer object: %w", err)}
		}
		fe := func(field string, err error) error {
			return &FileError{File: path, Line: line, ID: a.ID, Field: field, Err: err}
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
			out.WriteString(":{")
			for j, kv := range args {
				if j > 0 {
					out.WriteByte(',')
				}
				out.Write(catalog.AppendJSONString(out.AvailableBuffer(), []byte(kv.key)))
				out.WriteString(":[")
				out.Write(kv.value)
				out.WriteByte(']')
			}
			out.WriteString("}}")
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
