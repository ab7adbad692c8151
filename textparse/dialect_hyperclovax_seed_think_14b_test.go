package textparse

import "testing"

func init() { parseCases = append(parseCases, hcx14Cases...) }

// hcx14Cases are modelled on HyperCLOVAX-SEED-Think-14B output: ChatML
// turns, a turn of calls written " -> tool/function_call".
var hcx14Cases = []parseCase{
	{name: "hyperclovax_seed_think_14b/role_rest_then_list", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   " -> tool/function_call\n" + `[{"name": "get_weather", "arguments": {"city": "Seoul"}}]<|im_end|>`,
		want: `text=" " call=get_weather{"city":"Seoul"}`},
	{name: "hyperclovax_seed_think_14b/parameters_key", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   " -> tool/function_call\n" + `[{"name": "read_file", "parameters": {"path": "README.md", "start_line": 1}}]`,
		want: `text=" " call=read_file{"path":"README.md","start_line":1}`},
	{name: "hyperclovax_seed_think_14b/several_calls", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   " -> tool/function_call\n" + `[{"name": "get_weather", "arguments": {"city": "Busan"}}, {"name": "get_weather", "arguments": {"city": "Daejeon", "days": 2}}]<|im_end|>`,
		want: `text=" " call=get_weather{"city":"Busan"} call=get_weather{"city":"Daejeon","days":2}`},
	{name: "hyperclovax_seed_think_14b/reasoning_then_calls", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   "/think\n사용자는 서울 날씨를 원한다.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n" + `[{"name": "get_weather", "arguments": {"city": "서울"}}]<|im_end|>`,
		want: `text="\n " reasoning="사용자는 서울 날씨를 원한다." call=get_weather{"city":"서울"}`},
	{name: "hyperclovax_seed_think_14b/reasoning_then_answer", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   "/think\nNo tool needed.<|im_end|>\n<|im_start|>assistant\nHello! How can I help?<|im_end|>",
		want: `text="\n\nHello! How can I help?" reasoning="No tool needed."`},
	{name: "hyperclovax_seed_think_14b/text_then_calls", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   "Let me look that up.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n" + `[{"name": "search", "arguments": {"query": "KTX 시간표", "filters": {"from": "Seoul", "to": ["Busan"]}, "limit": 3}}]<|im_end|>`,
		want: `text="Let me look that up.\n " call=search{"query":"KTX 시간표","filters":{"from":"Seoul","to":["Busan"]},"limit":3}`},
	// Where the reasoning parser took the role away, the list is the
	// whole answer.
	{name: "hyperclovax_seed_think_14b/bare_list", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   `[{"name": "get_weather", "parameters": {"city": "Incheon"}}]`,
		want: `call=get_weather{"city":"Incheon"}`},
	{name: "hyperclovax_seed_think_14b/empty_arguments", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   " -> tool/function_call\n" + `[{"name": "list_files", "arguments": {}}]`,
		want: `text=" " call=list_files{}`},
	{name: "hyperclovax_seed_think_14b/markup_in_values", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   " -> tool/function_call\n" + `[{"name": "write_to_file", "arguments": {"path": "t.html", "content": "<|im_end|> ]}<p>☕</p>\n"}}]`,
		want: `text=" " call=write_to_file{"path":"t.html","content":"<|im_end|> ]}<p>☕</p>\n"}`},
	// The role written with the function's name instead (a form the
	// template does not define) is text.
	{name: "hyperclovax_seed_think_14b/abbreviated_role_is_text", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   "-> tool/get_weather\n" + `{"city": "Seoul"}`,
		want: `text="-> tool/get_weather\n{\"city\": \"Seoul\"}"`},
	{name: "hyperclovax_seed_think_14b/unknown_tool", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   " -> tool/function_call\n" + `[{"name": "get_forecast", "arguments": {"city": "Jeju"}}]`,
		want: `text=" " call=get_forecast{"city":"Jeju"} error=unknown_tool`},
	{name: "hyperclovax_seed_think_14b/broken_then_valid", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   " -> tool/function_call\n" + `[{"name": "get_weather", "arguments": {"city": }}, {"name": "get_weather", "arguments": {"city": "Ulsan"}}]<|im_end|>`,
		want: `text=" " call=get_weather{"city":"Ulsan"} error=invalid_json`},
	{name: "hyperclovax_seed_think_14b/truncated", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   " -> tool/function_call\n" + `[{"name": "get_weather", "arguments": {"city": "Gyeon`,
		want: `text=" " error=incomplete_call`},
	{name: "hyperclovax_seed_think_14b/reasoning_cut", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   "/think\nStill thinking about",
		want: `reasoning="Still thinking about"`},
	{name: "hyperclovax_seed_think_14b/plain_answer", format: FormatHyperCLOVAXSeedThink14B, tools: true,
		in:   "I cannot reach the weather service right now.",
		want: `text="I cannot reach the weather service right now."`},
	// The role is read only when the dialect is named.
	{name: "hyperclovax_seed_think_14b/not_auto", format: FormatAuto, tools: true,
		in:   " -> tool/function_call\n" + `[{"name": "list_files", "arguments": {}}]`,
		want: `text=" -> tool/function_call\n[{\"name\": \"list_files\", \"arguments\": {}}]"`},
}

func FuzzHyperCLOVAXSeedThink14B(f *testing.F) {
	addSeeds(f, "hyperclovax_seed_think_14b/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) {
		fuzzParse(t, FormatHyperCLOVAXSeedThink14B, false, in, seed)
	})
}
