package textparse

import (
	"fmt"

	"github.com/tooleval/tooleval/toolcall"
)

// showCalls feeds msg in 11-byte chunks and prints text, reasoning and
// complete calls.
func showCalls(p *Parser, msg string) {
	for _, ev := range toolcall.Run(p, []byte(msg), 11) {
		switch ev.Kind {
		case toolcall.KindText:
			fmt.Printf("text %q\n", ev.Data)
		case toolcall.KindReasoning:
			fmt.Printf("reasoning %q\n", ev.Data)
		case toolcall.KindCallEnd:
			fmt.Println("call", ev.Call.Name, string(ev.Call.Arguments))
		case toolcall.KindError:
			fmt.Println("error", ev.Err.Code)
		}
	}
}

func ExampleParser_hermes() {
	showCalls(mustNew(opts{Format: FormatHermes}), "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>")
	// Output: call get_weather {"city": "Paris"}
}

func ExampleParser_longcat() {
	showCalls(mustNew(opts{Format: FormatLongcat}), `Sure.<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</longcat_tool_call>`)
	// Output:
	// text "Sure."
	// call get_weather {"city": "Oslo"}
}

// IQuest Coder V2 writes GLM-style pairs inside its own call token; a
// value the catalog does not type as a string is JSON where it reads as
// JSON.
func ExampleParser_iQuestCoderV2() {
	showCalls(mustNew(opts{Format: FormatIQuestCoderV2}), "Checking.<iquestcoder_tool_call>get_weather<arg_key>city</arg_key><arg_value>Austin</arg_value><arg_key>days</arg_key><arg_value>3</arg_value></iquestcoder_tool_call>")
	// Output:
	// text "Checking."
	// call get_weather {"city":"Austin","days":3}
}

// K2 Horizon writes its calls in IFM tags, as key/value pairs (a pair may
// declare its value's type) or as a JSON call object.
func ExampleParser_k2Horizon() {
	showCalls(mustNew(opts{Format: FormatK2Horizon}), "On it.<ifm|tool_calls><ifm|tool_call>lookup<ifm|arg_key>query</ifm|arg_key><ifm|arg_value>rain</ifm|arg_value>"+
		"<ifm|arg_key>limit</ifm|arg_key><ifm|arg_type>integer</ifm|arg_type><ifm|arg_value>3</ifm|arg_value></ifm|tool_call>\n"+
		`<ifm|tool_call>{"name": "ping", "arguments": {}}</ifm|tool_call></ifm|tool_calls>`)
	// Output:
	// text "On it."
	// call lookup {"query":"rain","limit":3}
	// call ping {}
}

// PLaMo 3 writes each tool request's name and JSON arguments between
// tags; <|plamo:tag|> ends the turn.
func ExampleParser_pLaMo3() {
	showCalls(mustNew(opts{Format: FormatPLaMo3}), "Checking.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|>"+
		"<|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>"+
		`{"city": "Tokyo"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|><|plamo:tag|>`)
	// Output:
	// text "Checking."
	// call get_weather {"city": "Tokyo"}
}

// IQuest Q1 writes GLM-style pairs in its own call token; a string
// value keeps its text as written, spaces and quotes included.
func ExampleParser_iQuestQ1() {
	showCalls(mustNew(opts{Format: FormatIQuestQ1, Tools: tools}), "<iquest_tool_call>search<arg_key>query</arg_key><arg_value> \"42\"</arg_value><arg_key>limit</arg_key><arg_value>5</arg_value></iquest_tool_call>")
	// Output:
	// call search {"query":" \"42\"","limit":5}
}

// Intern-S1's tokenizer decodes InternLM's action tokens with a space
// between them.
func ExampleParser_internS1() {
	showCalls(mustNew(opts{Format: FormatInternS1}), "<|action_start|> <|plugin|>\n{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Tokyo\"}}\n<|action_end|>")
	// Output:
	// call get_weather {"city": "Tokyo"}
}

// HyperCLOVA X SEED Think writes GLM's key/value calls with every value
// as JSON; its prompt opens the reasoning.
func ExampleParser_hyperCLOVAXSeedThink() {
	showCalls(mustNew(opts{Format: FormatHyperCLOVAXSeedThink, ReasoningOpen: true}), "One lookup.</think>\n\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>\"Seoul\"</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>")
	// Output:
	// reasoning "One lookup."
	// text "\n\n"
	// call get_weather {"city":"Seoul","days":2}
}

// HyperCLOVA X SEED Think 14B writes a JSON list of calls in an assistant
// turn whose role is " -> tool/function_call".
func ExampleParser_hyperCLOVAXSeedThink14B() {
	showCalls(mustNew(opts{Format: FormatHyperCLOVAXSeedThink14B}), "/think\nTwo cities.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Seoul\"}}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Busan\"}}]<|im_end|>")
	// Output:
	// reasoning "Two cities."
	// text "\n "
	// call get_weather {"city": "Seoul"}
	// call get_weather {"city": "Busan"}
}

// RWKV writes a bold "Tool Call:" line and the call in a JSON fence.
func ExampleParser_rwkv() {
	showCalls(mustNew(opts{Format: FormatRWKV}), "Checking.\n**Tool Call:**\n```json\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n```")
	// Output:
	// text "Checking.\n"
	// call get_weather {"city": "Paris"}
}

// MiniMax-M1 writes its calls one per line in a <tool_calls> block.
func ExampleParser_miniMaxM1() {
	showCalls(mustNew(opts{Format: FormatMiniMaxM1}), "Checking both.<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Dallas\"}}\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Austin\"}}\n</tool_calls>")
	// Output:
	// text "Checking both."
	// call get_weather {"city": "Dallas"}
	// call get_weather {"city": "Austin"}
}

