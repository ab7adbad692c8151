package nativeparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func TestOpenAIResponses(t *testing.T) {
	created := `response.created|{"type":"response.created","sequence_number":0,"response":{"id":"resp_1","object":"response","status":"in_progress","output":[]}}`
	done := `response.completed|{"type":"response.completed","sequence_number":99,"response":{"id":"resp_1","status":"completed"}}`
	added := func(n int, id, call, name string) string {
		return `response.output_item.added|{"type":"response.output_item.added","sequence_number":1,"output_index":` + string(rune('0'+n)) + `,"item":{"id":"` + id + `","type":"function_call","status":"in_progress","arguments":"","call_id":"` + call + `","name":"` + name + `"}}`
	}
	delta := func(id, d string) string {
		return `response.function_call_arguments.delta|{"type":"response.function_call_arguments.delta","sequence_number":2,"item_id":"` + id + `","output_index":0,"delta":"` + d + `"}`
	}
	itemDone := func(n int, id, call, name, args string) string {
		return `response.output_item.done|{"type":"response.output_item.done","sequence_number":5,"output_index":` + string(rune('0'+n)) + `,"item":{"id":"` + id + `","type":"function_call","status":"completed","arguments":"` + args + `","call_id":"` + call + `","name":"` + name + `"}}`
	}
	runCases(t, []parseCase{
		{"text then call", OpenAIResponses, sse(created,
			`response.output_item.added|{"type":"response.output_item.added","output_index":0,"item":{"id":"msg_1","type":"message","role":"assistant","content":[]}}`,
			`response.output_text.delta|{"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"content_index":0,"delta":"Checking."}`,
			added(1, "fc_1", "call_1", "get_weather"),
			delta("fc_1", `{\"city\":`), delta("fc_1", `\"Paris\"}`),
			`response.function_call_arguments.done|{"type":"response.function_call_arguments.done","item_id":"fc_1","output_index":1,"arguments":"{\"city\":\"Paris\"}"}`,
			itemDone(1, "fc_1", "call_1", "get_weather", `{\"city\":\"Paris\"}`), done), `
text "Checking."
start 0 call_1 get_weather
args 0 {"city":"Paris"}
end 0 get_weather {"city":"Paris"}`},
		{"reasoning summary then call", OpenAIResponses, sse(created,
			`response.reasoning_summary_text.delta|{"type":"response.reasoning_summary_text.delta","item_id":"rs_1","output_index":0,"summary_index":0,"delta":"Plan: look up."}`,
			added(1, "fc_1", "call_1", "lookup"), delta("fc_1", `{}`), itemDone(1, "fc_1", "call_1", "lookup", `{}`), done), `
reasoning "Plan: look up."
start 0 call_1 lookup
args 0 {}
end 0 lookup {}`},
		{"authoritative done disagrees", OpenAIResponses, sse(created,
			added(0, "fc_1", "call_1", "f"), delta("fc_1", `{\"a\":1}`),
			itemDone(0, "fc_1", "call_1", "f", `{\"a\":2}`), done), `
start 0 call_1 f
args 0 {"a":1}
error args_mismatch 0
end 0 f {"a":2}`},
		{"arguments only in done", OpenAIResponses, sse(created,
			added(0, "fc_1", "call_1", "f"), itemDone(0, "fc_1", "call_1", "f", `{\"a\":1}`), done), `
start 0 call_1 f
args 0 {"a":1}
end 0 f {"a":1}`},
		{"no-argument call", OpenAIResponses, sse(created,
			added(0, "fc_1", "call_1", "now"), itemDone(0, "fc_1", "call_1", "now", ``), done), `
start 0 call_1 now
args 0 {}
end 0 now {}`},
		{"parallel calls", OpenAIResponses, sse(created,
			added(0, "fc_a", "call_a", "f"), added(1, "fc_b", "call_b", "g"),
			delta("fc_b", `{\"b\":1}`), delta("fc_a", `{\"a\":1}`),
			itemDone(0, "fc_a", "call_a", "f", `{\"a\":1}`), itemDone(1, "fc_b", "call_b", "g", `{\"b\":1}`), done), `
start 0 call_a f
start 1 call_b g
args 1 {"b":1}
args 0 {"a":1}
end 0 f {"a":1}
end 1 g {"b":1}`},
		{"multi_tool_use.parallel wrapper expanded", OpenAIResponses, sse(created,
			added(0, "fc_p", "call_p", "multi_tool_use.parallel"),
			delta("fc_p", `{\"tool_uses\":[{\"recipient_name\":\"functions.read\",\"parameters\":{\"path\":\"a\"}},{\"recipient_name\":\"functions.read\",\"parameters\":{\"path\":\"b\"}}]}`),
			itemDone(0, "fc_p", "call_p", "multi_tool_use.parallel", `{\"tool_uses\":[{\"recipient_name\":\"functions.read\",\"parameters\":{\"path\":\"a\"}},{\"recipient_name\":\"functions.read\",\"parameters\":{\"path\":\"b\"}}]}`), done), `
start 0 call_p_0 read
args 0 {"path":"a"}
end 0 read {"path":"a"}
start 1 call_p_1 read
args 1 {"path":"b"}
end 1 read {"path":"b"}`},
		{"incomplete at max_output_tokens", OpenAIResponses, sse(created,
			added(0, "fc_1", "call_1", "write"), delta("fc_1", `{\"text\":\"ab`),
			`response.incomplete|{"type":"response.incomplete","response":{"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"}}}`), `
start 0 call_1 write
args 0 {"text":"ab
error incomplete_call 0 {"text":"ab`},
		{"no final event", OpenAIResponses, sse(created, added(0, "fc_1", "call_1", "f"), delta("fc_1", `{}`)), `
start 0 call_1 f
args 0 {}
error incomplete_call 0 {}`},
		{"error event mid-stream", OpenAIResponses, sse(created,
			`error|{"type":"error","code":"server_error","message":"boom","param":null}`), `
error provider_error -1`},
		{"error event before any other", Auto, sse(
			`error|{"type":"error","sequence_number":0,"code":"insufficient_quota","message":"quota","param":null}`), `
error provider_error -1`},
		{"payload that is not JSON", OpenAIResponses, sse(created, `nope`,
			`response.output_text.delta|{"type":"response.output_text.delta","delta":"x"}`), `
error invalid_event -1
text "x"`},
	})
}

