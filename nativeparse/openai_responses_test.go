package nativeparse

import "testing"

// TestOpenAIResponsesServerVariants: the shapes that OpenAI-compatible
// Responses servers and older OpenAI models send besides the canonical
// stream (TestOpenAIResponses), as Roo Code's Responses handlers read them.
func TestOpenAIResponsesServerVariants(t *testing.T) {
	completed := `{"type":"response.completed","response":{"id":"resp_2","status":"completed","output":[]}}`
	runCases(t, []parseCase{
		{"text.delta is answer text", OpenAIResponses, sse(
			`{"type":"response.text.delta","delta":"Opening "}`,
			`{"type":"response.text.delta","delta":"the config."}`,
			`{"type":"response.done","response":{"usage":{"input_tokens":9,"output_tokens":4}}}`, `[DONE]`), `
text "Opening the config."`},
		{"reasoning_summary.delta is reasoning", OpenAIResponses, sse(
			`{"type":"response.reasoning_summary.delta","delta":"Compare both logs."}`,
			`{"type":"response.output_text.delta","delta":"They differ."}`), `
reasoning "Compare both logs."
text "They differ."`},
		{"text and reasoning items added whole", OpenAIResponses, sse(
			`{"type":"response.created","response":{"id":"r","status":"in_progress"}}`,
			`{"type":"response.output_item.added","item":{"type":"text","text":"Step one"}}`,
			`{"type":"response.output_item.added","item":{"type":"output_text","text":", step two."}}`,
			`{"type":"response.output_item.added","item":{"type":"reasoning","text":"keep the lock file"}}`,
			`{"type":"response.audio.delta","delta":"UklGRg"}`,
			`{"type":"response.done","response":{}}`, `[DONE]`), `
text "Step one, step two."
reasoning "keep the lock file"`},
		{"a message item added with its text", OpenAIResponses, sse(
			`{"type":"response.output_item.added","item":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Ready."}]}}`,
			completed), `
text "Ready."`},
		{"text only in output_item.done", OpenAIResponses, sse(
			`{"type":"response.output_item.done","output_index":0,"item":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Tests pass."}]}}`,
			`{"type":"response.completed","response":{"status":"completed","output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Tests pass."}]}]}}`), `
text "Tests pass."`},
		{"text only in response.completed", OpenAIResponses, sse(
			`{"type":"response.completed","response":{"status":"completed","output":[{"type":"reasoning","summary":[]},{"type":"message","role":"assistant","content":[{"type":"output_text","text":"No changes "},{"type":"refusal","refusal":"x"},{"type":"text","text":"needed."}]}]}}`), `
text "No changes needed."`},
		{"text only in output_text.done", OpenAIResponses, sse(
			`{"type":"response.output_text.done","text":"Merged."}`, completed), `
text "Merged."`},
		{"text only in a content part", OpenAIResponses, sse(
			`{"type":"response.content_part.added","output_index":0,"content_index":0,"part":{"type":"output_text","text":"Deployed."}}`,
			`{"type":"response.content_part.done","output_index":0,"content_index":0,"part":{"type":"output_text","text":"Deployed."}}`,
			completed), `
text "Deployed."`},
		{"a content part's text as a value", OpenAIResponses, sse(
			`{"type":"response.content_part.done","part":{"type":"text","text":{"value":"Boxed."}}}`, completed), `
text "Boxed."`},
		{"deltas then every done event: text once", OpenAIResponses, sse(
			`{"type":"response.output_text.delta","delta":"lint "}`,
			`{"type":"response.output_text.delta","delta":"clean"}`,
			`{"type":"response.output_text.done","text":"lint clean"}`,
			`{"type":"response.content_part.done","output_index":0,"content_index":0,"part":{"type":"output_text","text":"lint clean"}}`,
			`{"type":"response.output_item.done","output_index":0,"item":{"type":"message","content":[{"type":"output_text","text":"lint clean"}]}}`,
			`{"type":"response.completed","response":{"output":[{"type":"message","content":[{"type":"output_text","text":"lint clean"}]}]}}`), `
text "lint clean"`},
		{"a second message given only whole", OpenAIResponses, sse(
			`{"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":"First."}`,
			`{"type":"response.output_text.done","output_index":0,"content_index":0,"text":"First."}`,
			`{"type":"response.output_item.done","output_index":0,"item":{"type":"message","content":[{"type":"output_text","text":"First."}]}}`,
			`{"type":"response.output_item.done","output_index":1,"item":{"type":"message","content":[{"type":"output_text","text":" Second."}]}}`,
			`{"type":"response.output_text.done","output_index":1,"content_index":0,"text":" Second."}`,
			`{"type":"response.completed","response":{"output":[{"type":"message","content":[{"type":"output_text","text":"First."}]},{"type":"message","content":[{"type":"output_text","text":" Second."}]}]}}`), `
text "First. Second."`},
		{"text without output_index: no repeat is given", OpenAIResponses, sse(
			`{"type":"response.output_text.delta","delta":"Only once."}`,
			`{"type":"response.output_item.done","output_index":3,"item":{"type":"message","content":[{"type":"output_text","text":"Only once."}]}}`), `
text "Only once."`},
		{"delta without item keys goes to the item last added", OpenAIResponses, sse(
			`{"type":"response.output_item.added","item":{"type":"function_call","call_id":"call_7","name":"read_file","arguments":""}}`,
			`{"type":"response.function_call_arguments.delta","delta":"{\"path\":"}`,
			`{"type":"response.function_call_arguments.delta","delta":"\"go.mod\"}"}`,
			`{"type":"response.output_item.done","item":{"type":"function_call","call_id":"call_7","name":"read_file","arguments":"{\"path\":\"go.mod\"}"}}`), `
start 0 call_7 read_file
args 0 {"path":"go.mod"}
end 0 read_file {"path":"go.mod"}`},
		{"delta whose item id the added item lacked", OpenAIResponses, sse(
			`{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","call_id":"call_8","name":"attempt_completion","arguments":""}}`,
			`{"type":"response.function_call_arguments.delta","item_id":"fc_8","output_index":0,"delta":"{\"result\":\"done\"}"}`,
			`{"type":"response.completed","response":{"status":"completed","output":[{"type":"function_call","call_id":"call_8","name":"attempt_completion","arguments":"{\"result\":\"done\"}"}]}}`), `
start 0 call_8 attempt_completion
args 0 {"result":"done"}
end 0 attempt_completion {"result":"done"}`},
		{"delta for another item id is still an error", OpenAIResponses, sse(
			`{"type":"response.output_item.added","output_index":0,"item":{"id":"fc_1","type":"function_call","call_id":"call_1","name":"f","arguments":""}}`,
			`{"type":"response.function_call_arguments.delta","item_id":"fc_2","delta":"{}"}`,
			`{"type":"response.output_item.done","output_index":0,"item":{"id":"fc_1","type":"function_call","call_id":"call_1","name":"f","arguments":"{}"}}`), `
start 0 call_1 f
error invalid_event -1
args 0 {}
end 0 f {}`},
		{"delta that names its call opens it", OpenAIResponses, sse(
			`{"type":"response.function_call_arguments.delta","call_id":"call_9","name":"search_files","delta":"{\"regex\":\"TODO\"}","index":0}`,
			`{"type":"response.function_call_arguments.done","call_id":"call_9","arguments":"{\"regex\":\"TODO\"}"}`, completed), `
start 0 call_9 search_files
args 0 {"regex":"TODO"}
end 0 search_files {"regex":"TODO"}`},
		{"tool_call items with tool_call_id", OpenAIResponses, sse(
			`{"type":"response.output_item.done","item":{"type":"tool_call","tool_call_id":"call_t","name":"write_to_file","arguments":"{\"path\":\"a.txt\"}"}}`), `
start 0 call_t write_to_file
args 0 {"path":"a.txt"}
end 0 write_to_file {"path":"a.txt"}`},
		{"arguments as an object or input", OpenAIResponses, sse(
			`{"type":"response.output_item.done","item":{"type":"function_call","call_id":"call_i","name":"lookup","input":{"key":"v"}}}`,
			`{"type":"response.output_item.done","item":{"type":"function_call","call_id":"call_o","name":"lookup","arguments":{"key":"w"}}}`,
			`{"type":"response.output_item.done","item":{"type":"function_call","call_id":"call_f","function":{"name":"lookup","arguments":"{\"key\":\"x\"}"}}}`), `
start 0 call_i lookup
args 0 {"key":"v"}
end 0 lookup {"key":"v"}
start 1 call_o lookup
args 1 {"key":"w"}
end 1 lookup {"key":"w"}
start 2 call_f lookup
args 2 {"key":"x"}
end 2 lookup {"key":"x"}`},
		{"a call item without a name is reported", OpenAIResponses, sse(
			`{"type":"response.output_item.done","item":{"type":"function_call","call_id":"call_n","name":"","arguments":"{}"}}`), `
error invalid_event -1`},
		{"response.error after text", OpenAIResponses, sse(
			`{"type":"response.output_text.delta","delta":"Partial"}`,
			`{"type":"response.error","error":{"message":"Model overloaded"}}`), `
text "Partial"
error provider_error -1`},
		{"response.done ends the calls", OpenAIResponses, sse(
			`{"type":"response.output_item.added","output_index":0,"item":{"id":"fc_d","type":"function_call","call_id":"call_d","name":"now","arguments":""}}`,
			`{"type":"response.done","response":{"status":"completed"}}`), `
start 0 call_d now
args 0 {}
end 0 now {}`},
	})
}

