package bfcl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/pyliteral"
	"github.com/tooleval/tooleval/replay"
)

// The transcript format the importer writes model results in. Leaderboard
// results are stored decoded (a list of calls) or as the model's text in
// Python call syntax, neither of which is a wire format the parsers read;
// both are re-encoded as `tool_call` blocks, one per call, which keeps
// every call, its name and its arguments (invalid JSON stays invalid).
const resultFormat = "tool_call"

// errUnparsed marks a result kept as plain text because no calls could be
// read from it; the transcript is still written (format auto), so replay
// scores it as a case where the model made no usable call.
var errUnparsed = errors.New("no calls could be read from the result")

// TranscribeResult turns the "result" value of one leaderboard result line
// into a transcript: a list of calls (`[{"fn": "{\"a\":1}"}]`, arguments as
// a JSON string or an object, or `[{"name":…,"arguments":…}]`), or the
// model's text, read as Python calls (`[fn(a=1)]`) or as a JSON list of
// calls. Text that holds no readable calls is kept verbatim with format
// "auto" and the returned error wraps errUnparsed. A nested list (a
// multi-turn result) or any other JSON value is an error.
func TranscribeResult(result json.RawMessage) (replay.Transcript, int, error) {
	t, n, _, err := transcribe(result, nil)
	return t, n, err
}

// transcribe is TranscribeResult that also maps call names back to the
// question's function names (see restoreNames).
func transcribe(result json.RawMessage, names []string) (replay.Transcript, int, int, error) {
	result = bytes.TrimSpace(result)
	if len(result) == 0 {
		return replay.Transcript{}, 0, 0, errors.New("result is missing")
	}
	var calls []rawCall
	switch result[0] {
	case '"':
		var s string
		if err := json.Unmarshal(result, &s); err != nil {
			return replay.Transcript{}, 0, 0, fmt.Errorf("result: %w", err)
		}
		var err error
		calls, err = textCalls(s)
		if err != nil {
			return replay.Transcript{Format: "auto", Text: &s}, 0, 0, err
		}
	case '[':
		var err error
		if calls, err = decodedCalls(result); err != nil {
			return replay.Transcript{}, 0, 0, err
		}
	default:
		return replay.Transcript{}, 0, 0, fmt.Errorf("result is %s, want a string or a list of calls", jsonKind(result))
	}
	renamed := restoreNames(calls, names)
	text := toolCallText(calls)
	return replay.Transcript{Format: resultFormat, Text: &text}, len(calls), renamed, nil
}

// restoreNames maps a call name that is not among the question's function
// names back to the one name whose dots, replaced by underscores, give it
// (function-calling APIs reject dots, so "math.factorial" is sent and
// answered as "math_factorial"). It returns how many calls it renamed.
func restoreNames(calls []rawCall, names []string) int {
	n := 0
	for i := range calls {
		if len(names) == 0 || contains(names, calls[i].name) {
			continue
		}
		match := ""
		for _, f := range names {
			if strings.Contains(f, ".") && strings.ReplaceAll(f, ".", "_") == calls[i].name {
				if match != "" {
					match = ""
					break
				}
				match = f
			}
		}
		if match != "" {
			calls[i].name = match
			n++
		}
	}
	return n
}

// rawCall is a call whose arguments may not be valid JSON.
type rawCall struct {
	name string
	args json.RawMessage // a JSON value; a string holds the model's raw text
}

// textCalls reads calls from a model's text: Python call syntax, or a JSON
// list of calls. Anything else is errUnparsed.
func textCalls(s string) ([]rawCall, error) {
	pcs, err := pyliteral.ParseCalls(s)
	if err == nil {
		calls := make([]rawCall, len(pcs))
		for i, c := range pcs {
			calls[i] = rawCall{c.Name, c.Arguments}
		}
		return calls, nil
	}
	if t := strings.TrimSpace(pyliteral.StripFence(s)); strings.HasPrefix(t, "[{") || strings.HasPrefix(t, "{") {
		if !strings.HasPrefix(t, "[") {
			t = "[" + t + "]"
		}
		if calls, jerr := decodedCalls([]byte(t)); jerr == nil {
			return calls, nil
		}
	}
	return nil, fmt.Errorf("%w: %v", errUnparsed, err)
}

// decodedCalls reads a JSON list of calls.
func decodedCalls(b []byte) ([]rawCall, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(b, &items); err != nil {
		return nil, fmt.Errorf("result: %w", err)
	}
	calls := make([]rawCall, 0, len(items))
	for i, it := range items {
		it = bytes.TrimSpace(it)
		if len(it) > 0 && it[0] == '[' {
			return nil, fmt.Errorf("result[%d] is a list: a multi-turn result, which has no single transcript", i)
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(it, &obj); err != nil || obj == nil {
			return nil, fmt.Errorf("result[%d] is %s, want an object {name: arguments}", i, jsonKind(it))
		}
		if n, ok := obj["name"]; ok && len(obj) <= 3 {
			var name string
			if json.Unmarshal(n, &name) == nil {
				args, ok := obj["arguments"]
				if !ok {
					args = obj["parameters"]
				}
				if args == nil {
					args = json.RawMessage("{}")
				}
				calls = append(calls, rawCall{name, args})
				continue
			}
		}
		if len(obj) != 1 {
			return nil, fmt.Errorf("result[%d] has %d keys, want one {name: arguments}", i, len(obj))
		}
		for name, args := range obj {
			calls = append(calls, rawCall{name, args})
		}
	}
	return calls, nil
}

// toolCallText renders calls as `<tool_call>{"name":…,"arguments":…}</tool_call>`
// blocks. Arguments given as a JSON string are decoded when they hold a JSON
// object and kept as the string otherwise, so a model's broken JSON reaches
// the parser as broken JSON.
func toolCallText(calls []rawCall) string {
	var b bytes.Buffer
	for i, c := range calls {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("<tool_call>\n{\"name\": ")
		b.Write(catalog.AppendJSONString(b.AvailableBuffer(), []byte(c.name)))
		b.WriteString(", \"arguments\": ")
		args := bytes.TrimSpace(c.args)
		if len(args) > 0 && args[0] == '"' {
			var s string
			if json.Unmarshal(args, &s) == nil {
				if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") && json.Valid([]byte(t)) {
					args = []byte(t)
				} else if t == "" {
					args = []byte("{}")
				}
			}
		}
		if len(args) == 0 {
			args = []byte("{}")
		}
		b.Write(args)
		b.WriteString("}\n</tool_call>")
	}
	return b.String()
}

func jsonKind(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "empty"
	}
	switch b[0] {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