// openPangu writes a JSON list of calls between its tool-call tokens
// (the Embedded checkpoints: [unused11] and [unused12]).
func ExampleParser_pangu() {
	showCalls(mustNew(opts{Format: FormatPangu}), `[unused16]Two cities.[unused17][unused11][{"name": "get_weather", "arguments": {"city": "Xi'an"}}, {"name": "get_weather", "arguments": {"city": "Shenzhen"}}][unused12]`)
	// Output:
	// reasoning "Two cities."
	// call get_weather {"city": "Xi'an"}
	// call get_weather {"city": "Shenzhen"}
}

// Qwen2.5-Coder writes its calls in a <tools> tag.
func ExampleParser_qwen25Coder() {
	showCalls(mustNew(opts{Format: FormatQwen25Coder}), "Sure.\n<tools>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n</tools>")
	// Output:
	// text "Sure.\n"
	// call get_weather {"city": "Oslo"}
}

// GigaChat 3.5 writes DeepSeek V4's markup under its GCML prefix.
func ExampleParser_gigaChat35() {
	showCalls(mustNew(opts{Format: FormatGigaChat35}), `Checking.<｜GCML｜tool_calls><｜GCML｜invoke name="get_weather"><｜GCML｜parameter name="city" string="true">Kazan</｜GCML｜parameter><｜GCML｜parameter name="days" string="false">2</｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>`)
	// Output:
	// text "Checking."
	// call get_weather {"city":"Kazan","days":2}
}

func ExampleParser_deepSeekV3() {
	showCalls(mustNew(opts{Format: FormatDeepSeekV3, ReasoningOpen: true}),
		"The user wants Tokyo.</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{\"location\": \"Tokyo\"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>")
	// Output:
	// reasoning "The user wants Tokyo."
	// call get_weather {"location": "Tokyo"}
}

func ExampleParser_deepSeekV32() {
	showCalls(mustNew(opts{Format: FormatDeepSeekV32}),
		"<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"search\">\n<｜DSML｜parameter name=\"query\" string=\"true\">007</｜DSML｜parameter>\n"+
			"<｜DSML｜parameter name=\"limit\" string=\"false\">5</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>")
	// Output: call search {"query":"007","limit":5}
}

func ExampleParser_miniMaxM2() {
	showCalls(mustNew(opts{Format: FormatMiniMaxM2, Tools: tools}),
		"<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Paris</parameter>\n<parameter name=\"days\">2</parameter>\n</invoke>\n</minimax:tool_call>")
	// Output: call get_weather {"city":"Paris","days":2}
}

func ExampleParser_seedOSS() {
	showCalls(mustNew(opts{Format: FormatSeedOSS, Tools: tools}),
		"<seed:think>Need the weather.</seed:think><seed:tool_call>\n<function=write_to_file>\n<parameter=path>notes.txt</parameter>\n<parameter=content>Oslo\n</parameter>\n</function>\n</seed:tool_call>")
	// Output:
	// reasoning "Need the weather."
	// call write_to_file {"path":"notes.txt","content":"Oslo\n"}
}

func ExampleParser_step3() {
	showCalls(mustNew(opts{Format: FormatStep3, Tools: tools}),
		"<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"get_weather\"><steptml:parameter name=\"city\">Rome</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>")
	// Output: call get_weather {"city":"Rome"}
}

// The cline value rules: only a parameter's own closing tag ends it, and
// values are trimmed.
func ExampleParser_cline() {
	showCalls(mustNew(opts{Format: FormatCline, Tools: tools}),
		"<attempt_completion><result>\n  Run <command>npm test</command> to check.\n</result><command>npm test</command></attempt_completion>")
	// Output: call attempt_completion {"result":"Run <command>npm test</command> to check.","command":"npm test"}
}

// CWM writes a call's input as free text in a <tool: NAME> tag: it is
// the call's "command" (a JSON object input is the arguments).
func ExampleParser_cwm() {
	showCalls(mustNew(opts{Format: FormatCWM}), "Listing the tests.\n<tool: bash>\nls textparse/*_test.go\n</tool>")
	// Output:
	// text "Listing the tests.\n"
	// call bash {"command":"ls textparse/*_test.go"}
}

// Solar Open2 writes each argument between markers, its value as text:
// the catalog's schema types it (days is an integer).
func ExampleParser_solarOpen2() {
	showCalls(mustNew(opts{Format: FormatSolarOpen2, Tools: tools}),
		"Checking Jeju.<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Jeju<|tool_arg:end|>\n<|tool_arg:start|>days<|tool_arg:value|>2<|tool_arg:end|>\n<|tool_call:end|>")
	// Output:
	// text "Checking Jeju."
	// call get_weather {"city":"Jeju","days":2}
}

// GLM-5.3-Flash writes a call as its name after <![ and a JSON object; a
// display name before a '/' is not the tool's.
func ExampleParser_glm53Flash() {
	showCalls(mustNew(opts{Format: FormatGLM53Flash, Tools: tools}),
		`我来查一下。<![Weather/get_weather>{"city": "北京", "days": 2}`)
	// Output:
	// text "我来查一下。"
	// call get_weather {"city": "北京", "days": 2}
}

// Step-3.5 writes Qwen3-Coder's calls and sometimes damages a tag: with
// the catalog naming the tool and its parameter, <function NAME> and a
// parameter tag whose '>' is missing are read, each reported.
func ExampleParser_step3p5() {
	showCalls(mustNew(opts{Format: FormatStep3p5, Tools: tools}),
		"Reading it.\n<tool_call>\n<function read_file>\n<parameter=path\nsrc/main.go\n</parameter>\n</function>\n</tool_call>")
	// Output:
	// text "Reading it.\n"
	// error malformed_markup
	// error malformed_markup
	// call read_file {"path":"src/main.go"}
}
