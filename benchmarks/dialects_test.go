package benchmarks

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// dialectDense is one block of tool-dense output per marker dialect: short
// text between small calls, as an agent loop writes it. Repeated to 256 KiB.
// A new dialect adds its row here.
var dialectDense = []struct {
	format textparse.Format
	block  string
}{
	{textparse.FormatHermes, "Reading the next file.\n<tool_call>\n" +
		`{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}` + "\n</tool_call>\n<tool_call>\n" +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}` + "\n</tool_call>\n"},
	// The first five protocols (xmlparse's), written as Claude-style,
	// Cline-style and Qwen3-Coder agents write them.
	{textparse.FormatUseTool, "Reading the next file.\n<use_tool><tool_name>read_file</tool_name><arguments>" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}</arguments></use_tool>\n<use_tool><tool_name>grep</tool_name><arguments>` +
		`{"pattern": "func (p \\*Parser)"}</arguments></use_tool>` + "\n"},
	{textparse.FormatFunctionCalls, "Reading the next file.\n<function_calls>\n<invoke name=\"read_file\">\n<parameter name=\"path\">src/pkg/file_0042.go</parameter>\n" +
		"<parameter name=\"start_line\">120</parameter>\n</invoke>\n<invoke name=\"grep\">\n<parameter name=\"pattern\">func (p \\*Parser)</parameter>\n</invoke>\n</function_calls>\n"},
	{textparse.FormatQwen3Coder, "Reading the next file.\n<tool_call>\n<function=read_file>\n<parameter=path>\nsrc/pkg/file_0042.go\n</parameter>\n" +
		"<parameter=start_line>\n120\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=grep>\n<parameter=pattern>\nfunc (p \\*Parser)\n</parameter>\n</function>\n</tool_call>\n"},
	{textparse.FormatCline, "Reading the next file.\n<read_file>\n<path>src/pkg/file_0042.go</path>\n<start_line>120</start_line>\n</read_file>\n" +
		"<grep>\n<pattern>func (p \\*Parser)</pattern>\n</grep>\n"},
	{textparse.FormatLongcat, "Reading the next file.\n<longcat_tool_call>" +
		`{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}</longcat_tool_call>\n<longcat_tool_call>` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}</longcat_tool_call>` + "\n"},
	{textparse.FormatInternS1, "Reading the next file.\n<|action_start|> <|plugin|>\n" +
		`{"name": "read_file", "parameters": {"path": "src/pkg/file_0042.go", "start_line": 120}}` + "\n<|action_end|>\n<|action_start|> <|plugin|>\n" +
		`{"name": "grep", "parameters": {"pattern": "func (p \\*Parser)"}}` + "\n<|action_end|>\n"},
	{textparse.FormatPangu, "Reading the next file.\n[unused11][" +
		`{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}` + "][unused12]\n"},
	{textparse.FormatHyperCLOVAXSeedThink14B, "Reading the next file.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n" +
		`[{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}]<|im_end|>` + "\n"},
	{textparse.FormatRWKV, "Reading the next file.\n**Tool Call:**\n```json\n" +
		`{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}` + "\n```\n**Tool Call:**\n```json\n" +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}` + "\n```\n"},
	{textparse.FormatMiniMaxM1, "Reading the next file.\n<tool_calls>\n" +
		`{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}` + "\n" +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}` + "\n</tool_calls>\n"},
	{textparse.FormatCWM, "Reading the next file.\n<tool: read_file>\n" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}` + "\n</tool>\n<tool: bash>\n" +
		`grep -n "func (p \*Parser)" src/pkg/file_0042.go` + "\n</tool>\n"},
	{textparse.FormatSolarOpen2, "Reading the next file.\n<|tool_call:start|>read_file\n<|tool_arg:start|>path<|tool_arg:value|>src/pkg/file_0042.go<|tool_arg:end|>\n" +
		"<|tool_arg:start|>start_line<|tool_arg:value|>120<|tool_arg:end|>\n<|tool_call:end|>\n<|tool_call:start|>grep\n" +
		"<|tool_arg:start|>pattern<|tool_arg:value|>func (p \\*Parser)<|tool_arg:end|>\n<|tool_call:end|>\n"},
	{textparse.FormatGLM53Flash, "Reading the next file.\n<![Files/read_file>" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}` + "\n<!\u200b[grep\n<!\u200b[arg_key\u200b]pattern\n" +
		"<!\u200b[arg_val\u200b]func (p \\*Parser)\n<!\u200b[/tool_call\u200b]\n"},
	{textparse.FormatQwen25Coder, "Reading the next file.\n<tools>\n" +
		`{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}` + "\n</tools>\n<tools>\n" +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}` + "\n</tools>\n"},
	{textparse.FormatGigaChat35, "Reading the next file.\n<｜GCML｜tool_calls>\n<｜GCML｜invoke name=\"read_file\">\n" +
		"<｜GCML｜parameter name=\"path\" string=\"true\">src/pkg/file_0042.go</｜GCML｜parameter>\n<｜GCML｜parameter name=\"start_line\" string=\"false\">120</｜GCML｜parameter>\n" +
		"</｜GCML｜invoke>\n<｜GCML｜invoke name=\"grep\">\n<｜GCML｜parameter name=\"pattern\" string=\"true\">func (p \\*Parser)</｜GCML｜parameter>\n</｜GCML｜invoke>\n</｜GCML｜tool_calls>\n"},
	{textparse.FormatDeepSeekV3, "Reading the next file.\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>read_file\n```json\n" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}` + "\n```<｜tool▁call▁end｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>grep\n```json\n" +
		`{"pattern": "func (p \\*Parser)"}` + "\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>\n"},
	{textparse.FormatDeepSeekV31, "Reading the next file.\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read_file<｜tool▁sep｜>" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}<｜tool▁call▁end｜><｜tool▁call▁begin｜>grep<｜tool▁sep｜>` +
		`{"pattern": "func (p \\*Parser)"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>` + "\n"},
	{textparse.FormatDeepSeekV32, "Reading the next file.\n<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"read_file\">\n" +
		"<｜DSML｜parameter name=\"path\" string=\"true\">src/pkg/file_0042.go</｜DSML｜parameter>\n<｜DSML｜parameter name=\"start_line\" string=\"false\">120</｜DSML｜parameter>\n" +
		"</｜DSML｜invoke>\n<｜DSML｜invoke name=\"grep\">\n<｜DSML｜parameter name=\"pattern\" string=\"true\">func (p \\*Parser)</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>\n"},
	{textparse.FormatGLM45, "Reading the next file.\n<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>src/pkg/file_0042.go</arg_value>\n" +
		"<arg_key>start_line</arg_key>\n<arg_value>120</arg_value>\n</tool_call>\n<tool_call>grep\n<arg_key>pattern</arg_key>\n<arg_value>func (p \\*Parser)</arg_value>\n</tool_call>\n"},
	{textparse.FormatHyperCLOVAXSeedThink, "Reading the next file.\n<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>\"src/pkg/file_0042.go\"</arg_value>\n" +
		"<arg_key>start_line</arg_key>\n<arg_value>120</arg_value>\n</tool_call>\n<tool_call>grep\n<arg_key>pattern</arg_key>\n<arg_value>\"func (p \\\\*Parser)\"</arg_value>\n</tool_call>\n"},
	{textparse.FormatMiniMaxM2, "Reading the next file.\n<minimax:tool_call>\n<invoke name=\"read_file\">\n<parameter name=\"path\">src/pkg/file_0042.go</parameter>\n" +
		"<parameter name=\"start_line\">120</parameter>\n</invoke>\n<invoke name=\"grep\">\n<parameter name=\"pattern\">func (p \\*Parser)</parameter>\n</invoke>\n</minimax:tool_call>\n"},
	{textparse.FormatSeedOSS, "<seed:think>Reading the next file.</seed:think>\n<seed:tool_call>\n<function=read_file>\n<parameter=path>\nsrc/pkg/file_0042.go\n</parameter>\n" +
		"<parameter=start_line>\n120\n</parameter>\n</function>\n<function=grep>\n<parameter=pattern>\nfunc (p \\*Parser)\n</parameter>\n</function>\n</seed:tool_call>\n"},
	{textparse.FormatStep3, "Reading the next file.\n<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"read_file\">" +
		"<steptml:parameter name=\"path\">src/pkg/file_0042.go</steptml:parameter><steptml:parameter name=\"start_line\">120</steptml:parameter></steptml:invoke><｜tool_call_end｜>" +
		"<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"grep\"><steptml:parameter name=\"pattern\">func (p \\*Parser)</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>\n"},
	{textparse.FormatHarmony, "<|channel|>analysis<|message|>Reading the next file.<|end|><|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}<|call|><|start|>assistant<|channel|>commentary to=functions.grep <|constrain|>json<|message|>` +
		`{"pattern": "func (p \\*Parser)"}<|call|>`},
	{textparse.FormatKimiK2, "Reading the next file.\n<|tool_calls_section_begin|><|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}<|tool_call_end|><|tool_call_begin|>functions.grep:1<|tool_call_argument_begin|>` +
		`{"pattern": "func (p \\*Parser)"}<|tool_call_end|><|tool_calls_section_end|>` + "\n"},
	{textparse.FormatMistral, "Reading the next file.\n[TOOL_CALLS]read_file[ARGS]" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}[TOOL_CALLS]grep[CALL_ID]k3Jd9aPq2[ARGS]` +
		`{"pattern": "func (p \\*Parser)"}` + "\n"},
	{textparse.FormatLlama3JSON, "Reading the next file.\n<|python_tag|>" +
		`{"name": "read_file", "parameters": {"path": "src/pkg/file_0042.go", "start_line": 120}}; ` +
		`{"name": "grep", "parameters": {"pattern": "func (p \\*Parser)"}}` + "\n"},
	{textparse.FormatCohere, "<|START_THINKING|>Reading the next file.<|END_THINKING|><|START_ACTION|>[\n" +
		`    {"tool_call_id": "0", "tool_name": "read_file", "parameters": {"path": "src/pkg/file_0042.go", "start_line": 120}},` + "\n" +
		`    {"tool_call_id": "1", "tool_name": "grep", "parameters": {"pattern": "func (p \\*Parser)"}}` + "\n]<|END_ACTION|>\n"},
	{textparse.FormatInternLM, "Reading the next file.<|action_start|><|plugin|>\n" +
		`{"name": "read_file", "parameters": {"path": "src/pkg/file_0042.go", "start_line": 120}}<|action_end|>` + "\n"},
	{textparse.FormatGranite, "Reading the next file.\n<|tool_call|>" +
		`[{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}]` + "\n"},
	{textparse.FormatPythonic, "Reading the next file.\n<|python_start|>" +
		`[read_file(path='src/pkg/file_0042.go', start_line=120), grep(pattern="func (p \\*Parser)", paths=['a', 'b'])]` +
		"<|python_end|>\n"},
	{textparse.FormatOlmo3, "Reading the next file.\n<function_calls>\n" +
		"read_file(path='src/pkg/file_0042.go', start_line=120)\ngrep(pattern=\"func (p \\\\*Parser)\", paths=['a', 'b'])\n</function_calls>\n"},
	{textparse.FormatGemma4, "Reading the next file.\n<|tool_call>call:read_file{path:<|\"|>src/pkg/file_0042.go<|\"|>,start_line:120}<tool_call|>" +
		`<|tool_call>call:grep{pattern:<|"|>func (p \*Parser)<|"|>,paths:[<|"|>a<|"|>,<|"|>b<|"|>]}<tool_call|>` + "\n"},
	{textparse.FormatFunctionaryV3, ">>>all\nReading the next file.\n>>>read_file\n" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}>>>grep` + "\n" + `{"pattern": "func (p \\*Parser)"}`},
	{textparse.FormatNemotronNanoV2, "<think>Reading the next file.</think>\n<TOOLCALL>" +
		`[{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}]</TOOLCALL>` + "\n"},
	{textparse.FormatHunyuanA13B, "<think>Reading the next file.</think>\n<answer>\n<tool_calls>" +
		`[{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}]</tool_calls>` + "\n</answer>\n"},
	{textparse.FormatJamba, "Reading the next file.\n<tool_calls>" +
		`[{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}]</tool_calls>` + "\n"},
	{textparse.FormatApriel, "Here are my reasoning steps:\nReading the next file.\n[BEGIN FINAL RESPONSE]\n<tool_calls>" +
		`[{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}]</tool_calls>` + "\n[END FINAL RESPONSE]\n"},
	{textparse.FormatGranite20BFC, "Reading the next file.\n<function_call> " +
		`{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}` + "\n<function_call> " +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}` + "\n"},
	{textparse.FormatGigaChat3, "Reading the next file.<|message_sep|>function call<|role_sep|>\n" +
		`{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}<|message_sep|>function call<|role_sep|>` + "\n" +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}` + "\n"},
	{textparse.FormatFunctionGemma, "Reading the next file.\n<start_function_call>call:read_file{path:<escape>src/pkg/file_0042.go<escape>,start_line:120}<end_function_call>" +
		`<start_function_call>call:grep{pattern:<escape>func (p \*Parser)<escape>,paths:[<escape>a<escape>,<escape>b<escape>]}<end_function_call>` + "\n"},
	{textparse.FormatPhi4Mini, "Reading the next file.\nfunctools" +
		`[{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}]` + "\n"},
	{textparse.FormatFireFunctionV2, "Reading the next file. functools" +
		`[{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}]` + "\n"},
	{textparse.FormatMuseGlimmer, "Reading the next file.\n<atem:function_calls>\n<atem:invoke name=\"read_file\">\n<atem:parameter name=\"path\">src/pkg/file_0042.go</atem:parameter>\n" +
		"<atem:parameter name=\"start_line\">120</atem:parameter>\n</atem:invoke>\n<atem:invoke name=\"grep\">\n<atem:parameter name=\"pattern\">func (p \\*Parser)</atem:parameter>\n</atem:invoke>\n</atem:function_calls>\n"},
	{textparse.FormatDots, "Reading the next file.\n<dots_function_call>\n<invoke name=\"read_file\">\n<parameter name=\"path\">src/pkg/file_0042.go</parameter>\n" +
		"<parameter name=\"start_line\">120</parameter>\n</invoke>\n<invoke name=\"grep\">\n<parameter name=\"pattern\">func (p \\*Parser)</parameter>\n</invoke>\n</dots_function_call>\n"},
	{textparse.FormatCommandRPlus, "Plan: read the next file.\nAction: ```json\n[\n" +
		`    {"tool_name": "read_file", "parameters": {"path": "src/pkg/file_0042.go", "start_line": 120}},` + "\n" +
		`    {"tool_name": "grep", "parameters": {"pattern": "func (p \\*Parser)"}}` + "\n]\n```\n"},
	{textparse.FormatInkling, "Reading the next file.<|content_invoke_tool_json|>" +
		`{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}<|end_message|><|content_invoke_tool_json|>` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}<|end_message|>` + "\n"},
	{textparse.FormatApertus, "<|inner_prefix|>Reading the next file.<|inner_suffix|><|tools_prefix|>" +
		`[{"read_file": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"grep": {"pattern": "func (p \\*Parser)"}}]<|tools_suffix|>` + "\n"},
	{textparse.FormatMiniCPM5, "<think>\nReading the next file.\n</think>\n\n<function name=\"read_file\"><param name=\"path\">src/pkg/file_0042.go</param>" +
		"<param name=\"start_line\">120</param></function>\n<function name=\"grep\"><param name=\"pattern\">func (p \\*Parser)</param></function>\n"},
	{textparse.FormatLaguna, "<think>Reading the next file.</think>\n<tool_call>read_file<arg_key>path</arg_key><arg_value>src/pkg/file_0042.go</arg_value>" +
		"<arg_key>start_line</arg_key><arg_value>120</arg_value></tool_call>\n<tool_call>grep<arg_key>pattern</arg_key><arg_value>func (p \\*Parser)</arg_value></tool_call>\n"},
	{textparse.FormatIQuestCoderV2, "Reading the next file.\n<iquestcoder_tool_call>read_file<arg_key>path</arg_key><arg_value>src/pkg/file_0042.go</arg_value>" +
		"<arg_key>start_line</arg_key><arg_value>120</arg_value></iquestcoder_tool_call>\n<iquestcoder_tool_call>grep<arg_key>pattern</arg_key><arg_value>func (p \\*Parser)</arg_value></iquestcoder_tool_call>\n"},
	{textparse.FormatK2Horizon, "Reading the next file.\n<ifm|tool_calls><ifm|tool_call>read_file<ifm|arg_key>path</ifm|arg_key><ifm|arg_value>src/pkg/file_0042.go</ifm|arg_value>" +
		"<ifm|arg_key>start_line</ifm|arg_key><ifm|arg_value>120</ifm|arg_value></ifm|tool_call>\n<ifm|tool_call>grep<ifm|arg_key>pattern</ifm|arg_key><ifm|arg_value>func (p \\*Parser)</ifm|arg_value></ifm|tool_call></ifm|tool_calls>\n"},
	{textparse.FormatPLaMo3, "Reading the next file.\n<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>read_file" +
		"<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>" +
		`{"path": "src/pkg/file_0042.go", "start_line": 120}` + "<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>grep" +
		"<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>" +
		`{"pattern": "func (p \\*Parser)"}` + "<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|><|plamo:tag|>\n"},
	{textparse.FormatIQuestQ1, "Reading the next file.\n<iquest_tool_call>read_file<arg_key>path</arg_key><arg_value>src/pkg/file_0042.go</arg_value>" +
		"<arg_key>start_line</arg_key><arg_value>120</arg_value></iquest_tool_call>\n<iquest_tool_call>grep<arg_key>pattern</arg_key><arg_value>func (p \\*Parser)</arg_value></iquest_tool_call>\n"},
	{textparse.FormatDeepSeekV4, "Reading the next file.\n\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name=\"read_file\">\n" +
		"<｜DSML｜parameter name=\"path\" string=\"true\">src/pkg/file_0042.go</｜DSML｜parameter>\n<｜DSML｜parameter name=\"start_line\" string=\"false\">120</｜DSML｜parameter>\n" +
		"</｜DSML｜invoke>\n<｜DSML｜invoke name=\"grep\">\n<｜DSML｜parameter name=\"pattern\" string=\"true\">func (p \\*Parser)</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>\n"},
	{textparse.FormatDeepSeekV41, "Reading the next file.\n\n<｜DSML｜ calls>\n<｜DSML｜ invoke name=\"read_file\">\n" +
		"<｜DSML｜ parameter name=\"path\" string=\"true\">src/pkg/file_0042.go</｜DSML｜ parameter>\n<｜DSML｜ parameter name=\"start_line\" string=\"false\">120</｜DSML｜ parameter>\n" +
		"</｜DSML｜ invoke>\n<｜DSML｜ invoke name=\"grep\">\n<｜DSML｜ parameter name=\"pattern\" string=\"true\">func (p \\*Parser)</｜DSML｜ parameter>\n</｜DSML｜ invoke>\n</｜DSML｜ calls>\n"},
	{textparse.FormatHYV3, "<think>Reading the next file.</think>\n<tool_calls>\n<tool_call>read_file<tool_sep>\n<arg_key>path</arg_key>\n<arg_value>src/pkg/file_0042.go</arg_value>\n" +
		"<arg_key>start_line</arg_key>\n<arg_value>120</arg_value>\n</tool_call>\n<tool_call>grep<tool_sep>\n<arg_key>pattern</arg_key>\n<arg_value>func (p \\*Parser)</arg_value>\n</tool_call>\n</tool_calls>\n"},
	{textparse.FormatHYV4, "<think:opensource>Reading the next file.</think:opensource>\n<tool_calls:opensource><tool_call:opensource>read_file<arg_key:opensource>path</arg_key:opensource>" +
		"<arg_value:opensource>src/pkg/file_0042.go</arg_value:opensource><arg_key:opensource>start_line</arg_key:opensource><arg_value:opensource>120</arg_value:opensource></tool_call:opensource>" +
		"<tool_call:opensource>grep<arg_key:opensource>pattern</arg_key:opensource><arg_value:opensource>func (p \\*Parser)</arg_value:opensource></tool_call:opensource></tool_calls:opensource>\n"},
	{textparse.FormatKimiK3, "<|open|>response<|sep|>Reading the next file.<|close|>response<|sep|><|open|>tools<|sep|>\n" +
		`<|open|>call tool="read_file" index="0"<|sep|><|open|>argument key="path" type="string"<|sep|>src/pkg/file_0042.go<|close|>argument<|sep|>` +
		`<|open|>argument key="start_line" type="number"<|sep|>120<|close|>argument<|sep|><|close|>call<|sep|>` + "\n" +
		`<|open|>call tool="grep" index="1"<|sep|><|open|>argument key="pattern" type="string"<|sep|>func (p \*Parser)<|close|>argument<|sep|><|close|>call<|sep|>` +
		"\n<|close|>tools<|sep|><|close|>message<|sep|>\n"},
	{textparse.FormatMiniMaxM3, "<mm:think>Reading the next file.</mm:think>\n]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name=\"read_file\">\n" +
		"]<]minimax[>[<path>src/pkg/file_0042.go]<]minimax[>[</path>\n]<]minimax[>[<start_line>120]<]minimax[>[</start_line>\n]<]minimax[>[</invoke>\n" +
		"]<]minimax[>[<invoke name=\"grep\">\n]<]minimax[>[<pattern>func (p \\*Parser)]<]minimax[>[</pattern>\n]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>\n"},
	// Step-3.5 writes Qwen3-Coder's calls (its rare damaged tags are
	// repaired where the catalog confirms the name): the row reads clean
	// output with the catalog, so it measures the catalog-typed tag path
	// and the repair checks every tag passes.
	{textparse.FormatStep3p5, "Reading the next file.\n<tool_call>\n<function=read_file>\n<parameter=path>\nsrc/pkg/file_0042.go\n</parameter>\n" +
		"<parameter=start_line>\n120\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=grep>\n<parameter=pattern>\nfunc (p \\*Parser)\n</parameter>\n</function>\n</tool_call>\n"},
	// xLAM writes only calls: one list after another.
	{textparse.FormatXLAM, `[{"name": "read_file", "arguments": {"path": "src/pkg/file_0042.go", "start_line": 120}}, ` +
		`{"name": "grep", "arguments": {"pattern": "func (p \\*Parser)"}}]` + "\n"},
}

// BenchmarkDialects: each marker dialect on tool-dense output, fixed
// format, at 16- and 4096-byte chunks.
func BenchmarkDialects(b *testing.B) {
	for _, d := range dialectDense {
		in := repeatTo(d.block, 256<<10)
		for _, chunk := range []int{16, 4096} {
			b.Run(fmt.Sprintf("%s/chunk=%d", d.format, chunk), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					feedXML(newDense(d.format), in, chunk)
				}
			})
		}
	}
}

// denseTools is the catalog of the rows whose dialect needs one: the
// two tools every block calls.
var denseTools = func() *catalog.Catalog {
	c, err := catalog.New([]toolcall.Tool{
		{Name: "read_file", Parameters: json.RawMessage(`{"type": "object", "properties": {"path": {"type": "string"}, "start_line": {"type": "integer"}}}`)},
		{Name: "grep", Parameters: json.RawMessage(`{"type": "object", "properties": {"pattern": {"type": "string"}}}`)},
	})
	if err != nil {
		panic(err)
	}
	return c
}()

// newDense builds the parser of a dialect row; cline reads its calls by
// the catalog's tool names and step3p5 repairs only tags whose names the
// catalog confirms, so their rows have the catalog.
func newDense(f textparse.Format) *textparse.Parser {
	o := toolcall.ParseOptions{Format: f}
	if f == textparse.FormatCline || f == textparse.FormatStep3p5 {
		o.Tools = denseTools
	}
	p, err := textparse.New(o)
	if err != nil {
		panic(err)
	}
	return p
}

// BenchmarkAutoPlain: plain text through auto (every dialect enabled)
// against a fixed format; the goal is auto within 20 % of fixed.
func BenchmarkAutoPlain(b *testing.B) {
	in := xmlPlain(256 << 10)
	for _, f := range []textparse.Format{textparse.FormatToolCall, textparse.FormatKimiK2, textparse.FormatMistral, textparse.FormatAuto} {
		b.Run(string(f), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				feedXML(newText(f), in, 4096)
			}
		})
	}
}

// TestDialectBenchInputsParse keeps the benchmark inputs honest: every
// block parses into calls without errors.
func TestDialectBenchInputsParse(t *testing.T) {
	for _, d := range dialectDense {
		var calls, errs int
		p := newDense(d.format)
		for _, evs := range [][]byte{[]byte(d.block + d.block)} {
			for _, ev := range append(p.Feed(evs), p.Close()...) {
				switch ev.Kind.String() {
				case "call_end":
					calls++
				case "error":
					errs++
				}
			}
		}
		if calls == 0 || errs > 0 {
			t.Errorf("%s: %d calls, %d errors in the benchmark block", d.format, calls, errs)
		}
	}
}