// TestCustomToolCalls: a custom tool's call (free-form input) is a call
// whose one argument, input, is the text the model wrote, JSON-encoded as
// it streams; the final input completes or overrides the deltas as a
// function call's final arguments do, and a call cut off is incomplete
// with its input so far.
func TestCustomToolCalls(t *testing.T) {
	added := `{"type":"response.output_item.added","output_index":0,"item":{"type":"custom_tool_call","id":"ct_1","call_id":"call_c","name":"run_sql","input":""}}`
	delta := func(s string) string {
		return `{"type":"response.custom_tool_call_input.delta","output_index":0,"item_id":"ct_1","delta":` + s + `}`
	}
	done := func(s string) string {
		return `{"type":"response.custom_tool_call_input.done","output_index":0,"item_id":"ct_1","input":` + s + `}`
	}
	itemDone := `{"type":"response.output_item.done","output_index":0,"item":{"type":"custom_tool_call","id":"ct_1","call_id":"call_c","name":"run_sql","input":"SELECT \"a\"\n;","status":"completed"}}`
	runCases(t, []parseCase{
		{"deltas then the final input", OpenAIResponses, sse(added, delta(`"SELECT \"a\""`), delta(`"\n;"`), done(`"SELECT \"a\"\n;"`), itemDone), `
start 0 call_c run_sql
args 0 {"input":"SELECT \"a\"\n;"}
end 0 run_sql {"input":"SELECT \"a\"\n;"}`},
		{"the final input alone", OpenAIResponses, sse(added, itemDone), `
start 0 call_c run_sql
args 0 {"input":"SELECT \"a\"\n;"}
end 0 run_sql {"input":"SELECT \"a\"\n;"}`},
		{"deltas that lack the end", OpenAIResponses, sse(added, delta(`"SELECT "`), itemDone), `
start 0 call_c run_sql
args 0 {"input":"SELECT 
error args_mismatch 0
args 0 \"a\"\n;"}
end 0 run_sql {"input":"SELECT \"a\"\n;"}`},
		{"deltas that disagree: the final input wins", OpenAIResponses, sse(added, delta(`"DROP"`), itemDone), `
start 0 call_c run_sql
args 0 {"input":"DROP
error args_mismatch 0
end 0 run_sql {"input":"SELECT \"a\"\n;"}`},
		{"cut off before its end", OpenAIResponses, sse(added, delta(`"SELECT 1"`)), `
start 0 call_c run_sql
args 0 {"input":"SELECT 1
error incomplete_call 0 {"input":"SELECT 1`},
		{"an empty input", OpenAIResponses, sse(added, `{"type":"response.output_item.done","output_index":0,"item":{"type":"custom_tool_call","id":"ct_1","call_id":"call_c","name":"run_sql","input":""}}`), `
start 0 call_c run_sql
args 0 {"input":""}
end 0 run_sql {"input":""}`},
		{"a delta for no custom call is reported", OpenAIResponses, sse(delta(`"x"`)), `
error invalid_event -1`},
		{"chat: a custom tool call streamed", OpenAIChat, sse(
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_k","type":"custom","custom":{"name":"grep","input":"TODO"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"custom":{"input":" src/"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), `
start 0 call_k grep
args 0 {"input":"TODO src/"}
end 0 grep {"input":"TODO src/"}`},
	})
}
