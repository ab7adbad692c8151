package record

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// TestConversationShapes: the history of a multi-step recording goes out
// in each API's own shapes when the tools are native, and as text when
// they are in the prompt.
func TestConversationShapes(t *testing.T) {
	history := []Message{
		{Role: RoleAssistant, Text: "Checking.", Calls: []toolcall.Call{
			{ID: "c1", Name: "get_forecast", Arguments: json.RawMessage(`{"city":"Lisbon"}`)},
			{ID: "c2", Name: "search_tools", Arguments: json.RawMessage(`{"query":"currency"}`)}}},
		{Role: RoleTool, CallID: "c1", Name: "get_forecast", Result: "sunny"},
		{Role: RoleTool, CallID: "c2", Name: "search_tools", Result: "Tools found: convert_currency"},
		{Role: RoleUser, Text: "and in EUR?"},
	}
	native := json.RawMessage(`[]`)
	for _, tc := range []struct {
		api    API
		tools  json.RawMessage
		system string
		want   []string
	}{
		{ChatCompletions, native, "", []string{
			`{"role":"user","content":"q"}`,
			`{"content":"Checking.","role":"assistant","tool_calls":[{"function":{"arguments":"{\"city\":\"Lisbon\"}","name":"get_forecast"},"id":"c1","type":"function"},{"function":{"arguments":"{\"query\":\"currency\"}","name":"search_tools"},"id":"c2","type":"function"}]}`,
			`{"content":"sunny","role":"tool","tool_call_id":"c1"}`,
			`{"content":"Tools found: convert_currency","role":"tool","tool_call_id":"c2"}`,
			`{"role":"user","content":"and in EUR?"}`}},
		{Responses, native, "", []string{
			`{"role":"user","content":"q"}`,
			`{"role":"assistant","content":"Checking."}`,
			`{"arguments":"{\"city\":\"Lisbon\"}","call_id":"c1","name":"get_forecast","type":"function_call"}`,
			`{"arguments":"{\"query\":\"currency\"}","call_id":"c2","name":"search_tools","type":"function_call"}`,
			`{"call_id":"c1","output":"sunny","type":"function_call_output"}`,
			`{"call_id":"c2","output":"Tools found: convert_currency","type":"function_call_output"}`,
			`{"role":"user","content":"and in EUR?"}`}},
		{Messages, native, "", []string{
			`{"role":"user","content":"q"}`,
			`{"content":[{"text":"Checking.","type":"text"},{"id":"c1","input":{"city":"Lisbon"},"name":"get_forecast","type":"tool_use"},{"id":"c2","input":{"query":"currency"},"name":"search_tools","type":"tool_use"}],"role":"assistant"}`,
			`{"content":[{"content":"sunny","tool_use_id":"c1","type":"tool_result"},{"content":"Tools found: convert_currency","tool_use_id":"c2","type":"tool_result"}],"role":"user"}`,
			`{"role":"user","content":"and in EUR?"}`}},
		{ChatCompletions, nil, "SYS", []string{
			`{"role":"system","content":"SYS"}`,
			`{"role":"user","content":"q"}`,
			`{"role":"assistant","content":"Checking."}`,
			`{"role":"user","content":"\u003ctool_result name=\"get_forecast\"\u003e\nsunny\n\u003c/tool_result\u003e\n\u003ctool_result name=\"search_tools\"\u003e\nTools found: convert_currency\n\u003c/tool_result\u003e"}`,
			`{"role":"user","content":"and in EUR?"}`}},
	} {
		msgs := conversation(tc.api, Request{System: tc.system, Query: "q", Tools: tc.tools, History: history})
		var got []string
		for _, m := range msgs {
			b, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, string(b))
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s (native %v):\n got %s\nwant %s", tc.api, tc.tools != nil, strings.Join(got, "\n     "), strings.Join(tc.want, "\n     "))
		}
	}
}
