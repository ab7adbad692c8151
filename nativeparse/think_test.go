package nativeparse

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// chatContent is a chat.completion.chunk carrying one piece of content.
func chatContent(s string) string {
	return `{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":` + jsonString(s) + `}}]}`
}

// ollamaContent is an Ollama /api/chat line carrying one piece of content.
func ollamaContent(s string) string {
	return `{"model":"m","created_at":"t","message":{"role":"assistant","content":` + jsonString(s) + `},"done":false}`
}

func jsonString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// TestLeadingThinkIsReasoning: a <think> span that opens the content of
// a chat or Ollama stream is reasoning (servers that run no reasoning
// parser leave the tags in the content).
func TestLeadingThinkIsReasoning(t *testing.T) {
	stop := `{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`
	toolDone := `{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`
	call := `{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_q","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"a.go\"}"}}]}}]}`
	ollamaDone := `{"model":"m","created_at":"t","message":{"role":"assistant","content":""},"done":true}`
	runCases(t, []parseCase{
		{"chat think then call", OpenAIChat, sse(chatContent("<think>The file is small.</think>"), call, toolDone), `
reasoning "The file is small."
start 0 call_q read_file
args 0 {"path":"a.go"}
end 0 read_file {"path":"a.go"}`},
		{"ollama think across lines then answer", Ollama, ndjson(ollamaContent("<think>Six times"), ollamaContent(" seven.</think>"), ollamaContent("It is 42."), ollamaDone), `
reasoning "Six times seven."
text "It is 42."`},
		{"tags split across deltas", OpenAIChat, sse(chatContent("<thi"), chatContent("nk>plan"), chatContent(" it</th"), chatContent("ink>\n\nDone."), stop), `
reasoning "plan it"
text "\n\nDone."`},
		{"a closer split after a lone angle", OpenAIChat, sse(chatContent("<think>a < b"), chatContent("<"), chatContent("/think>ok"), stop), `
reasoning "a < b"
text "ok"`},
		{"another tag at the start is text", OpenAIChat, sse(chatContent("<b>bold</b>"), stop), `
text "<b>bold</b>"`},
		{"a longer tag name is text", OpenAIChat, sse(chatContent("<thin"), chatContent("g> one"), stop), `
text "<thing> one"`},
		{"think after text is text", OpenAIChat, sse(chatContent("Hi "), chatContent("<think>x</think>"), stop), `
text "Hi <think>x</think>"`},
		{"a second think after the span is text", Ollama, ndjson(ollamaContent("<think>a</think>b<think>c</think>"), ollamaDone), `
reasoning "a"
text "b<think>c</think>"`},
		{"think never closed is reasoning", OpenAIChat, sse(chatContent("<think>still going"), stop), `
reasoning "still going"`},
		{"opener cut at the end is text", OpenAIChat, sse(chatContent("<thi")), `
text "<thi"`},
		{"closer cut at the end is reasoning", OpenAIChat, sse(chatContent("<think>x</thi")), `
reasoning "x</thi"`},
		{"held angle comes before a call", OpenAIChat, sse(chatContent("<"), call, toolDone), `
text "<"
start 0 call_q read_file
args 0 {"path":"a.go"}
end 0 read_file {"path":"a.go"}`},
		{"server reasoning then plain content", OpenAIChat, sse(
			`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"reasoning_content":"Check."}}]}`, chatContent("Fine."), stop), `
reasoning "Check."
text "Fine."`},
		{"ollama generate response", Ollama, ndjson(`{"model":"m","created_at":"t","response":"<think>hm</think>Yes.","done":true}`), `
reasoning "hm"
text "Yes."`},
	})
	in := []byte(sse(chatContent("<think>a</think>b"), stop))
	got := render(toolcall.Run(mustNew(opts{Format: OpenAIChat, ThinkAsText: true}), in, 1))
	if want := "text \"<think>a</think>b\"\n"; got != want {
		t.Fatalf("ThinkAsText: got %q, want %q", got, want)
	}
}

// TestContentPathAllocatesNothing: plain content, and content inside a
// leading think span, allocate nothing per chunk once the parser is warm.
func TestContentPathAllocatesNothing(t *testing.T) {
	for _, first := range []string{"Plain answer. ", "<think>Reasoning. "} {
		p := mustNew(opts{Format: OpenAIChat})
		p.Feed([]byte("data: " + chatContent(first) + "\n\n"))
		ev := []byte("data: " + chatContent("more words < and </thin") + "\n\n")
		for range 3 {
			p.Feed(ev)
		}
		if n := testing.AllocsPerRun(100, func() { p.Feed(ev) }); n != 0 {
			t.Errorf("%q: %.1f allocations per chunk", first, n)
		}
	}
}
