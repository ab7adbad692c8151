package textparse

import "testing"

func init() { parseCases = append(parseCases, rwkvCases...) }

// rwkvCall writes one RWKV call: the bold line, then the object in a fence.
func rwkvCall(obj string) string { return "**Tool Call:**\n```json\n" + obj + "\n```" }

// rwkvCases are modelled on RWKV-7 G1 output in agent harnesses.
var rwkvCases = []parseCase{
	{name: "rwkv/one_call", format: FormatRWKV, tools: true,
		in:   rwkvCall("{\n  \"name\": \"get_weather\",\n  \"arguments\": {\n    \"city\": \"Paris\",\n    \"days\": 2\n  }\n}"),
		want: `call=get_weather{"city":"Paris","days":2}`},
	{name: "rwkv/text_before_after", format: FormatRWKV, tools: true,
		in:   "Let me look.\n" + rwkvCall(`{"name": "read_file", "arguments": {"path": "main.go"}}`) + "\nDone.",
		want: `text="Let me look.\n\nDone." call=read_file{"path":"main.go"}`},
	{name: "rwkv/several_calls", format: FormatRWKV, tools: true,
		in:   rwkvCall(`{"name": "get_weather", "arguments": {"city": "Lyon"}}`) + "\n" + rwkvCall(`{"name": "get_weather", "arguments": {"city": "Nice", "metric": true}}`),
		want: `text="\n" call=get_weather{"city":"Lyon"} call=get_weather{"city":"Nice","metric":true}`},
	{name: "rwkv/line_and_fence_on_one_line", format: FormatRWKV, tools: true,
		in:   "**Tool Call:** ```json\n" + `{"name": "list_files", "arguments": {}}` + "\n```",
		want: `call=list_files{}`},
	{name: "rwkv/fence_alone", format: FormatRWKV, tools: true,
		in:   "Checking.\n```json\n" + `{"name": "get_weather", "arguments": "{\"city\": \"Oslo\"}", "id": "call_7"}` + "\n```",
		want: `text="Checking.\n" call=get_weather{"city":"Oslo"}`},
	{name: "rwkv/indented_fence_alone", format: FormatRWKV, tools: true,
		in:   "```json\n{\n  \"name\": \"search\",\n  \"arguments\": {\"query\": \"日本 café ☕\", \"filters\": {\"lang\": [\"go\"]}}\n}\n```",
		want: `call=search{"query":"日本 café ☕","filters":{"lang":["go"]}}`},
	// A fence that holds no call object is text: the user's JSON.
	{name: "rwkv/config_fence_is_text", format: FormatRWKV, tools: true,
		in:   "Use this config:\n```json\n{\"port\": 8080, \"name\": \"web\"}\n```\n",
		want: `text="Use this config:\n` + "```json" + `\n{\"port\": 8080, \"name\": \"web\"}\n` + "```" + `\n"`},
	{name: "rwkv/bash_fence_is_text", format: FormatRWKV, tools: true,
		in:   "Run it yourself:\n```bash\ngo test ./...\n```\n",
		want: `text="Run it yourself:\n` + "```bash" + `\ngo test ./...\n` + "```" + `\n"`},
	{name: "rwkv/markup_in_values", format: FormatRWKV, tools: true,
		in:   rwkvCall(`{"name": "write_to_file", "arguments": {"path": "README.md", "content": "` + "```json" + `\n{\"name\": \"x\"}\n` + "```" + `\n"}}`),
		want: `call=write_to_file{"path":"README.md","content":"` + "```json" + `\n{\"name\": \"x\"}\n` + "```" + `\n"}`},
	{name: "rwkv/broken_json", format: FormatRWKV, tools: true,
		in:   rwkvCall(`{"name": "get_weather", "arguments": {"city": "Paris" }`) + "\nSorry.",
		want: `text="\nSorry." error=invalid_json`},
	{name: "rwkv/unknown_tool", format: FormatRWKV, tools: true,
		in:   rwkvCall(`{"name": "get_forecast", "arguments": {"city": "Rome"}}`),
		want: `call=get_forecast{"city":"Rome"} error=unknown_tool`},
	{name: "rwkv/truncated", format: FormatRWKV, tools: true,
		in:   "On it.\n" + "**Tool Call:**\n```json\n" + `{"name": "get_weather", "arguments": {"city": "Ber`,
		want: `text="On it.\n" error=incomplete_call`},
	{name: "rwkv/closing_fence_missing", format: FormatRWKV, tools: true,
		in:   "**Tool Call:**\n```json\n" + `{"name": "get_weather", "arguments": {"city": "Bern"}}` + "\n",
		want: `call=get_weather{"city":"Bern"} error=missing_closer`},
	{name: "rwkv/reasoning_then_call", format: FormatRWKV, tools: true,
		in:   "<think>One lookup.</think>\n" + rwkvCall(`{"name": "get_weather", "arguments": {"city": "Graz"}}`),
		want: `text="\n" reasoning="One lookup." call=get_weather{"city":"Graz"}`},
	// The forms are read only when rwkv is named: Markdown answers hold them.
	{name: "rwkv/not_auto", format: FormatAuto, tools: true,
		in:   rwkvCall(`{"name": "list_files", "arguments": {}}`),
		want: `text="**Tool Call:**\n` + "```json" + `\n{\"name\": \"list_files\", \"arguments\": {}}\n` + "```" + `"`},
}

func FuzzRWKV(f *testing.F) {
	addSeeds(f, "rwkv/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatRWKV, false, in, seed) })
}
