package contract

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/toolcall"
)

// Call is the call every case expects: text before it, a string and an
// integer argument.
var Call = toolcall.ExampleCall{
	Text: "Let me look that up.",
	Name: "get_weather",
	Args: []toolcall.ExampleArg{{Key: "city", Value: "Paris"}, {Key: "days", Value: 3}},
}

const catalogJSON = `[
  {"type": "function", "function": {"name": "get_weather", "description": "Get the weather forecast for a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}, "days": {"type": "integer", "description": "Days ahead"}}, "required": ["city", "days"]}}},
  {"type": "function", "function": {"name": "send_email", "description": "Send an email message",
    "parameters": {"type": "object", "properties": {"to": {"type": "string"}, "body": {"type": "string"}}, "required": ["to", "body"]}}}
]
`

// Case IDs of the option cases.
const (
	ReasoningOpenID   = "option-reasoning_open"
	ThinkAsTextID     = "option-think_as_text"
	CallInReasoningID = "option-call_in_reasoning"
)

// FormatID is the id of the case of format f.
func FormatID(f toolcall.Format) string { return "format-" + string(f) }

type transcript struct {
	Format               toolcall.Format `json:"format"`
	Text                 string          `json:"text"`
	ReasoningOpen        bool            `json:"reasoning_open,omitempty"`
	ThinkAsText          bool            `json:"think_as_text,omitempty"`
	KeepCallsInReasoning bool            `json:"keep_calls_in_reasoning,omitempty"`
}

type suiteCase struct {
	ID         string           `json:"id"`
	Query      string           `json:"query"`
	Catalog    string           `json:"catalog"`
	GoldTools  []string         `json:"gold_tools"`
	Transcript transcript       `json:"transcript"`
	GoldCalls  []map[string]any `json:"gold_calls"`
}

// WriteSuite writes catalog.json and suite.jsonl into dir and returns the
// suite's path and its case IDs.
func WriteSuite(dir string) (string, []string, error) {
	if err := os.WriteFile(filepath.Join(dir, "catalog.json"), []byte(catalogJSON), 0o644); err != nil {
		return "", nil, err
	}
	gold := []map[string]any{{"get_weather": map[string]any{"city": []any{"Paris"}, "days": []any{3}}}}
	newCase := func(id string, t transcript) suiteCase {
		return suiteCase{ID: id, Query: "What is the weather forecast for Paris in 3 days?", Catalog: "catalog.json",
			GoldTools: []string{"get_weather"}, Transcript: t, GoldCalls: gold}
	}
	var cases []suiteCase
	for _, f := range anyparse.Formats() {
		text, err := anyparse.WriteExample(f, Call)
		if err != nil {
			return "", nil, fmt.Errorf("format %s: %v", f, err)
		}
		cases = append(cases, newCase(FormatID(f), transcript{Format: f, Text: text}))
	}
	call, err := anyparse.WriteExample("hermes", Call)
	if err != nil {
		return "", nil, err
	}
	// reasoning_open with keep_calls_in_reasoning: the decoy call is
	// reasoning only because the output began inside it and calls there
	// are kept as reasoning; think_as_text: the call inside <think> counts
	// only because <think> is text; call_in_reasoning: a call written
	// before </think> is read as a call by default.
	decoy, _ := anyparse.WriteExample("hermes", toolcall.ExampleCall{Name: "get_weather", Args: []toolcall.ExampleArg{{Key: "city", Value: "London"}, {Key: "days", Value: 1}}})
	cases = append(cases,
		newCase(ReasoningOpenID, transcript{Format: "hermes", ReasoningOpen: true, KeepCallsInReasoning: true,
			Text: "Maybe London first? " + decoy + "\nNo, Paris.\n</think>\n\n" + call}),
		newCase(ThinkAsTextID, transcript{Format: "hermes", ThinkAsText: true, Text: "<think>" + call + "</think>"}),
		newCase(CallInReasoningID, transcript{Format: "hermes", Text: "<think>The user wants Paris. " + call + "</think>"}),
	)
	var lines []byte
	ids := make([]string, len(cases))
	for i, c := range cases {
		b, err := json.Marshal(c)
		if err != nil {
			return "", nil, err
		}
		lines = append(append(lines, b...), '\n')
		ids[i] = c.ID
	}
	path := filepath.Join(dir, "suite.jsonl")
	return path, ids, os.WriteFile(path, lines, 0o644)
}
