package nativeparse

import "testing"

// TestBedrock: Amazon Bedrock ConverseStream events, as the AWS SDKs
// yield them (one object per event, keyed by the event's name).
func TestBedrock(t *testing.T) {
	start := `{"messageStart":{"role":"assistant"}}`
	toolStart := func(i, id, name string) string {
		return `{"contentBlockStart":{"contentBlockIndex":` + i + `,"start":{"toolUse":{"toolUseId":"` + id + `","name":"` + name + `"}}}}`
	}
	input := func(i, frag string) string {
		return `{"contentBlockDelta":{"contentBlockIndex":` + i + `,"delta":{"toolUse":{"input":"` + frag + `"}}}}`
	}
	stop := func(i string) string { return `{"contentBlockStop":{"contentBlockIndex":` + i + `}}` }
	usage := `{"metadata":{"usage":{"inputTokens":120,"outputTokens":31,"totalTokens":151},"metrics":{"latencyMs":840}}}`
	runCases(t, []parseCase{
		{"text then tool use", Bedrock, ndjson(start,
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"I'll list "}}}`,
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"the folder."}}}`, stop("0"),
			toolStart("1", "tooluse_a1", "list_files"), input("1", `{\"path\":`), input("1", `\"src\"}`), stop("1"),
			`{"messageStop":{"stopReason":"tool_use"}}`, usage), `
text "I'll list the folder."
start 0 tooluse_a1 list_files
args 0 {"path":"src"}
end 0 list_files {"path":"src"}`},
		{"text in the block start", Bedrock, ndjson(
			`{"contentBlockStart":{"contentBlockIndex":0,"start":{"text":"Reading it now."}}}`,
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":" One moment."}}}`,
			toolStart("1", "tooluse_b", "read_file"), input("1", `{\"path\": \"go.sum\"}`), stop("1"), usage), `
text "Reading it now. One moment."
start 0 tooluse_b read_file
args 0 {"path": "go.sum"}
end 0 read_file {"path": "go.sum"}`},
		{"contentBlock names the start", Bedrock, ndjson(
			`{"contentBlockStart":{"contentBlockIndex":0,"contentBlock":{"toolUse":{"toolUseId":"tooluse_c","name":"write_file"}}}}`,
			stop("0"), `{"messageStop":{"stopReason":"tool_use"}}`), `
start 0 tooluse_c write_file
args 0 {}
end 0 write_file {}`},
		{"reasoning content", Bedrock, ndjson(start,
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"The user named one file."}}}}`,
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"reasoningContent":{"signature":"EqQBCkgIAR"}}}}`, stop("0"),
			`{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"text":"Done."}}}`, stop("1"),
			`{"messageStop":{"stopReason":"end_turn"}}`), `
reasoning "The user named one file."
text "Done."`},
		{"parallel tool uses", Bedrock, ndjson(start,
			toolStart("0", "tooluse_p", "get_time"), input("0", `{\"tz\":\"UTC\"}`), stop("0"),
			toolStart("1", "tooluse_q", "get_time"), input("1", `{\"tz\":\"CET\"}`), stop("1"),
			`{"messageStop":{"stopReason":"tool_use"}}`), `
start 0 tooluse_p get_time
args 0 {"tz":"UTC"}
end 0 get_time {"tz":"UTC"}
start 1 tooluse_q get_time
args 1 {"tz":"CET"}
end 1 get_time {"tz":"CET"}`},
		{"max_tokens cuts the call", Bedrock, ndjson(start,
			toolStart("0", "tooluse_m", "write_file"), input("0", `{\"content\":\"line one`),
			`{"messageStop":{"stopReason":"max_tokens"}}`), `
start 0 tooluse_m write_file
args 0 {"content":"line one
error incomplete_call 0 {"content":"line one`},
		{"the stream ends inside a tool use", Bedrock, ndjson(
			toolStart("0", "tooluse_e", "read_file"), input("0", `{\"path\": \"/etc/hosts\"}`), usage), `
start 0 tooluse_e read_file
args 0 {"path": "/etc/hosts"}
error incomplete_call 0 {"path": "/etc/hosts"}`},
		{"input that is no JSON object", Bedrock, ndjson(
			toolStart("0", "tooluse_j", "f"), input("0", `{\"a\":`), stop("0")), `
start 0 tooluse_j f
args 0 {"a":
error invalid_json 0 {"a":`},
		{"toolUse delta without input", Bedrock, ndjson(
			toolStart("0", "tooluse_n", "now"), `{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"toolUse":{}}}}`, stop("0")), `
start 0 tooluse_n now
args 0 {}
end 0 now {}`},
		{"input delta for a text block", Bedrock, ndjson(
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"hi"}}}`, input("0", `{}`)), `
text "hi"
error invalid_event -1`},
		{"an exception ends the stream", Bedrock, ndjson(
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"Part"}}}`,
			`{"modelStreamErrorException":{"message":"Model produced invalid sequence","originalStatusCode":400}}`), `
text "Part"
error provider_error -1`},
		{"inner objects under SSE event names", Bedrock, sse(
			`contentBlockDelta|{"contentBlockIndex":0,"delta":{"text":"ok"}}`,
			`contentBlockStart|{"contentBlockIndex":1,"start":{"toolUse":{"toolUseId":"tooluse_s","name":"ping"}}}`,
			`contentBlockStop|{"contentBlockIndex":1}`, `messageStop|{"stopReason":"tool_use"}`), `
text "ok"
start 0 tooluse_s ping
args 0 {}
end 0 ping {}`},
		{"auto sniffs Bedrock", Auto, ndjson(start,
			`{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"hello"}}}`), `
text "hello"`},
		{"auto sniffs a leading exception", Auto, ndjson(`{"throttlingException":{"message":"Too many requests"}}`), `
error provider_error -1`},
	})
}
