package textparse

import (
	"fmt"
	"strings"
	"text/template"

	"github.com/tooleval/tooleval/toolcall"
)

// exampleWriters render a toolcall.ExampleCall in each dialect's wire shape
// (text/template over the call: .Text, .Name, .Arguments, .PythonArgs, .Args
// with .Key, .Raw, .JSON, .IsString). Every registered dialect needs one:
// the contract tests build a suite case per format from them, so a dialect
// without a writer fails TestEveryDialectHasAWriter. xlam's answer is the
// call list alone, so its writer leaves the text out.
var exampleWriters = map[Format]string{
	"apertus":                    `{{.Text}}<|tools_prefix|>[{"{{.Name}}":{{.Arguments}}}]<|tools_suffix|>`,
	"apriel":                     `{{.Text}}<tool_calls>[{"name":"{{.Name}}","arguments":{{.Arguments}}}]</tool_calls>`,
	"cline":                      `{{.Text}}<{{.Name}}>{{range .Args}}<{{.Key}}>{{.Raw}}</{{.Key}}>{{end}}</{{.Name}}>`,
	"cohere":                     `{{.Text}}<|START_ACTION|>[{"tool_call_id":"0","tool_name":"{{.Name}}","parameters":{{.Arguments}}}]<|END_ACTION|>`,
	"command_r_plus":             "{{.Text}}\nAction: ```json\n[{\"tool_name\":\"{{.Name}}\",\"parameters\":{{.Arguments}}}]\n```",
	"cwm":                        "{{.Text}}\n<tool: {{.Name}}>\n{{.Arguments}}\n</tool>",
	"deepseek_v3":                "{{.Text}}<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>{{.Name}}\n```json\n{{.Arguments}}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
	"deepseek_v31":               `{{.Text}}<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>{{.Name}}<｜tool▁sep｜>{{.Arguments}}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
	"deepseek_v32":               `{{.Text}}<｜DSML｜function_calls><｜DSML｜invoke name="{{.Name}}">{{range .Args}}<｜DSML｜parameter name="{{.Key}}" string="{{.IsString}}">{{.Raw}}</｜DSML｜parameter>{{end}}</｜DSML｜invoke></｜DSML｜function_calls>`,
	"deepseek_v4":                "{{.Text}}\n\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name=\"{{.Name}}\">\n{{range .Args}}<｜DSML｜parameter name=\"{{.Key}}\" string=\"{{.IsString}}\">{{.Raw}}</｜DSML｜parameter>\n{{end}}</｜DSML｜invoke>\n</｜DSML｜tool_calls>",
	"deepseek_v41":               "{{.Text}}\n\n<｜DSML｜ calls>\n<｜DSML｜ invoke name=\"{{.Name}}\">\n{{range .Args}}<｜DSML｜ parameter name=\"{{.Key}}\" string=\"{{.IsString}}\">{{.Raw}}</｜DSML｜ parameter>\n{{end}}</｜DSML｜ invoke>\n</｜DSML｜ calls>",
	"dots":                       `{{.Text}}<dots_function_call><invoke name="{{.Name}}">{{range .Args}}<parameter name="{{.Key}}">{{.Raw}}</parameter>{{end}}</invoke></dots_function_call>`,
	"firefunction_v2":            `{{.Text}} functools[{"name":"{{.Name}}","arguments":{{.Arguments}}}]`,
	"function_calls":             `{{.Text}}<function_calls><invoke name="{{.Name}}">{{range .Args}}<parameter name="{{.Key}}">{{.Raw}}</parameter>{{end}}</invoke></function_calls>`,
	"functionary_v3":             `{{.Text}}<function={{.Name}}>{{.Arguments}}</function>`,
	"functiongemma":              `{{.Text}}<start_function_call>call:{{.Name}}{ {{- range $i, $a := .Args}}{{if $i}},{{end}}{{$a.Key}}:{{if $a.IsString}}<escape>{{$a.Raw}}<escape>{{else}}{{$a.Raw}}{{end}}{{end -}} }<end_function_call>`,
	"gemma4":                     `{{.Text}}<|tool_call>call:{{.Name}}{ {{- range $i, $a := .Args}}{{if $i}},{{end}}{{$a.Key}}:{{if $a.IsString}}<|"|>{{$a.Raw}}<|"|>{{else}}{{$a.Raw}}{{end}}{{end -}} }<tool_call|>`,
	"gigachat3":                  "{{.Text}}function call<|role_sep|>\n{\"name\":\"{{.Name}}\",\"arguments\":{{.Arguments}}}",
	"gigachat35":                 `{{.Text}}<｜GCML｜tool_calls><｜GCML｜invoke name="{{.Name}}">{{range .Args}}<｜GCML｜parameter name="{{.Key}}" string="{{.IsString}}">{{.Raw}}</｜GCML｜parameter>{{end}}</｜GCML｜invoke></｜GCML｜tool_calls>`,
	"glm45":                      "{{.Text}}<tool_call>{{.Name}}\n{{range .Args}}<arg_key>{{.Key}}</arg_key>\n<arg_value>{{.Raw}}</arg_value>\n{{end}}</tool_call>",
	"glm53_flash":                "{{.Text}}<!\u200b[{{.Name}}\n{{range .Args}}<!\u200b[arg_key\u200b]{{.Key}}\n<!\u200b[arg_val\u200b]{{.Raw}}\n{{end}}<!\u200b[/tool_call\u200b]",
	"granite":                    `{{.Text}}<|tool_call|>[{"name":"{{.Name}}","arguments":{{.Arguments}}}]`,
	"granite_20b_fc":             `{{.Text}}<function_call> {"name":"{{.Name}}","arguments":{{.Arguments}}}`,
	"harmony":                    `<|channel|>final<|message|>{{.Text}}<|end|><|start|>assistant<|channel|>commentary to=functions.{{.Name}} <|constrain|>json<|message|>{{.Arguments}}<|call|>`,
	"ernie45":                    "{{.Text}}<tool_call>\n{\"name\": \"{{.Name}}\", \"arguments\": {{.Arguments}}}\n</tool_call>",
	"hermes":                     "{{.Text}}<tool_call>\n{\"name\": \"{{.Name}}\", \"arguments\": {{.Arguments}}}\n</tool_call>",
	"hunyuan_a13b":               `{{.Text}}<tool_calls>[{"name":"{{.Name}}","arguments":{{.Arguments}}}]</tool_calls>`,
	"hy_v3":                      "{{.Text}}<tool_calls>\n<tool_call>{{.Name}}<tool_sep>\n{{range .Args}}<arg_key>{{.Key}}</arg_key>\n<arg_value>{{.Raw}}</arg_value>\n{{end}}</tool_call>\n</tool_calls>",
	"hy_v4":                      `{{.Text}}<tool_calls:opensource><tool_call:opensource>{{.Name}}{{range .Args}}<arg_key:opensource>{{.Key}}</arg_key:opensource><arg_value:opensource>{{.Raw}}</arg_value:opensource>{{end}}</tool_call:opensource></tool_calls:opensource>`,
	"inkling":                    `{{.Text}}<|content_invoke_tool_json|>{"name":"{{.Name}}","arguments":{{.Arguments}}}<|end_message|>`,
	"berrylm":                    "{{.Text}}<tool_call>\n<function={{.Name}}>\n{{range .Args}}<parameter={{.Key}}>{{.Raw}}</parameter>\n{{end}}</function>\n</tool_call>",
	"step3p5":                    "{{.Text}}<tool_call>\n<function={{.Name}}>\n{{range .Args}}<parameter={{.Key}}>\n{{.Raw}}\n</parameter>\n{{end}}</function>\n</tool_call>",
	"iquest_coder":               "{{.Text}}<tool_call>\n<function={{.Name}}>\n{{range .Args}}<parameter={{.Key}}>\n{{.Raw}}\n</parameter>\n{{end}}</function>\n</tool_call>",
	"iquest_q1":                  "{{.Text}}<iquest_tool_call>{{.Name}}{{range .Args}}<arg_key>{{.Key}}</arg_key><arg_value>{{.Raw}}</arg_value>{{end}}</iquest_tool_call>",
	"iquest_coder_v2":            "{{.Text}}<iquestcoder_tool_call>{{.Name}}{{range .Args}}<arg_key>{{.Key}}</arg_key><arg_value>{{.Raw}}</arg_value>{{end}}</iquestcoder_tool_call>",
	"internlm":                   `{{.Text}}<|action_start|><|plugin|>{"name":"{{.Name}}","parameters":{{.Arguments}}}<|action_end|>`,
	"jamba":                      `{{.Text}}<tool_calls>[{"name":"{{.Name}}","arguments":{{.Arguments}}}]</tool_calls>`,
	"k2_horizon":                 "{{.Text}}<ifm|tool_calls><ifm|tool_call>{{.Name}}{{range .Args}}<ifm|arg_key>{{.Key}}</ifm|arg_key><ifm|arg_value>{{.Raw}}</ifm|arg_value>{{end}}</ifm|tool_call></ifm|tool_calls>",
	"kimi_k2":                    `{{.Text}}<|tool_calls_section_begin|><|tool_call_begin|>functions.{{.Name}}:0<|tool_call_argument_begin|>{{.Arguments}}<|tool_call_end|><|tool_calls_section_end|>`,
	"kimi_k3":                    `{{.Text}}<|open|>tools<|sep|><|open|>call tool="{{.Name}}" index="0"<|sep|>{{range .Args}}<|open|>argument key="{{.Key}}" type="{{.JSONType}}"<|sep|>{{.Raw}}<|close|>argument<|sep|>{{end}}<|close|>call<|sep|><|close|>tools<|sep|>`,
	"laguna":                     `{{.Text}}<tool_call>{{.Name}}{{range .Args}}<arg_key>{{.Key}}</arg_key><arg_value>{{.Raw}}</arg_value>{{end}}</tool_call>`,
	"ling3":                      "{{.Text}}<tool_call>{{.Name}}\n{{range .Args}}<arg_key>{{.Key}}</arg_key>\n<arg_value>{{.Raw}}</arg_value>\n{{end}}</tool_call><|role_end|>",
	"llama3_json":                `{{.Text}}<|python_tag|>{"name":"{{.Name}}","parameters":{{.Arguments}}}`,
	"longcat":                    `{{.Text}}<longcat_tool_call>{"name":"{{.Name}}","arguments":{{.Arguments}}}</longcat_tool_call>`,
	"minicpm5":                   `{{.Text}}<function name="{{.Name}}">{{range .Args}}<param name="{{.Key}}">{{.Raw}}</param>{{end}}</function>`,
	"minimax_m2":                 `{{.Text}}<minimax:tool_call><invoke name="{{.Name}}">{{range .Args}}<parameter name="{{.Key}}">{{.Raw}}</parameter>{{end}}</invoke></minimax:tool_call>`,
	"minimax_m3":                 `{{.Text}}]<]minimax[>[<tool_call>]<]minimax[>[<invoke name="{{.Name}}">{{range .Args}}]<]minimax[>[<{{.Key}}>{{.Raw}}]<]minimax[>[</{{.Key}}>{{end}}]<]minimax[>[</invoke>]<]minimax[>[</tool_call>`,
	"mistral":                    `{{.Text}}[TOOL_CALLS]{{.Name}}[ARGS]{{.Arguments}}`,
	"muse_glimmer":               `{{.Text}}<atem:function_calls><atem:invoke name="{{.Name}}">{{range .Args}}<atem:parameter name="{{.Key}}">{{.Raw}}</atem:parameter>{{end}}</atem:invoke></atem:function_calls>`,
	"nemotron_nano_v2":           `{{.Text}}<TOOLCALL>[{"name":"{{.Name}}","arguments":{{.Arguments}}}]</TOOLCALL>`,
	"intern_s1":                  "{{.Text}}<|action_start|> <|plugin|>\n{\"name\": \"{{.Name}}\", \"parameters\": {{.Arguments}}}\n<|action_end|>",
	"hyperclovax_seed_think":     "{{.Text}}<tool_call>{{.Name}}\n{{range .Args}}<arg_key>{{.Key}}</arg_key>\n<arg_value>{{.Raw}}</arg_value>\n{{end}}</tool_call>",
	"hyperclovax_seed_think_14b": "{{if .Text}}{{.Text}}<|im_end|>\n<|im_start|>assistant{{end}} -> tool/function_call\n[{\"name\": \"{{.Name}}\", \"arguments\": {{.Arguments}}}]",
	"rwkv":                       "{{.Text}}\n**Tool Call:**\n```json\n{\"name\": \"{{.Name}}\", \"arguments\": {{.Arguments}}}\n```",
	"minimax_m1":                 "{{.Text}}<tool_calls>\n{\"name\": \"{{.Name}}\", \"arguments\": {{.Arguments}}}\n</tool_calls>",
	"openpangu_v2":               `{{.Text}}<|tool_call_start|>[{"name": "{{.Name}}", "parameters": {{.Arguments}}}]<|tool_call_end|>`,
	"pangu":                      `{{.Text}}<|tool_call_start|>[{"name": "{{.Name}}", "arguments": {{.Arguments}}}]<|tool_call_end|>`,
	"olmo3":                      "{{.Text}}<function_calls>\n{{.Name}}({{.PythonArgs}})\n</function_calls>",
	"phi4_mini":                  `{{.Text}}functools[{"name":"{{.Name}}","arguments":{{.Arguments}}}]`,
	"pythonic":                   `{{.Text}}<|python_start|>[{{.Name}}({{.PythonArgs}})]<|python_end|>`,
	"plamo3":                     "{{.Text}}<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>{{.Name}}<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{{.Arguments}}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|><|plamo:tag|>",
	"qwen25_coder":               "{{.Text}}\n<tools>\n{\"name\": \"{{.Name}}\", \"arguments\": {{.Arguments}}}\n</tools>",
	"qwen3_coder":                "{{.Text}}<tool_call>\n<function={{.Name}}>\n{{range .Args}}<parameter={{.Key}}>\n{{.Raw}}\n</parameter>\n{{end}}</function>\n</tool_call>",
	"seed_oss":                   "{{.Text}}<seed:tool_call>\n<function={{.Name}}>\n{{range .Args}}<parameter={{.Key}}>{{.Raw}}</parameter>\n{{end}}</function>\n</seed:tool_call>",
	"solar_open2":                "{{.Text}}<|tool_call:start|>{{.Name}}\n{{range .Args}}<|tool_arg:start|>{{.Key}}<|tool_arg:value|>{{.Raw}}<|tool_arg:end|>\n{{end}}<|tool_call:end|>",
	"step3":                      `{{.Text}}<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="{{.Name}}">{{range .Args}}<steptml:parameter name="{{.Key}}">{{.Raw}}</steptml:parameter>{{end}}</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`,
	"tool_call":                  `{{.Text}}<tool_call>{"name":"{{.Name}}","arguments":{{.Arguments}}}</tool_call>`,
	"use_tool":                   "{{.Text}}<use_tool>\n<tool_name>{{.Name}}</tool_name>\n<arguments>{{.Arguments}}</arguments>\n</use_tool>",
	"xlam":                       "```json\n[{\"name\":\"{{.Name}}\",\"arguments\":{{.Arguments}}}]\n```",
}

// WriteExample renders c in dialect f as a model would write it (auto: as
// hermes). It is an error for a dialect without a writer.
func WriteExample(f Format, c toolcall.ExampleCall) (string, error) {
	if f == FormatAuto {
		f = FormatHermes
	}
	src, ok := exampleWriters[f]
	if !ok {
		return "", fmt.Errorf("textparse: dialect %q has no example writer", f)
	}
	tmpl, err := template.New(string(f)).Parse(src)
	if err != nil {
		return "", fmt.Errorf("textparse: example writer of %s: %v", f, err)
	}
	var b strings.Builder
	if err := tmpl.Execute(&b, c); err != nil {
		return "", fmt.Errorf("textparse: example writer of %s: %v", f, err)
	}
	return b.String(), nil
}
