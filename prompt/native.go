package prompt

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

type openAIChatTool struct {
	Type     string         `json:"type"`
	Function openAIFunction `json:"function"`
}

type openAIFunction struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
}

type openAIResponsesTool struct {
	Type        string          `json:"type"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
}

// openAICustomTool is a custom tool (toolcall.Tool.Custom) as the OpenAI
// Responses API takes it; openAIChatCustomTool as Chat Completions does.
type openAICustomTool struct {
	Type        string          `json:"type,omitempty"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Format      json.RawMessage `json:"format,omitempty"`
}

type openAIChatCustomTool struct {
	Type   string           `json:"type"`
	Custom openAICustomTool `json:"custom"`
}

// builtinFor returns a built-in tool's declaration as given when provider
// is the one that defines it (a type with a date version, bash_20250124, is
// Anthropic's; the others OpenAI's Responses API's), nil otherwise: the
// tool then goes as a function of its name, as any tool does.
func builtinFor(t *toolcall.Tool, provider string) json.RawMessage {
	if len(t.Builtin) == 0 {
		return nil
	}
	var d struct{ Type string }
	if json.Unmarshal(t.Builtin, &d) != nil {
		return nil
	}
	anthropic := toolcall.AnthropicVersioned(d.Type)
	if anthropic && provider == ProviderAnthropic || !anthropic && provider == ProviderOpenAIResponses {
		return t.Builtin
	}
	return nil
}

// customTool is t as a custom tool definition (its type left to the
// caller: "custom" in Responses, none inside Chat's "custom").
func customTool(t *toolcall.Tool) openAICustomTool {
	return openAICustomTool{Name: t.Name, Description: strings.TrimSpace(t.Description), Format: t.CustomFormat}
}

type anthropicTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"input_schema"`
}

type geminiTool struct {
	FunctionDeclarations []geminiFunction `json:"functionDeclarations"`
}

// geminiFunction uses parametersJsonSchema, which takes full JSON Schema,
// rather than parameters, which takes Gemini's OpenAPI subset (no type
// lists, $defs or additionalProperties).
type geminiFunction struct {
	Name                 string          `json:"name"`
	Description          string          `json:"description,omitempty"`
	ParametersJSONSchema json.RawMessage `json:"parametersJsonSchema"`
}

// Native returns the request-side "tools" value a provider API takes for
// tools, as indented JSON:
//
//   - openai-chat: [{"type":"function","function":{"name","description","parameters"}}]
//     (a custom tool: {"type":"custom","custom":{"name","description","format"}})
//   - openai-responses: [{"type":"function","name","description","parameters"}]
//     (a custom tool: {"type":"custom","name","description","format"})
//   - anthropic: [{"name","description","input_schema"}]
//   - gemini: [{"functionDeclarations":[{"name","description","parametersJsonSchema"}]}]
//
// The output ends with a newline.
func Native(tools []toolcall.Tool, provider string) ([]byte, error) {
	v, err := nativeValue(tools, provider)
	if err != nil {
		return nil, err
	}
	b, err := marshal(v, true)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// NativeCompact is Native as a request carries it: compact JSON, no
// trailing newline. Token counts of the native variant measure this.
func NativeCompact(tools []toolcall.Tool, provider string) ([]byte, error) {
	v, err := nativeValue(tools, provider)
	if err != nil {
		return nil, err
	}
	return marshal(v, false)
}

// nativeValue builds the provider's tools value.
func nativeValue(tools []toolcall.Tool, provider string) (any, error) {
	var v any
	switch provider {
	case ProviderOpenAIChat:
		out := make([]any, len(tools))
		for i := range tools {
			t := &tools[i]
			if d := builtinFor(t, provider); d != nil {
				out[i] = d
				continue
			}
			if t.Custom {
				out[i] = openAIChatCustomTool{Type: "custom", Custom: customTool(t)}
				continue
			}
			out[i] = openAIChatTool{Type: "function", Function: openAIFunction{t.Name, strings.TrimSpace(t.Description), compactSchema(t.Parameters)}}
		}
		v = out
	case ProviderOpenAIResponses:
		out := make([]any, len(tools))
		for i := range tools {
			t := &tools[i]
			if d := builtinFor(t, provider); d != nil {
				out[i] = d
				continue
			}
			if t.Custom {
				c := customTool(t)
				c.Type = "custom"
				out[i] = c
				continue
			}
			out[i] = openAIResponsesTool{"function", t.Name, strings.TrimSpace(t.Description), compactSchema(t.Parameters)}
		}
		v = out
	case ProviderAnthropic:
		out := make([]any, len(tools))
		for i := range tools {
			t := &tools[i]
			if d := builtinFor(t, provider); d != nil {
				out[i] = d
				continue
			}
			out[i] = anthropicTool{t.Name, strings.TrimSpace(t.Description), compactSchema(t.Parameters)}
		}
		v = out
	case ProviderGemini:
		fns := make([]geminiFunction, len(tools))
		for i := range tools {
			t := &tools[i]
			fns[i] = geminiFunction{t.Name, strings.TrimSpace(t.Description), compactSchema(t.Parameters)}
		}
		v = []geminiTool{{FunctionDeclarations: fns}}
	default:
		return nil, fmt.Errorf("prompt: unknown native provider %q (want one of %s)", provider, strings.Join(Providers(), ", "))
	}
	return v, nil
}
