package benchmarks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/toolcall"
)

// nativeBody repeats a provider fixture until the body is at least 256 KiB:
// a realistic mix of text deltas, reasoning and streamed tool calls.
func nativeBody(b *testing.B, format nativeparse.Format, fixture string) []byte {
	one, err := os.ReadFile(filepath.Join("..", "testdata", "nativeparse", string(format), fixture+".txt"))
	if err != nil {
		b.Fatal(err)
	}
	var body []byte
	for len(body) < 256<<10 {
		body = append(body, one...)
	}
	return body
}

var nativeBenchInputs = []struct {
	format  nativeparse.Format
	fixture string
}{
	{nativeparse.OpenAIChat, "text_then_call"},
	{nativeparse.OpenAIResponses, "reasoning_then_parallel_calls"},
	{nativeparse.Anthropic, "text_then_call"},
	{nativeparse.Gemini, "reasoning_then_parallel_calls"},
	{nativeparse.Ollama, "reasoning_text_then_call"},
	{nativeparse.Bedrock, "text_then_tool_use"},
}

// BenchmarkNativeParse: MB/s of response bytes through nativeparse at 16
// and 4096-byte chunks, with allocations per emitted event.
func BenchmarkNativeParse(b *testing.B) {
	for _, in := range nativeBenchInputs {
		body := nativeBody(b, in.format, in.fixture)
		for _, chunk := range []int{16, 4096} {
			b.Run(fmt.Sprintf("%s/chunk=%d", in.format, chunk), func(b *testing.B) {
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				var ms0, ms1 runtime.MemStats
				runtime.ReadMemStats(&ms0)
				events := 0
				for b.Loop() {
					p, _ := nativeparse.New(toolcall.ParseOptions{Format: in.format})
					for i := 0; i < len(body); i += chunk {
						events += len(p.Feed(body[i:min(i+chunk, len(body))]))
					}
					events += len(p.Close())
				}
				runtime.ReadMemStats(&ms1)
				b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(max(events, 1)), "allocs/event")
			})
		}
	}
}

// BenchmarkNativeBaseline is what a straightforward client does: buffer
// lines, and decode each event's data with encoding/json into structs.
func BenchmarkNativeBaseline(b *testing.B) {
	for _, in := range nativeBenchInputs {
		if in.format == nativeparse.Bedrock {
			continue // no baseline decoder written for Bedrock's events
		}
		body := nativeBody(b, in.format, in.fixture)
		for _, chunk := range []int{16, 4096} {
			b.Run(fmt.Sprintf("%s/chunk=%d", in.format, chunk), func(b *testing.B) {
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				for b.Loop() {
					var d baselineDecoder
					d.format = in.format
					for i := 0; i < len(body); i += chunk {
						d.feed(body[i:min(i+chunk, len(body))])
					}
				}
			})
		}
	}
}

type baselineDecoder struct {
	format nativeparse.Format
	buf    bytes.Buffer
	text   bytes.Buffer
	args   map[string]*bytes.Buffer
}

func (d *baselineDecoder) feed(chunk []byte) {
	d.buf.Write(chunk)
	for {
		line, err := d.buf.ReadBytes('\n')
		if err != nil {
			rest := append([]byte(nil), line...)
			d.buf.Reset()
			d.buf.Write(rest)
			return
		}
		line = bytes.TrimRight(line, "\r\n")
		if d.format != nativeparse.Ollama {
			if !bytes.HasPrefix(line, []byte("data:")) {
				continue
			}
			line = bytes.TrimSpace(line[5:])
			if bytes.Equal(line, []byte("[DONE]")) {
				continue
			}
		}
		if len(line) > 0 {
			d.event(line)
		}
	}
}

func (d *baselineDecoder) addArgs(key, frag string) {
	if d.args == nil {
		d.args = map[string]*bytes.Buffer{}
	}
	if d.args[key] == nil {
		d.args[key] = &bytes.Buffer{}
	}
	d.args[key].WriteString(frag)
}

