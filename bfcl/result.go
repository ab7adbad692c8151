package bfcl

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/suite"
)

// The transcript format the importer writes model results in. Leaderboard
// results are stored decoded (a list of calls) or as the model's text in
// Python call syntax, neither of which is a wire format the parsers read;
// the calls the leaderboard's decoder reads from them are written as
// `tool_call` blocks, one per call.
const resultFormat = "tool_call"

// TranscribeResult turns the "result" value of one leaderboard result line
// into a transcript, decoding it as the leaderboard does for a model that
// answered in mode (ModeFC: a list of {name: arguments}; ModePrompting:
// text in Python call syntax, or Java/JavaScript call syntax for lang
// "java"/"javascript"). It returns the number of calls. A result the
// leaderboard cannot decode (text from a function-calling model, [{}],
// broken JSON arguments, prose) gives a transcript with no call and an
// error wrapping errUndecoded — the leaderboard scores it as no call. A
// nested list (a multi-turn result) is an error.
func TranscribeResult(result json.RawMessage, mode Mode, lang string) (suite.Transcript, int, error) {
	calls, err := decodeResult(result, mode, lang, nil)
	if err != nil && !errors.Is(err, errUndecoded) && !errors.Is(err, errRawText) {
		return suite.Transcript{}, 0, err
	}
	return makeTranscript(result, calls, err), len(calls), err
}

// makeTranscript writes a decoded result: its calls as tool_call blocks, no
// call when it did not decode, or the raw text (errRawText) for the
// parsers to read.
func makeTranscript(result json.RawMessage, calls []rawCall, err error) suite.Transcript {
	if errors.Is(err, errRawText) {
		var text string
		json.Unmarshal(result, &text)
		return suite.Transcript{Format: "auto", Text: &text}
	}
	if err != nil {
		calls = nil
	}
	text := toolCallText(calls)
	return suite.Transcript{Format: resultFormat, Text: &text}
}

// rawCall is a decoded call: its name and its arguments, a JSON object.
type rawCall struct {
	name string
	args json.RawMessage
}

// toolCallText renders calls as `<tool_call>{"name":…,"arguments":…}</tool_call>`
// blocks.
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