func TestGemini(t *testing.T) {
	runCases(t, []parseCase{
		{"text then call", Gemini, sse(
			`{"candidates":[{"content":{"parts":[{"text":"Let me look."}],"role":"model"},"index":0}],"modelVersion":"gemini-2.5-flash"}`,
			`{"candidates":[{"content":{"parts":[{"functionCall":{"name":"search","args":{"q":"go sse"}}}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":5}}`), `
text "Let me look."
start 0 call_0 search
args 0 {"q":"go sse"}
end 0 search {"q":"go sse"}`},
		{"thought then parallel calls", Gemini, sse(
			`{"candidates":[{"content":{"parts":[{"text":"Two lookups.","thought":true}],"role":"model"}}]}`,
			`{"candidates":[{"content":{"parts":[{"functionCall":{"name":"a","args":{"x":1}},"thoughtSignature":"CiQB"},{"functionCall":{"name":"b","args":{}}}],"role":"model"},"finishReason":"STOP"}]}`), `
reasoning "Two lookups."
start 0 call_0 a
args 0 {"x":1}
end 0 a {"x":1}
start 1 call_1 b
args 1 {}
end 1 b {}`},
		{"call without args", Gemini, sse(`{"candidates":[{"content":{"parts":[{"functionCall":{"id":"fc1","name":"now"}}]}}]}`), `
start 0 fc1 now
args 0 {}
end 0 now {}`},
		{"malformed function call", Gemini, sse(`{"candidates":[{"content":{"parts":[]},"finishReason":"MALFORMED_FUNCTION_CALL","finishMessage":"bad"}]}`), `
error provider_error -1`},
		{"error object", Gemini, sse(`{"candidates":[{"content":{"parts":[{"text":"a"}]}}]}`, `{"error":{"code":503,"message":"overloaded","status":"UNAVAILABLE"}}`), `
text "a"
error provider_error -1`},
		{"array framing without alt=sse", Gemini, "[{\n  \"candidates\": [{\"content\": {\"parts\": [{\"text\": \"Hi \"}], \"role\": \"model\"}}]\n}\n,\r\n" +
			"{\n  \"candidates\": [{\"content\": {\"parts\": [{\"functionCall\": {\"name\": \"f\", \"args\": {\"s\": \"]}\\n,\"}}}]}, \"finishReason\": \"STOP\"}]\n}\n]", `
text "Hi "
start 0 call_0 f
args 0 {"s":"]}\n,"}
end 0 f {"s":"]}\n,"}`},
		{"array framing one line", Gemini, `[{"candidates":[{"content":{"parts":[{"text":"a"}]}}]},{"candidates":[{"content":{"parts":[{"text":"b"}]}}]}]`, `
text "ab"`},
		{"array framing cut inside an element", Gemini, "[{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"a\"}]}}]}\n,\r\n{\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"f\",\"args\":{\"x\"", `
text "a"
error invalid_event -1`},
		{"array framing junk between elements", Gemini, "[{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"a\"}]}}]}\n,oops\n{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"b\"}]}}]}]", `
text "a"
error invalid_event -1
text "b"`},
		{"array framing error element", Gemini, "[{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"a\"}]}}]}\n,\r\n{\n  \"error\": {\n    \"code\": 429,\n    \"message\": \"Resource exhausted\",\n    \"status\": \"RESOURCE_EXHAUSTED\"\n  }\n}\n]", `
text "a"
error provider_error -1`},
		{"functionCall id used as the call id", Gemini, sse(`{"candidates":[{"content":{"parts":[{"functionCall":{"id":"fc_9","name":"a","args":{}}},{"functionCall":{"name":"b","args":{}}}]}}]}`), `
start 0 fc_9 a
args 0 {}
end 0 a {}
start 1 call_1 b
args 1 {}
end 1 b {}`},
		{"thoughtSignature parts", Gemini, sse(
			`{"candidates":[{"content":{"parts":[{"text":"Reading.","thoughtSignature":"CiQBVKhc"}]}}]}`,
			`{"candidates":[{"content":{"parts":[{"thoughtSignature":"Cq8C"},{"functionCall":{"name":"read","args":{"p":"a"}},"thoughtSignature":"CsQB"},{"text":"","thoughtSignature":"Ck0B"}]},"finishReason":"STOP"}]}`), `
text "Reading."
start 0 call_0 read
args 0 {"p":"a"}
end 0 read {"p":"a"}`},
		{"thought text parts are reasoning", Gemini, sse(
			`{"candidates":[{"content":{"parts":[{"text":"**Plan**\nfirst ","thought":true},{"text":"think","thought":true}]}}]}`,
			`{"candidates":[{"content":{"parts":[{"text":"Answer.","thought":false}]}}]}`), `
reasoning "**Plan**\nfirst think"
text "Answer."`},
		{"truncated record", Gemini, "data: {\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"f\",\"args\":{\"a\"", `
error invalid_event -1`},
	})
}

