package record_test

import (
	"fmt"

	"github.com/tooleval/tooleval/record"
)

func ExampleResolveEndpoint() {
	env := map[string]string{"ANTHROPIC_API_KEY": "sk-ant-example", "ANTHROPIC_MODEL": "claude-test"}
	e, err := record.ResolveEndpoint(record.Messages, "", "", "", func(k string) string { return env[k] })
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.URL())
	fmt.Println(e) // the key is never printed
	// Output:
	// https://api.anthropic.com/v1/messages
	// anthropic https://api.anthropic.com/v1 model claude-test (key set)
}

func ExampleEndpoint_Body() {
	e := record.Endpoint{API: record.ChatCompletions, Model: "local-model"}
	body, _ := e.Body(record.Request{System: "Tools: get_forecast", Query: "Rain in Lisbon?", MaxTokens: 256})
	fmt.Println(string(body))
	// Output:
	// {"model":"local-model","messages":[{"role":"system","content":"Tools: get_forecast"},{"role":"user","content":"Rain in Lisbon?"}],"stream":true,"max_tokens":256}
}
