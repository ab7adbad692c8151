package nativeparse

import "testing"

func TestAnthropic(t *testing.T) {
	start := `message_start|{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"usage":{"input_tokens":10,"output_tokens":1}}}`
	stop := []string{`message_delta|{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":40}}`, `message_stop|{"type":"message_stop"}`}
	runCases(t, []parseCase{
		{"text then tool use", Anthropic, sse(append([]string{start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
			`ping|{"type": "ping"}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Reading it."}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`,
			`content_block_start|{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"read_file","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}`,
			`content_block_delta|{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"path\": \"a"}}`,
			`content_block_delta|{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":".go\"}"}}`,
			`content_block_stop|{"type":"content_block_stop","index":1}`}, stop...)...), `
text "Reading it."
start 0 toolu_1 read_file
args 0 {"path": "a.go"}
end 0 read_file {"path": "a.go"}`},
		{"thinking then tool use", Anthropic, sse(append([]string{start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"I need the file."}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQBCgIYAhIM"}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`,
			`content_block_start|{"type":"content_block_start","index":1,"content_block":{"type":"redacted_thinking","data":"EmwKAhgB"}}`,
			`content_block_stop|{"type":"content_block_stop","index":1}`,
			`content_block_start|{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_2","name":"ls","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"dir\":\".\"}"}}`,
			`content_block_stop|{"type":"content_block_stop","index":2}`}, stop...)...), `
reasoning "I need the file."
start 0 toolu_2 ls
args 0 {"dir":"."}
end 0 ls {"dir":"."}`},
		{"input {} ignored when deltas follow", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{"stale":1}}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":2}"}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`, stop[0], stop[1]), `
start 0 t f
args 0 {"a":2}
end 0 f {"a":2}`},
		{"no-argument tool from no deltas", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"now","input":{}}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`, stop[0], stop[1]), `
start 0 t now
args 0 {}
end 0 now {}`},
		{"no-argument tool from empty partial_json", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"now","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":""}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`, stop[0], stop[1]), `
start 0 t now
args 0 {}
end 0 now {}`},
		{"input in start without deltas", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{"q":"x"}}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`, stop[0], stop[1]), `
start 0 t f
args 0 {"q":"x"}
end 0 f {"q":"x"}`},
		{"duplicated message_start", Anthropic, sse(start, start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Hi"}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`, stop[0], stop[1]), `
text "Hi"`},
		{"parallel tool uses", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"a","name":"f","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"i\":0}"}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`,
			`content_block_start|{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"b","name":"g","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"i\":1}"}}`,
			`content_block_stop|{"type":"content_block_stop","index":1}`, stop[0], stop[1]), `
start 0 a f
args 0 {"i":0}
end 0 f {"i":0}
start 1 b g
args 1 {"i":1}
end 1 g {"i":1}`},
		{"cut off at max_tokens", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"write","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"text\":\"abc"}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`,
			`message_delta|{"type":"message_delta","delta":{"stop_reason":"max_tokens","stop_sequence":null},"usage":{"output_tokens":4096}}`,
			`message_stop|{"type":"message_stop"}`), `
start 0 t write
args 0 {"text":"abc
error incomplete_call 0 {"text":"abc`},
		{"no final event", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":1}"}}`), `
start 0 t f
args 0 {"a":1}
error incomplete_call 0 {"a":1}`},
		{"error event mid-stream", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}`,
			`error|{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`), `
text "Hel"
error provider_error -1`},
		{"malformed arguments at stop", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":"}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`, stop[0], stop[1]), `
start 0 t f
args 0 {"a":
error invalid_json 0 {"a":`},
		{"payload that is not JSON", Anthropic, sse(start, `content_block_start|{"type":"content_blo`,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"ok"}}`), `
error invalid_event -1
text "ok"`},
		{"server tool use", Anthropic, sse(start,
			`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\":\"go\"}"}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`, stop[0], stop[1]), `
start 0 srvtoolu_1 web_search
args 0 {"query":"go"}
end 0 web_search {"query":"go"}`},
	})
}
