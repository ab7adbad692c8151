package prompt

import (
	"fmt"
	"sort"
)

// The text protocols a calling-protocol section can be written for. They
// are the dialects package textparse reads.
const (
	ProtocolUseTool       = "use_tool"
	ProtocolFunctionCalls = "function_calls"
	ProtocolToolCall      = "tool_call"
	ProtocolQwen3Coder    = "qwen3_coder"
)

// Protocols lists the protocol names, sorted.
func Protocols() []string {
	out := make([]string, 0, len(protocols))
	for p := range protocols {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Protocol returns the calling-protocol section for a text protocol: how
// to write a call, one example call, and the rules that keep calls
// parseable. The example calls get_weather with {"city":"Paris","unit":
// "celsius"}; ExampleCall returns just that call's markup.
func Protocol(name string) (string, error) {
	s, ok := protocols[name]
	if !ok {
		return "", fmt.Errorf("prompt: unknown protocol %q", name)
	}
	return s, nil
}

// ExampleCall returns the example call shown in a protocol's section,
// exactly as it appears there (ending with a newline). Parsing it with the
// protocol's dialect yields one call named ExampleTool with arguments
// ExampleArguments.
func ExampleCall(name string) (string, error) {
	s, ok := exampleCalls[name]
	if !ok {
		return "", fmt.Errorf("prompt: unknown protocol %q", name)
	}
	return s, nil
}

// The example call every protocol section shows.
const (
	ExampleTool      = "get_weather"
	ExampleArguments = `{"city":"Paris","unit":"celsius"}`
)

var exampleCalls = map[string]string{
	ProtocolUseTool: `<use_tool>
<tool_name>get_weather</tool_name>
<arguments>{"city": "Paris", "unit": "celsius"}</arguments>
</use_tool>
`,
	ProtocolFunctionCalls: `<function_calls>
<invoke name="get_weather">
<parameter name="city">Paris</parameter>
<parameter name="unit">celsius</parameter>
</invoke>
</function_calls>
`,
	ProtocolToolCall: `<tool_call>
{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}
</tool_call>
`,
	ProtocolQwen3Coder: `<tool_call>
<function=get_weather>
<parameter=city>
Paris
</parameter>
<parameter=unit>
celsius
</parameter>
</function>
</tool_call>
`,
}

const protocolRules = `- Use only the tools listed above, spelled exactly as listed. The example tool get_weather is only an illustration.
- Give every required parameter. Leave out optional parameters you do not need.
- You may make several calls in one reply; write each call as its own block. After your calls, stop and wait for the results.
`

var protocols = map[string]string{
	ProtocolUseTool: `## How to call a tool
Write a use_tool block: the tool's name in <tool_name>, and its arguments as one JSON object in <arguments>. For example, to get the weather in Paris:

` + exampleCalls[ProtocolUseTool] + `
` + protocolRules + `- The arguments must be valid JSON: double-quoted keys and strings, no comments, no trailing commas.
`,
	ProtocolFunctionCalls: `## How to call a tool
Write a function_calls block with one invoke element per call. Name the tool in the invoke's name attribute and give each argument in its own parameter element; the parameter's name attribute is the argument name and its content is the value. For example, to get the weather in Paris:

` + exampleCalls[ProtocolFunctionCalls] + `
` + protocolRules + `- Write strings as plain text, without quotes. Write numbers, booleans, arrays and objects as JSON.
`,
	ProtocolToolCall: `## How to call a tool
Write a tool_call block holding one JSON object with the tool's "name" and its "arguments" object. For example, to get the weather in Paris:

` + exampleCalls[ProtocolToolCall] + `
` + protocolRules + `- The block must hold valid JSON: double-quoted keys and strings, no comments, no trailing commas.
`,
	ProtocolQwen3Coder: `## How to call a tool
Write a tool_call block holding a function element named after the tool (<function=NAME>), with one parameter element per argument (<parameter=ARGUMENT>) whose content is the value. For example, to get the weather in Paris:

` + exampleCalls[ProtocolQwen3Coder] + `
` + protocolRules + `- Write strings as plain text, without quotes. Write numbers, booleans, arrays and objects as JSON.
`,
}