func TestOllama(t *testing.T) {
	runCases(t, []parseCase{
		{"thinking text and call", Ollama, ndjson(
			`{"model":"qwen3","created_at":"2025-01-01T00:00:00Z","message":{"role":"assistant","content":"","thinking":"Need weather."},"done":false}`,
			`{"model":"qwen3","created_at":"2025-01-01T00:00:00Z","message":{"role":"assistant","content":"Sure."},"done":false}`,
			`{"model":"qwen3","created_at":"2025-01-01T00:00:01Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"get_weather","arguments":{"city":"Oslo","days":3}}}]},"done":false}`,
			`{"model":"qwen3","created_at":"2025-01-01T00:00:02Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":1}`), `
reasoning "Need weather."
text "Sure."
start 0 call_0 get_weather
args 0 {"city":"Oslo","days":3}
end 0 get_weather {"city":"Oslo","days":3}`},
		{"parallel calls with ids", Ollama, ndjson(
			`{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"id":"c1","function":{"index":0,"name":"a","arguments":{}}},{"id":"c2","function":{"index":1,"name":"b","arguments":{"k":"v"}}}]},"done":false}`,
			`{"model":"m","created_at":"t","message":{"role":"assistant","content":""},"done":true}`), `
start 0 c1 a
args 0 {}
end 0 a {}
start 1 c2 b
args 1 {"k":"v"}
end 1 b {"k":"v"}`},
		{"error line", Ollama, ndjson(`{"error":"model not found"}`), `
error provider_error -1`},
		{"not JSON line", Ollama, ndjson(`{"model":"m","created_at":"t","message":{"content":"a"},"done":false}`, `garbage`, `{"model":"m","created_at":"t","message":{"content":"b"},"done":true}`), `
text "a"
error invalid_event -1
text "b"`},
	})
}

