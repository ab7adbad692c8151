package nativeparse

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func TestOpenAIChat(t *testing.T) {
	runCases(t, []parseCase{
		{"text then call", OpenAIChat, sse(
			`{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"Let me "}}]}`,
			`{"choices":[{"index":0,"delta":{"content":"check."}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"read_file","arguments":""}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"path\":"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"a.go\"}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
			`[DONE]`), `
text "Let me check."
start 0 call_a read_file
args 0 {"path":"a.go"}
end 0 read_file {"path":"a.go"}`},
		{"delta without index", OpenAIChat, sse(
			`{"choices":[{"delta":{"tool_calls":[{"id":"x1","function":{"name":"a","arguments":"{\"k\":"}}]}}]}`,
			`{"choices":[{"delta":{"tool_calls":[{"function":{"arguments":"1}"}}]}}]}`,
			`{"choices":[{"delta":{"tool_calls":[{"id":"x2","function":{"name":"b","arguments":"{}"}}]}}]}`,
			`{"choices":[{"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 x1 a
args 0 {"k":1}
start 1 x2 b
args 1 {}
end 0 a {"k":1}
end 1 b {}`},
		{"index reused with a new id", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"A","function":{"name":"a","arguments":"{\"n\":1}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"B","function":{"name":"b","arguments":"{\"n\":2}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 A a
args 0 {"n":1}
start 1 B b
args 1 {"n":2}
end 0 a {"n":1}
end 1 b {"n":2}`},
		{"id only on first delta and empty name on continuation", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"grep","arguments":"{\"q\""}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"","arguments":":\"x\"}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 call_1 grep
args 0 {"q":"x"}
end 0 grep {"q":"x"}`},
		{"arguments null", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"now","arguments":null}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":null}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 c now
args 0 {}
end 0 now {}`},
		{"whole arguments in first delta", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"{\"a\":[1,2]}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 c f
args 0 {"a":[1,2]}
end 0 f {"a":[1,2]}`},
		{"several tool calls in one delta", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c0","function":{"name":"f","arguments":"{\"i\":0}"}},{"index":1,"id":"c1","function":{"name":"g","arguments":"{\"i\":1}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 c0 f
args 0 {"i":0}
start 1 c1 g
args 1 {"i":1}
end 0 f {"i":0}
end 1 g {"i":1}`},
		{"interleaved parallel deltas", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c0","function":{"name":"f","arguments":""}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"c1","function":{"name":"g","arguments":"{\"b\":"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\":"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"2}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"1}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 c0 f
start 1 c1 g
args 1 {"b":
args 0 {"a":
args 1 2}
args 0 1}
end 0 f {"a":1}
end 1 g {"b":2}`},
		{"finish_reason stop although calls were made", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"{\"x\":true}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`), `
start 0 c f
args 0 {"x":true}
end 0 f {"x":true}`},
		{"no-argument call from no deltas", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"list"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 c list
args 0 {}
end 0 list {}`},
		{"no-argument call as {} at once", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"list","arguments":"{}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 c list
args 0 {}
end 0 list {}`},
		{"cut off at max_tokens", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"write","arguments":"{\"text\":\"hel"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"length"}]}`), `
start 0 c write
args 0 {"text":"hel
error incomplete_call 0 {"text":"hel`},
		{"no final event", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"{\"a\":1}"}}]}}]}`), `
start 0 c f
args 0 {"a":1}
error incomplete_call 0 {"a":1}`},
		{"done ends open calls", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"{}"}}]}}]}`,
			`[DONE]`), `
start 0 c f
args 0 {}
end 0 f {}`},
		{"error event mid-stream", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"content":"Hi"}}]}`,
			`{"error":{"message":"The server had an error","type":"server_error"}}`), `
text "Hi"
error provider_error -1`},
		{"payload that is not JSON", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"content":"a"}}]}`,
			`{"choices":[{"index":0,"delta":{"content":`,
			`{"choices":[{"index":0,"delta":{"content":"b"}}]}`), `
text "a"
error invalid_event -1
text "b"`},
		{"legacy function_call", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"role":"assistant","content":null,"function_call":{"name":"get_weather","arguments":""}}}]}`,
			`{"choices":[{"index":0,"delta":{"function_call":{"arguments":"{\"city\":\"Oslo\"}"}}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"function_call"}]}`), `
start 0 call_0 get_weather
args 0 {"city":"Oslo"}
end 0 get_weather {"city":"Oslo"}`},
		{"reasoning_content and reasoning", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"reasoning_content":"think "}}]}`,
			`{"choices":[{"index":0,"delta":{"reasoning":"more"}}]}`,
			`{"choices":[{"index":0,"delta":{"content":"answer"},"finish_reason":"stop"}]}`), `
reasoning "think more"
text "answer"`},
		{"invalid arguments at finish", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"{\"a\":}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 c f
args 0 {"a":}
error invalid_json 0 {"a":}`},
		{"name arrives after arguments", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"arguments":"{\"a\""}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"f","arguments":":1}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 c f
args 0 {"a":1}
end 0 f {"a":1}`},
		{"multi_tool_use.parallel expanded", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_p","function":{"name":"multi_tool_use.parallel","arguments":"{\"tool_uses\":[{\"recipient_name\":\"functions.a\",\"parameters\":{\"x\":1}},"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"recipient_name\":\"functions.b\",\"parameters\":{}}]}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 call_p_0 a
args 0 {"x":1}
end 0 a {"x":1}
start 1 call_p_1 b
args 1 {}
end 1 b {}`},
	})
}

// TestWhitespaceArgumentsAddUp: arguments that are only white space end as
// an empty object appended to them, so the deltas already sent still add
// up to the call's arguments at every chunking (found by FuzzOpenAIChat:
// the object used to overwrite the sent bytes, giving deltas "{{}").
func TestWhitespaceArgumentsAddUp(t *testing.T) {
	in := []byte("data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"name\":\"f\"}}]}}]}\n\n" +
		"data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"  \"}}]}}]}\n\n" +
		"data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n")
	for _, size := range []int{0, 1, 7, 64} {
		evs := toolcall.Run(mustNew(opts{Format: OpenAIChat}), in, size)
		checkInvariants(t, evs)
		var end *toolcall.Event
		for i := range evs {
			if evs[i].Kind == toolcall.KindCallEnd {
				end = &evs[i]
			}
		}
		if end == nil || string(trimJSONSpace(end.Call.Arguments)) != "{}" {
			t.Fatalf("chunk %d: no call_end with empty object arguments: %+v", size, evs)
		}
	}
}