type chatChunk struct {
	Choices []struct {
		Index int `json:"index"`
		Delta struct {
			Content          *string `json:"content"`
			ReasoningContent *string `json:"reasoning_content"`
			ToolCalls        []struct {
				Index    int    `json:"index"`
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
}

type responsesEvent struct {
	Type   string `json:"type"`
	ItemID string `json:"item_id"`
	Delta  string `json:"delta"`
	Item   *struct {
		ID        string `json:"id"`
		Type      string `json:"type"`
		Name      string `json:"name"`
		CallID    string `json:"call_id"`
		Arguments string `json:"arguments"`
	} `json:"item"`
}

type anthropicEvent struct {
	Type         string `json:"type"`
	Index        int    `json:"index"`
	ContentBlock *struct {
		Type  string          `json:"type"`
		ID    string          `json:"id"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	} `json:"content_block"`
	Delta *struct {
		Type        string `json:"type"`
		Text        string `json:"text"`
		Thinking    string `json:"thinking"`
		PartialJSON string `json:"partial_json"`
		StopReason  string `json:"stop_reason"`
	} `json:"delta"`
}

type geminiChunk struct {
	Candidates []struct {
		Content struct {
			Parts []struct {
				Text         string `json:"text"`
				Thought      bool   `json:"thought"`
				FunctionCall *struct {
					Name string          `json:"name"`
					Args json.RawMessage `json:"args"`
				} `json:"functionCall"`
			} `json:"parts"`
		} `json:"content"`
		FinishReason string `json:"finishReason"`
	} `json:"candidates"`
}

type ollamaLine struct {
	Message struct {
		Content   string `json:"content"`
		Thinking  string `json:"thinking"`
		ToolCalls []struct {
			Function struct {
				Name      string          `json:"name"`
				Arguments json.RawMessage `json:"arguments"`
			} `json:"function"`
		} `json:"tool_calls"`
	} `json:"message"`
	Done bool `json:"done"`
}

func (d *baselineDecoder) event(data []byte) {
	switch d.format {
	case nativeparse.OpenAIChat:
		var c chatChunk
		if json.Unmarshal(data, &c) == nil {
			for _, ch := range c.Choices {
				if ch.Delta.Content != nil {
					d.text.WriteString(*ch.Delta.Content)
				}
				for _, tc := range ch.Delta.ToolCalls {
					d.addArgs(fmt.Sprint(tc.Index), tc.Function.Arguments)
				}
			}
		}
	case nativeparse.OpenAIResponses:
		var e responsesEvent
		if json.Unmarshal(data, &e) == nil {
			switch e.Type {
			case "response.output_text.delta":
				d.text.WriteString(e.Delta)
			case "response.function_call_arguments.delta":
				d.addArgs(e.ItemID, e.Delta)
			}
		}
	case nativeparse.Anthropic:
		var e anthropicEvent
		if json.Unmarshal(data, &e) == nil && e.Delta != nil {
			d.text.WriteString(e.Delta.Text)
			d.addArgs(fmt.Sprint(e.Index), e.Delta.PartialJSON)
		}
	case nativeparse.Gemini:
		var c geminiChunk
		if json.Unmarshal(data, &c) == nil {
			for _, cand := range c.Candidates {
				for _, p := range cand.Content.Parts {
					d.text.WriteString(p.Text)
					if p.FunctionCall != nil {
						d.addArgs(p.FunctionCall.Name, string(p.FunctionCall.Args))
					}
				}
			}
		}
	case nativeparse.Ollama:
		var l ollamaLine
		if json.Unmarshal(data, &l) == nil {
			d.text.WriteString(l.Message.Content)
			for _, tc := range l.Message.ToolCalls {
				d.addArgs(tc.Function.Name, string(tc.Function.Arguments))
			}
		}
	}
}
