package textparse

import (
	"fmt"
	"testing"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, kimiK2Cases...) }

// kimiK2Cases are modelled on Kimi K2 (Instruct and Thinking) output.
var kimiK2Cases = []parseCase{
	// The section's opener written again between calls is markup, reported: not words of the answer.
	{name: "kimi_k2/section_opener_again_between_calls", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_call_end|><|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{"zone": "CET"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=get_weather{"city":"Oslo"} id=functions.get_weather:0 call=get_time{"zone":"CET"} id=functions.get_time:1 error=malformed_markup`},
	// The output cut right after a call's opener: an incomplete call, as a
	// tag dialect's call tag alone is; the section's opener alone is its
	// missing closer, as a wrapper tag alone is.
	{name: "kimi_k2/call_opener_alone_at_end", format: FormatKimiK2,
		in:   "Checking the file.<|tool_calls_section_begin|><|tool_call_begin|>",
		want: `text="Checking the file." error=incomplete_call`},
	{name: "kimi_k2/bare_call_opener_alone_at_end", format: FormatKimiK2,
		in:   "Checking the file.\n<|tool_call_begin|>",
		want: `text="Checking the file.\n" error=incomplete_call`},
	{name: "kimi_k2/section_opener_alone_at_end", format: FormatKimiK2,
		in:   "Checking the file.<|tool_calls_section_begin|>\n",
		want: `text="Checking the file." error=missing_closer`},
	// Kimi K2.5's prompt opens <think>; written again, it is markup, and a
	// call section right after it ends the (empty) reasoning.
	{name: "kimi_k2/think_again_then_section", format: FormatKimiK2, open: true,
		in:   "<think><|tool_calls_section_begin|><|tool_call_begin|>functions.read:0<|tool_call_argument_begin|>{\"path\": \"notes.txt\"}<|tool_call_end|><|tool_calls_section_end|>",
		want: `call=read{"path":"notes.txt"} id=functions.read:0 error=call_in_reasoning`},
	// A call written without the section markers around it (as
	// llama.cpp's tests and real output show), in text or reasoning.
	{name: "kimi_k2/call_without_section", format: FormatKimiK2, tools: true,
		in:   "Listing.<|tool_call_begin|>functions.execute_command:0<|tool_call_argument_begin|>{\"command\": \"ls -la\", \"requires_approval\": false}<|tool_call_end|> Done.",
		want: `text="Listing. Done." call=execute_command{"command":"ls -la","requires_approval":false} id=functions.execute_command:0`},
	// Such a call whose end comes before its arguments' marker is dropped
	// (reported), and what follows its end is text again.
	{name: "kimi_k2/call_without_section_cut_in_name", format: FormatKimiK2,
		in:   "<|tool_call_begin|>functions.read_file:0<|tool_call_end|><b>Note:</b> retrying.",
		want: `text="<b>Note:</b> retrying." error=malformed_markup`},
	// Two such calls with no <|tool_call_end|> between them: the
	// second's opener ends the first (malformed_markup) and both are
	// calls, as llama.cpp's Kimi-K2 tests read them.
	{name: "kimi_k2/calls_without_section_or_ends", format: FormatKimiK2,
		in:   "Both.<|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{\"path\": \"a.go\"}\n<|tool_call_begin|>functions.read_file:1<|tool_call_argument_begin|>{\"path\": \"b.go\"}",
		want: `text="Both." call=read_file{"path":"a.go"} id=functions.read_file:0 call=read_file{"path":"b.go"} id=functions.read_file:1 error=malformed_markup error=missing_closer`},
	{name: "kimi_k2/call_without_section_or_end", format: FormatKimiK2,
		in:   "<think>Read it first.<|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{\"path\": \"main.go\"}",
		want: `reasoning="Read it first." call=read_file{"path":"main.go"} id=functions.read_file:0 error=call_in_reasoning error=missing_closer`},
	// Kimi VL and k1.5 write their reasoning in ◁think▷…◁/think▷ (SGLang's
	// "kimi" reasoning parser); a call section ends it as it ends <think>.
	// The prompt opened the reasoning and the model writes ◁think▷ again:
	// markup, as <think> written again is.
	{name: "kimi_k2/triangle_think_again", format: FormatKimiK2, open: true,
		in:   "◁think▷Only one file is needed.◁/think▷Reading it.",
		want: `text="Reading it." reasoning="Only one file is needed."`},
	{name: "kimi_k2/triangle_think", format: FormatKimiK2,
		in:   "◁think▷Two files differ; read both.◁/think▷Reading them now.",
		want: `text="Reading them now." reasoning="Two files differ; read both."`},
	{name: "kimi_k2/triangle_think_under_auto",
		in:   "◁think▷Short question.◁/think▷Yes, it is.",
		want: `text="Yes, it is." reasoning="Short question."`},
	{name: "kimi_k2/triangle_think_then_section", format: FormatKimiK2,
		in:   "◁think▷Need the listing<|tool_calls_section_begin|><|tool_call_begin|>functions.list_files:0<|tool_call_argument_begin|>{\"dir\": \"src\"}<|tool_call_end|><|tool_calls_section_end|>",
		want: `reasoning="Need the listing" call=list_files{"dir":"src"} id=functions.list_files:0 error=call_in_reasoning`},
	// The prompt opened <think>; a k1.5-style checkpoint closes it with
	// its own spelling.
	{name: "kimi_k2/reasoning_open_triangle_close", format: FormatKimiK2, open: true,
		in:   "Short question.◁/think▷Yes, it is.",
		want: `text="Yes, it is." reasoning="Short question."`},
	{name: "kimi_k2/stray_triangle_close_dropped", format: FormatKimiK2,
		in:   "Answer: 4◁/think▷ and done.",
		want: `text="Answer: 4 and done." error=malformed_markup`},
	{name: "kimi_k2/one_call", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=get_weather{"city":"Paris"} id=functions.get_weather:0`},
	{name: "kimi_k2/text_before_after", format: FormatKimiK2,
		in:   "Let me check the weather.\n<|tool_calls_section_begin|>\n<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\":\"Tokyo\",\"days\":3}<|tool_call_end|>\n<|tool_calls_section_end|>\nDone.",
		want: `text="Let me check the weather.\n\nDone." call=get_weather{"city":"Tokyo","days":3} id=functions.get_weather:0`},
	{name: "kimi_k2/parallel", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Paris"}<|tool_call_end|><|tool_call_begin|>functions.read_file:1<|tool_call_argument_begin|>{"path":"a.go"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=get_weather{"city":"Paris"} id=functions.get_weather:0 call=read_file{"path":"a.go"} id=functions.read_file:1`},
	{name: "kimi_k2/thinking", format: FormatKimiK2,
		in:   "<think>The user wants Paris.</think>Sure.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
		want: `text="Sure." reasoning="The user wants Paris." call=get_weather{} id=functions.get_weather:0`},
	{name: "kimi_k2/empty_arguments", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.list_files:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=list_files{} id=functions.list_files:0`},
	{name: "kimi_k2/no_argument_marker", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.list_files:0<|tool_call_argument_begin|><|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=list_files{} id=functions.list_files:0`},
	{name: "kimi_k2/markup_in_values", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.write_to_file:0<|tool_call_argument_begin|>{"path":"x.md","content":"<|tool_call_end|> and <|tool_calls_section_end|> stay \"text\" 日本"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=write_to_file{"path":"x.md","content":"<|tool_call_end|> and <|tool_calls_section_end|> stay \"text\" 日本"} id=functions.write_to_file:0`},
	{name: "kimi_k2/truncated", format: FormatKimiK2,
		in:   `Checking.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Par`,
		want: `text="Checking." error=incomplete_call`},
	{name: "kimi_k2/truncated_before_end", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Paris"}`,
		want: `call=get_weather{"city":"Paris"} id=functions.get_weather:0 error=missing_closer`},
	{name: "kimi_k2/singular_section", format: FormatKimiK2,
		in:   `<|tool_call_section_begin|><|tool_call_begin|>functions.get_weather:3<|tool_call_argument_begin|>{"city":"Oslo"}<|tool_call_end|><|tool_call_section_end|>`,
		want: `call=get_weather{"city":"Oslo"} id=functions.get_weather:3`},
	{name: "kimi_k2/bare_name", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>get_weather<|tool_call_argument_begin|>{"city":"Rome"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=get_weather{"city":"Rome"}`},
	{name: "kimi_k2/invalid_json_then_next", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{"x":}<|tool_call_end|><|tool_call_begin|>functions.b:1<|tool_call_argument_begin|>{"y":1}<|tool_call_end|><|tool_calls_section_end|>after`,
		want: `text="after" call=b{"y":1} id=functions.b:1 error=invalid_json`},
	{name: "kimi_k2/marker_lookalikes_are_text", format: FormatKimiK2,
		in:   "a <|tool_calls_section_beginning|> b <| c <|tool_call_beginning|> d",
		want: `text="a <|tool_calls_section_beginning|> b <| c <|tool_call_beginning|> d"`},
	{name: "kimi_k2/numbers_and_unicode", format: FormatKimiK2,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query":"café ☕","limit":10,"tags":["a",true,null,-1.5e2]}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=search{"query":"café ☕","limit":10,"tags":["a",true,null,-1.5e2]} id=functions.search:0`},
	{name: "kimi_k2/auto", format: FormatAuto,
		in:   `I'll look.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Paris"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `text="I'll look." call=get_weather{"city":"Paris"} id=functions.get_weather:0`},
}

// kimiAgentTools is an agent's tool set whose tools share parameter names
// (path in view and list_dir, pattern in glob and grep), as real ones do;
// kimiOneTool holds one tool.
var kimiAgentTools, kimiOneTool = mustCatalog(`[
 {"name": "view", "input_schema": {"type": "object", "properties": {"path": {"type": "string"}, "offset": {"type": "integer"}}, "required": ["path", "offset"]}},
 {"name": "list_dir", "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}},
 {"name": "glob", "input_schema": {"type": "object", "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}}, "required": ["pattern"]}},
 {"name": "grep", "input_schema": {"type": "object", "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}, "mode": {"type": "string"}}, "required": ["pattern"]}},
 {"name": "now", "input_schema": {"type": "object", "properties": {}}}
]`), mustCatalog(`[{"name": "web_search", "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}}}]`)

// kimiComposedTools builds parameters the way generated schemas do:
// open_file's path sits in an allOf branch, set_env takes any string
// variables through a branch's additionalProperties, tag_issue types its
// extra labels with unevaluatedProperties, and fetch_url refers to a
// definition the file lacks (the loader drops the reference and reports
// unresolved_ref, so what fetch_url accepts is not known).
// kimiBooleanSchemaTools: JSON Schema's boolean schemas, true (read as a
// tool without parameters: it fits only {}) and false (fits nothing).
var kimiBooleanSchemaTools = mustCatalog(`[
 {"name": "halt", "input_schema": false},
 {"name": "note", "input_schema": true},
 {"name": "search_docs", "input_schema": {"type": "object", "properties": {"terms": {"type": "string"}}, "required": ["terms"]}}
]`)

var kimiComposedTools = mustCatalog(`[
 {"name": "open_file", "input_schema": {"properties": {"encoding": {"type": "string"}}, "allOf": [{"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}]}},
 {"name": "set_env", "input_schema": {"type": "object", "properties": {"scope": {"enum": ["user", "system"]}}, "required": ["scope"], "allOf": [{"additionalProperties": {"type": "string"}}]}},
 {"name": "tag_issue", "input_schema": {"type": "object", "properties": {"issue": {"type": "integer"}}, "required": ["issue"], "unevaluatedProperties": {"type": "string"}}},
 {"name": "fetch_url", "input_schema": {"$ref": "#/$defs/request", "type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}},
 {"name": "forecast", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}
]`)

func mustCatalog(js string) *catalog.Catalog {
	c, err := catalog.Parse([]byte(js), "tools.json")
	if err != nil {
		panic(err)
	}
	return c
}

// kimiIDNameCases: a call written with its id where the tool's name
// belongs (the bare counter "0", a client's "call_3" or "toolu_…" id the
// history taught the model) is the call of the one tool its arguments
// fit, as SGLang and vLLM name it; the id stays the call's id.
var kimiIDNameCases = []parseCase{
	// Schemas composed of branches name the call as JSON Schema reads
	// them (SGLang's Kimi K2 detector validates with a 2020-12 validator):
	// a member an allOf branch declares is a parameter, extra members are
	// allowed only where additionalProperties or unevaluatedProperties say
	// so, and typed by them.
	{name: "kimi_k2/named_by_allOf_branch", format: FormatKimiK2, set: kimiComposedTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>call_7<|tool_call_argument_begin|>{"path": "docs/README.md", "encoding": "utf-8"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=open_file{"path":"docs/README.md","encoding":"utf-8"} id=call_7`},
	{name: "kimi_k2/named_by_additional_properties_branch", format: FormatKimiK2, set: kimiComposedTools,
		in:   "Setting the editor.\n" + `<|tool_calls_section_begin|><|tool_call_begin|>1<|tool_call_argument_begin|>{"scope": "user", "EDITOR": "vim", "PAGER": "less -R"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `text="Setting the editor.\n" call=set_env{"scope":"user","EDITOR":"vim","PAGER":"less -R"} id=1`},
	{name: "kimi_k2/named_by_unevaluated_properties_schema", format: FormatKimiK2, set: kimiComposedTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>toolu_01Hx<|tool_call_argument_begin|>{"issue": 4521, "team": "infra", "severity": "p2"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=tag_issue{"issue":4521,"team":"infra","severity":"p2"} id=toolu_01Hx`},
	// The extra member's value is not what unevaluatedProperties types:
	// no tool accepts the arguments.
	{name: "kimi_k2/extra_member_mistyped_names_nothing", format: FormatKimiK2, set: kimiComposedTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>call_2<|tool_call_argument_begin|>{"issue": 4521, "team": 3}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=call_2{"issue":4521,"team":3} error=unknown_tool`},
	// fetch_url's schema lost a reference: it may be the tool meant, so
	// no tool is the only one, and the next call is read as written.
	{name: "kimi_k2/unresolved_ref_names_nothing", format: FormatKimiK2, set: kimiComposedTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>call_3<|tool_call_argument_begin|>{"url": "https://example.com/status"}<|tool_call_end|><|tool_call_begin|>functions.forecast:4<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=call_3{"url":"https://example.com/status"} call=forecast{"city":"Oslo"} id=functions.forecast:4 error=unknown_tool`},
	// Arguments without the url fetch_url requires rule it out.
	{name: "kimi_k2/unresolved_ref_ruled_out_by_required", format: FormatKimiK2, set: kimiComposedTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>0<|tool_call_argument_begin|>{"city": "Lagos"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=forecast{"city":"Lagos"} id=0`},
	// A tool whose schema is true or false loads (it was refused with the
	// catalog): arguments that declare a key name the tool that has it,
	// {} names the true tool, and false fits no call.
	{name: "kimi_k2/named_beside_boolean_schemas", format: FormatKimiK2, set: kimiBooleanSchemaTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>call_5<|tool_call_argument_begin|>{"terms": "retry policy"}<|tool_call_end|><|tool_call_begin|>call_6<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=search_docs{"terms":"retry policy"} id=call_5 call=note{} id=call_6`},
	{name: "kimi_k2/bare_counter_named_by_arguments", format: FormatKimiK2, set: kimiAgentTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>0<|tool_call_argument_begin|>{"path": "src/"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=list_dir{"path":"src/"} id=0`},
	{name: "kimi_k2/client_ids_named_by_arguments", format: FormatKimiK2, set: kimiAgentTools,
		in:   "Looking around.\n" + `<|tool_calls_section_begin|><|tool_call_begin|>call_12<|tool_call_argument_begin|>{"path": "a.go", "offset": 40}<|tool_call_end|><|tool_call_begin|>toolu_01QzR7<|tool_call_argument_begin|>{"pattern": "TODO", "mode": "count"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `text="Looking around.\n" call=view{"path":"a.go","offset":40} id=call_12 call=grep{"pattern":"TODO","mode":"count"} id=toolu_01QzR7`},
	{name: "kimi_k2/client_id_beside_standard_id", format: FormatKimiK2, set: kimiAgentTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>3f2a9c1e-77b0-4d5e-9a1b-0c2d3e4f5a6b<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_call_begin|>functions.list_dir:9<|tool_call_argument_begin|>{"path": "."}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=now{} id=3f2a9c1e-77b0-4d5e-9a1b-0c2d3e4f5a6b call=list_dir{"path":"."} id=functions.list_dir:9`},
	// Arguments two tools accept (glob and grep), or none, name no tool:
	// the id stays the name and the schema check reports it.
	{name: "kimi_k2/ambiguous_arguments_name_nothing", format: FormatKimiK2, set: kimiAgentTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>call_3<|tool_call_argument_begin|>{"pattern": "*.go", "path": "."}<|tool_call_end|><|tool_call_begin|>call_4<|tool_call_argument_begin|>{"path": "docs"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=call_3{"pattern":"*.go","path":"."} call=list_dir{"path":"docs"} id=call_4 error=unknown_tool`},
	{name: "kimi_k2/unfit_arguments_name_nothing", format: FormatKimiK2, set: kimiAgentTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>call_3<|tool_call_argument_begin|>{"path": "a.go", "bogus": 1}<|tool_call_end|><|tool_call_begin|>weird@id<|tool_call_argument_begin|>{"nope": 2}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=call_3{"path":"a.go","bogus":1} error=unknown_tool error=invalid_tool_name`},
	// With one tool the id names it, whatever the arguments.
	{name: "kimi_k2/bare_counter_single_tool", format: FormatKimiK2, set: kimiOneTool,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>2<|tool_call_argument_begin|>{"q": "go 1.23"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=web_search{"q":"go 1.23"} id=2`},
	// A bare name the catalog holds is the name; without a catalog every
	// bare string is (kimi_k2/bare_name).
	{name: "kimi_k2/bare_catalog_name", format: FormatKimiK2, set: kimiAgentTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>glob<|tool_call_argument_begin|>{"pattern": "*.md"}<|tool_call_end|><|tool_calls_section_end|>`,
		want: `call=glob{"pattern":"*.md"}`},
	{name: "kimi_k2/bare_counter_cut_short", format: FormatKimiK2, set: kimiAgentTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>0<|tool_call_argument_begin|>{"path": "sr`,
		want: `error=incomplete_call`},
	{name: "kimi_k2/bare_counter_closer_missing", format: FormatKimiK2, set: kimiAgentTools,
		in:   `<|tool_calls_section_begin|><|tool_call_begin|>0<|tool_call_argument_begin|>{"path": "src/"}`,
		want: `call=list_dir{"path":"src/"} id=0 error=missing_closer`},
	// The section's special tokens met in text, with no section open, are
	// stray markup (SGLang strips them from the content).
	{name: "kimi_k2/stray_tokens_in_text_dropped", format: FormatKimiK2,
		in:   "All done.<|tool_calls_section_end|> See<|tool_call_argument_begin|> above.<|tool_call_end|>",
		want: `text="All done. See above." error=malformed_markup error=malformed_markup error=malformed_markup`},
}

func init() { parseCases = append(parseCases, kimiIDNameCases...) }

// TestKimiSingleToolIDStreams: with a catalog of one tool an id where the
// name belongs names that tool at once, so the call streams before its
// end marker, as SGLang streams a single tool's call; with several tools
// the call is held to its end (nothing before <|tool_call_end|>).
func TestKimiSingleToolIDStreams(t *testing.T) {
	head := `<|tool_calls_section_begin|><|tool_call_begin|>toolu_01Ab<|tool_call_argument_begin|>{"q": "rain in Lim`
	for _, tc := range []struct {
		name  string
		set   toolcall.ToolSet
		start string // the call_start's name before the end marker, "" for none
	}{
		{"one tool", kimiOneTool, "web_search"},
		{"several tools", kimiAgentTools, ""},
	} {
		p := mustNew(opts{Format: FormatKimiK2, Tools: tc.set})
		var got string
		var args int
		for i := 0; i < len(head); i++ {
			for _, ev := range p.Feed([]byte(head[i : i+1])) {
				switch ev.Kind {
				case toolcall.KindCallStart:
					got = ev.Name
					if ev.ID != "toolu_01Ab" {
						t.Errorf("%s: call_start id %q, want toolu_01Ab", tc.name, ev.ID)
					}
				case toolcall.KindArgsDelta:
					args++
				}
			}
		}
		if got != tc.start {
			t.Errorf("%s: call_start before the end marker named %q, want %q", tc.name, got, tc.start)
		}
		if tc.start != "" && args == 0 {
			t.Errorf("%s: no argument delta before the end marker", tc.name)
		}
	}
}

func FuzzKimiK2(f *testing.F) {
	addSeeds(f, "kimi_k2/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) {
		var set toolcall.ToolSet
		if seed%2 == 1 { // a catalog that names an id's tool by its arguments (idname.go)
			set = kimiAgentTools
		}
		fuzzParseWith(t, FormatKimiK2, set, in, seed)
	})
}

// A Kimi K2 answer streamed in 16-byte chunks: the id is the model's
// "functions.NAME:IDX".
func ExampleParser_kimiK2() {
	msg := "Checking.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0" +
		`<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`
	p := mustNew(opts{Format: FormatKimiK2})
	for _, ev := range toolcall.Run(p, []byte(msg), 16) {
		switch ev.Kind {
		case toolcall.KindText:
			fmt.Printf("text %q\n", ev.Data)
		case toolcall.KindCallEnd:
			fmt.Printf("call %s %s %s\n", ev.Call.ID, ev.Call.Name, ev.Call.Arguments)
		}
	}
	// Output:
	// text "Checking."
	// call functions.get_weather:0 get_weather {"city": "Paris"}
}

// Words in a calls section that no call holds are the answer's text, at
// their offset and in order with the calls, with no error (blockWords);
// the white space before them is markup, and a run of words goes on up
// to the next marker, white space included, whatever the chunking.
func init() {
	parseCases = append(parseCases,
		parseCase{name: "kimi_k2/words_before_first_call_in_section", format: FormatKimiK2,
			in:   "<|tool_calls_section_begin|>Let me check<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\":\"Oslo\"}<|tool_call_end|><|tool_calls_section_end|>",
			want: `text="Let me check" call=get_weather{"city":"Oslo"} id=functions.get_weather:0`},
		parseCase{name: "kimi_k2/section_holding_only_words", format: FormatKimiK2,
			in:   "Sure.<|tool_calls_section_begin|>\n  no call after all \n<|tool_calls_section_end|>Done.",
			want: `text="Sure.no call after all \nDone."`},
		parseCase{name: "kimi_k2/words_between_calls_in_section", format: FormatKimiK2,
			in:   "<|tool_calls_section_begin|><|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{}<|tool_call_end|>\n and then – more <|tool_call_begin|>functions.b:1<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
			want: `text="and then – more " call=a{} id=functions.a:0 call=b{} id=functions.b:1`},
		parseCase{name: "kimi_k2/words_holding_marker_start", format: FormatKimiK2,
			in:   "<|tool_calls_section_begin|>a <|tool b<|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
			want: `text="a <|tool b" call=a{} id=functions.a:0`},
		parseCase{name: "kimi_k2/words_in_open_section_at_end", format: FormatKimiK2,
			in:   "<|tool_calls_section_begin|>Let me check",
			want: `text="Let me check" error=missing_closer`},
		// A broken character at the words' end goes out before the
		// marker that follows it (the fuzzers' case: held, it came
		// after the marker's events).
		parseCase{name: "kimi_k2/words_ending_in_broken_character", format: FormatKimiK2,
			in:   "<|tool_calls_section_begin|>ab\xef<|tool_calls_section_end|>done",
			want: `text="ab\xefdone"`},
		parseCase{name: "kimi_k2/junk_after_arguments_stays_error", format: FormatKimiK2,
			in:   "<|tool_calls_section_begin|><|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{} junk<|tool_call_end|><|tool_calls_section_end|>",
			want: `call=a{} id=functions.a:0 error=malformed_markup`},
	)
}