func TestAutoSniffs(t *testing.T) {
	runCases(t, []parseCase{
		{"auto openai-chat", Auto, ": PROCESSING\n\n" + sse(`[DONE]`)[0:0] + sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}`), `text "hi"`},
		{"auto anthropic", Auto, sse(`message_start|{"type":"message_start","message":{}}`, `content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"hi"}}`), `text "hi"`},
		{"auto responses", Auto, sse(`response.output_text.delta|{"type":"response.output_text.delta","delta":"hi"}`), `text "hi"`},
		{"auto gemini", Auto, sse(`{"candidates":[{"content":{"parts":[{"text":"hi"}]}}]}`), `text "hi"`},
		{"auto ollama", Auto, ndjson(`{"model":"m","created_at":"t","message":{"role":"assistant","content":"hi"},"done":false}`), `text "hi"`},
		{"auto keep-alives before a chat stream", Auto, sse(`ping|{"type":"ping"}`, `{}`,
			`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}`), `text "hi"`},
		{"auto ping before message_start", Auto, sse(`ping|{"type":"ping"}`, `message_start|{"type":"message_start","message":{}}`,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"hi"}}`), `text "hi"`},
		{"auto error first", Auto, sse(`{"error":{"message":"bad key","type":"invalid_request_error"}}`), `error provider_error -1`},
	})
	p := mustNew(opts{Format: Auto})
	toolcall.Run(p, []byte(sse(`{"candidates":[]}`)), 0)
	if p.Format() != Gemini {
		t.Fatalf("Format() = %s", p.Format())
	}
}

func TestOffsets(t *testing.T) {
	in := "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n" +
		": ping\n\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c\",\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]}}]}\n\n" +
		"data: not json\n\n"
	evs := toolcall.Run(mustNew(opts{Format: OpenAIChat}), []byte(in), 7)
	second := strings.Index(in, ": ping\n\ndata:") + len(": ping\n\n")
	third := strings.Index(in, "data: not json")
	want := []int{0, second, second, third, len(in)}
	if len(evs) != len(want) {
		t.Fatalf("events %s", render(evs))
	}
	for i, ev := range evs {
		if ev.Offset != want[i] {
			t.Errorf("event %d (%s): offset %d, want %d", i, ev.Kind, ev.Offset, want[i])
		}
	}
}

func TestPartialArguments(t *testing.T) {
	p := mustNew(opts{Format: Anthropic})
	steps := []struct{ chunk, want string }{
		{"data: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"write\",\"input\":{}}}\n\n", "<nil>"},
		{"data: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"path\\\":\\\"a.go\\\",\\\"n\\\":1\"}}\n\n", `{"path":"a.go"}`},
		{"data: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"2,\\\"body\\\":\\\"pack\"}}\n\n", `{"path":"a.go","n":12,"body":"pack"}`},
		{"data: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"age main\\\"}\"}}\n\n", `{"path":"a.go","n":12,"body":"package main"}`},
		{"data: {\"type\":\"content_block_stop\",\"index\":0}\n\n", `{"path":"a.go","n":12,"body":"package main"}`},
	}
	for i, s := range steps {
		p.Feed([]byte(s.chunk))
		got := "<nil>"
		if v := p.Partial(0); v != nil {
			got = string(v)
		}
		if got != s.want {
			t.Fatalf("step %d: Partial = %s, want %s", i, got, s.want)
		}
	}
	p.Feed([]byte("data: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"u\",\"name\":\"ls\",\"input\":{}}}\n\n" +
		"data: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"dir\\\":\\\"sr\"}}\n\n"))
	p.Close()
	if got := string(p.Partial(1)); got != `{"dir":"sr"}` {
		t.Fatalf("incomplete call shows %s", got)
	}
	if p.Partial(2) != nil || p.Partial(-1) != nil {
		t.Fatal("Partial of an unknown call")
	}
}
