package prompt_test

import (
	"encoding/json"
	"fmt"

	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/toolcall"
)

var exampleTools = []toolcall.Tool{{
	Name:        "get_weather",
	Description: "Current weather for a city.",
	Parameters:  json.RawMessage(`{"type":"object","properties":{"city":{"type":"string","description":"City name"},"unit":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["city"]}`),
	Source:      "mcp:weather",
}}

func ExampleRender() {
	out, _ := prompt.Render(exampleTools, prompt.VariantDetailed, prompt.Options{})
	fmt.Print(out)
	// Output:
	// ## Available tools
	//
	// ### get_weather
	// Current weather for a city.
	// Parameters:
	// - city (string, required): City name
	// - unit (string, optional; one of "celsius", "fahrenheit")
}

func ExampleRender_retrieved() {
	out, _ := prompt.Render(exampleTools, prompt.VariantRetrieved, prompt.Options{Budget: 200})
	fmt.Print(out)
	// Output:
	// ## AvailableTools (retrieved)
	// Rules:
	// - Only the tools below are available for this request; call them by their exact names.
	// - Give every parameter listed under Required. A "?" marks an optional parameter; leave it out unless you need it.
	// - Use the types shown and respect the Constraints. Do not invent tools or parameters.
	//
	// Tool: get_weather
	// Required: city
	// WhenToUse: Current weather for a city.
	// KeyParams: city: string, unit?: string
	// Constraints: unit one of "celsius", "fahrenheit"
	// Source: mcp:weather
}

func ExampleNative() {
	out, _ := prompt.Native(exampleTools[:1], prompt.ProviderAnthropic)
	var v []map[string]any
	_ = json.Unmarshal(out, &v)
	fmt.Println(v[0]["name"], v[0]["input_schema"].(map[string]any)["required"])
	// Output:
	// get_weather [city]
}

func ExampleExampleCall() {
	call, _ := prompt.ExampleCall(prompt.ProtocolUseTool)
	fmt.Print(call)
	// Output:
	// <use_tool>
	// <tool_name>get_weather</tool_name>
	// <arguments>{"city": "Paris", "unit": "celsius"}</arguments>
	// </use_tool>
}

func ExampleMeasure() {
	out, _ := prompt.Render(exampleTools, prompt.VariantNames, prompt.Options{})
	size, _ := prompt.Measure(out, prompt.EncodingO200k)
	fmt.Printf("%q: %d chars, %d tokens\n", out, size.Chars, size.Tokens[prompt.EncodingO200k])
	// Output:
	// "Available tools: get_weather\n": 29 chars, 6 tokens
}

func ExampleRender_retrievedSearchTool() {
	out, _ := prompt.Render(nil, prompt.VariantRetrieved, prompt.Options{SearchTool: "search_tools"})
	fmt.Print(out)
	// Output:
	// ## AvailableTools (retrieved)
	// Rules:
	// - Only the tools below are available for this request; call them by their exact names.
	// - Give every parameter listed under Required. A "?" marks an optional parameter; leave it out unless you need it.
	// - Use the types shown and respect the Constraints. Do not invent tools or parameters.
	// - If you need a tool, parameter or return value that is not listed below, call search_tools(query) to search the tool corpus again instead of guessing; the tools it finds are added for your next step.
	//
	// No tools matched this request.
}
