package nativeparse

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/growth"
	"github.com/tooleval/tooleval/toolcall"
)

// hostile inputs, each built at a given size, with the error code the
// parser must report for them.
var hostileInputs = []struct {
	name   string
	format Format
	opts   opts
	gen    func(n int) []byte
	code   toolcall.Code
}{
	{"sse data line of [", Auto, opts{}, func(n int) []byte {
		return []byte("data: " + strings.Repeat("[", n) + "\ndata: 1\n\n")
	}, toolcall.CodeTooDeep},
	{"chat arguments of [", OpenAIChat, opts{}, func(n int) []byte {
		return []byte(sse(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"`+strings.Repeat("[", n)+`"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`))
	}, toolcall.CodeTooDeep},
	{"anthropic partial_json of [", Anthropic, opts{}, func(n int) []byte {
		return []byte(sse(`content_block_start|{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}`,
			`content_block_delta|{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":`+strings.Repeat("[", n)+`"}}`,
			`content_block_stop|{"type":"content_block_stop","index":0}`))
	}, toolcall.CodeTooDeep},
	{"ollama arguments nested", Ollama, opts{}, func(n int) []byte {
		return []byte(`{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":{"a":` +
			strings.Repeat("[", n) + strings.Repeat("]", n) + `}}}]},"done":true}` + "\n")
	}, toolcall.CodeTooDeep},
	{"endless comment line", Auto, opts{MaxRecordBytes: 32 << 10}, func(n int) []byte {
		return []byte(": " + strings.Repeat("x", n) + "\n")
	}, toolcall.CodeTooLarge},
	{"endless ndjson line", Ollama, opts{MaxRecordBytes: 32 << 10}, func(n int) []byte {
		return []byte(`{"model":"m","created_at":"t","message":{"content":"` + strings.Repeat("x", n))
	}, toolcall.CodeTooLarge},
	{"endless json array element", Gemini, opts{MaxRecordBytes: 32 << 10}, func(n int) []byte {
		return []byte(`[{"candidates":[{"content":{"parts":[{"text":"` + strings.Repeat("x", n) + `"}]}}]}]`)
	}, toolcall.CodeTooLarge},
	{"sse event of many data lines", OpenAIChat, opts{MaxRecordBytes: 32 << 10}, func(n int) []byte {
		return []byte(strings.Repeat("data: xxxxxxxxxxxxxxxxxxxxxxxx\n", n/32) + "\n")
	}, toolcall.CodeTooLarge},
}

// Every hostile input is reported with its cap's error code, with a short
// message, and costs memory linear in its size (quadratic before: a 20,000
// byte line of '[' took 25 s).
func TestHostileInputsLinear(t *testing.T) {
	for _, h := range hostileInputs {
		t.Run(h.name, func(t *testing.T) {
			run := func(in []byte) []toolcall.Event {
				o := h.opts
				o.Format = h.format
				return toolcall.Run(mustNew(o), in, 4096)
			}
			for _, n := range []int{64 << 10, 1 << 20} {
				evs := run(h.gen(n))
				var codes []toolcall.Code
				for _, ev := range evs {
					if ev.Kind == toolcall.KindError {
						codes = append(codes, ev.Err.Code)
						if len(ev.Err.Message) > 300 {
							t.Fatalf("%d: error message of %d bytes: %.300s", n, len(ev.Err.Message), ev.Err.Message)
						}
					}
					if ev.Kind == toolcall.KindCallEnd {
						t.Fatalf("%d: a call was accepted: %.100s", n, ev.Call.Arguments)
					}
				}
				if len(codes) != 1 || codes[0] != h.code {
					t.Fatalf("%d: errors %v, want one %s", n, codes, h.code)
				}
			}
			growth.Linear(t, 64<<10, h.gen, func(in []byte) { run(in) })
		})
	}
}

// A line over the cap is reported where it begins and the stream goes on
// with the next line, whatever the chunking.
func TestRecordCapSkipsToNextLine(t *testing.T) {
	in := ndjson(`{"model":"m","created_at":"t","message":{"role":"assistant","content":"`+strings.Repeat("x", 300)+`"},"done":false}`,
		`{"model":"m","created_at":"t","message":{"role":"assistant","content":"ok"},"done":false}`,
		`{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":{}}}]},"done":true}`)
	first := strings.Index(in, "\n") // the first line's length
	for _, cap := range []int{first - 1, first, first + 1, 1 << 20} {
		var want string
		for cs := 0; cs < 40; cs++ {
			evs := toolcall.Run(mustNew(opts{Format: Ollama, MaxRecordBytes: cap}), []byte(in), cs)
			got := render(evs) + offsets(evs)
			if cs == 0 {
				want = got
				r := toolcall.Collect("ollama", evs)
				if len(r.Calls) != 1 || !strings.HasSuffix(r.Text, "ok") || (cap < first) != (r.Text == "ok") {
					t.Fatalf("cap %d: %+v", cap, r)
				}
				if cap < first && (len(r.Errors) != 1 || r.Errors[0].Code != toolcall.CodeTooLarge || r.Errors[0].Offset != 0) {
					t.Fatalf("cap %d: errors %+v, want too_large at 0", cap, r.Errors)
				}
				continue
			}
			if got != want {
				t.Fatalf("cap %d chunk %d:\n%s\nwant\n%s", cap, cs, got, want)
			}
		}
	}
}

// Arguments exactly at the depth cap pass; one more level is too_deep, for
// streamed (string) and whole (object) arguments alike.
func TestArgumentDepthCap(t *testing.T) {
	chat := func(args string) string {
		q := strings.ReplaceAll(args, `"`, `\"`)
		return sse(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"`+q+`"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`)
	}
	ollama := func(args string) string {
		return ndjson(`{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":` + args + `}}]},"done":true}`)
	}
	nest := func(d int) string { // an object plus d-1 arrays
		return `{"a":` + strings.Repeat("[", d-1) + strings.Repeat("]", d-1) + `}`
	}
	for _, tc := range []struct {
		format Format
		build  func(string) string
	}{{OpenAIChat, chat}, {Ollama, ollama}} {
		for _, depth := range []int{8, toolcall.DefaultMaxDepth} {
			o := opts{Format: tc.format}
			if depth != toolcall.DefaultMaxDepth {
				o.MaxDepth = depth
			}
			r := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(tc.build(nest(depth))), 7))
			if len(r.Calls) != 1 || len(r.Errors) != 0 {
				t.Fatalf("%s depth %d: %+v", tc.format, depth, r)
			}
			r = toolcall.Collect("", toolcall.Run(mustNew(o), []byte(tc.build(nest(depth+1))), 7))
			if len(r.Calls) != 0 || len(r.Errors) != 1 || r.Errors[0].Code != toolcall.CodeTooDeep {
				t.Fatalf("%s depth %d+1: %+v", tc.format, depth, r)
			}
		}
	}
}

// The depth option is clamped to what the wire decoder can read.
func TestMaxDepthClamped(t *testing.T) {
	p := mustNew(opts{Format: Ollama, MaxDepth: 1 << 20})
	if p.cfg.maxDepth != MaxDepthLimit {
		t.Fatalf("max depth %d, want %d", p.cfg.maxDepth, MaxDepthLimit)
	}
	in := []byte(`{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":{"a":` +
		strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}}}]},"done":true}` + "\n")
	r := toolcall.Collect("", toolcall.Run(p, in, 0))
	if len(r.Errors) != 1 || r.Errors[0].Code != toolcall.CodeTooDeep || !bytes.Contains([]byte(r.Errors[0].Message), []byte("deeper than")) {
		t.Fatalf("%+v", r.Errors)
	}
}

// capBody builds, from a small fuzz seed, a body in one of the framings
// whose records and arguments reach the record and depth caps: a record
// repeating unit rep times, a call nested depth deep, then a valid call.
func capBody(framing uint8, unit string, rep, depth int) (Format, []byte) {
	long := strings.Repeat(unit, rep)
	q := strconv.Quote(long)
	nested := `{"a":` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`
	switch framing % 3 {
	case 0: // SSE, OpenAI chat: long text, deep streamed arguments
		return OpenAIChat, []byte(sse(`{"choices":[{"index":0,"delta":{"content":`+q+`}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","function":{"name":"f","arguments":`+strconv.Quote(nested)+`}}]}}]}`,
			`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"b","function":{"name":"g","arguments":"{}"}}]}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`) + ": " + long + "\n")
	case 1: // NDJSON, Ollama
		return Ollama, []byte(ndjson(`{"model":"m","created_at":"t","message":{"role":"assistant","content":`+q+`},"done":false}`,
			`{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":`+nested+`}}]},"done":false}`,
			`{"model":"m","created_at":"t","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"g","arguments":{}}}]},"done":true}`))
	default: // a JSON array, Gemini
		return Gemini, []byte(`[{"candidates":[{"content":{"parts":[{"text":` + q + `}]}}]}` + "\n," +
			`{"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","args":` + nested + `}}]}}]}` + "\n," +
			`{"candidates":[{"content":{"parts":[{"functionCall":{"name":"g","args":{}}}]}}]}]`)
	}
}

// FuzzCaps grows small seeds into bodies that cross the record, argument
// and depth caps and checks that chunk sizes on both sides of each cap give
// the events of the whole body, and that the call after the hostile
// records is still found.
func FuzzCaps(f *testing.F) {
	f.Add(uint8(0), "x", uint16(300), uint8(10), uint16(200))
	f.Add(uint8(1), "é\\", uint16(1000), uint8(130), uint16(900))
	f.Add(uint8(2), "[", uint16(64), uint8(127), uint16(64))
	f.Add(uint8(0), "\"", uint16(5000), uint8(200), uint16(4000))
	f.Add(uint8(1), "\n", uint16(50), uint8(0), uint16(30))
	f.Fuzz(func(t *testing.T, framing uint8, unit string, rep uint16, depth uint8, capBytes uint16) {
		if unit == "" {
			unit = "x"
		}
		format, in := capBody(framing, unit, int(rep%8192), int(depth))
		limit := int(capBytes) + 16
		callCap := limit/2 + 1 // the argument cap crossed too
		run := func(cs int) []toolcall.Event {
			return toolcall.Run(mustNew(opts{Format: format, MaxRecordBytes: limit, MaxCallBytes: callCap}), in, cs)
		}
		whole := run(0)
		checkInvariants(t, whole)
		want := render(whole) + offsets(whole)
		for _, cs := range []int{1, 7, callCap - 1, callCap + 1, limit - 1, limit, limit + 1} {
			if got := run(cs); render(got)+offsets(got) != want {
				t.Fatalf("chunk %d (cap %d): events differ:\n%s\nwant\n%s", cs, limit, render(got), want)
			}
		}
		if !strings.Contains(unit, "\n") && !strings.Contains(want, "end 1 g {}") && !strings.Contains(want, "end 0 g {}") {
			// g comes last and is small: only a record cap below its own
			// size may drop it.
			if limit > 200 {
				t.Fatalf("the call after the hostile records was lost (cap %d):\n%s", limit, want)
			}
		}
	})
}

// A content block index far past the blocks seen is reported, and the
// block table does not grow to it (a 2^30 index took gigabytes); a few
// skipped indexes (a proxy that dropped a block) are read on.
func TestAnthropicBlockIndexBounded(t *testing.T) {
	start := func(i int) string {
		return `content_block_start|{"type":"content_block_start","index":` + strconv.Itoa(i) + `,"content_block":{"type":"text","text":"x"}}`
	}
	for _, tc := range []struct {
		index  int
		errors int
	}{{3, 0}, {maxBlockGap, 0}, {maxBlockGap + 1, 1}, {1 << 30, 1}} {
		p := mustNew(opts{Format: Anthropic})
		evs := toolcall.Run(p, []byte(sse(start(tc.index))), 0)
		n := 0
		for _, ev := range evs {
			if ev.Kind == toolcall.KindError {
				if ev.Err.Code != toolcall.CodeInvalidEvent {
					t.Fatalf("index %d: %v", tc.index, ev.Err)
				}
				n++
			}
		}
		if n != tc.errors || len(p.anthropic.blocks) > maxBlockGap+1 {
			t.Fatalf("index %d: %d errors (want %d), %d blocks", tc.index, n, tc.errors, len(p.anthropic.blocks))
		}
	}
}

// TestCutWithManyOpenCalls: a stream cut while several calls are open
// reports each incomplete, in order, however many (the open list is
// swept while Close walks it).
func TestCutWithManyOpenCalls(t *testing.T) {
	for _, n := range []int{2, 3, 17, 40} {
		var payloads []string
		for i := range n {
			payloads = append(payloads, `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":`+strconv.Itoa(i)+`,"id":"c`+strconv.Itoa(i)+`","function":{"name":"f","arguments":"{"}}]}}]}`)
		}
		evs := toolcall.Run(mustNew(opts{Format: OpenAIChat}), []byte(sse(payloads...)), 0)
		var got []int
		for _, ev := range evs {
			if ev.Kind == toolcall.KindError && ev.Err.Code == toolcall.CodeIncompleteCall {
				got = append(got, ev.Err.Index)
			}
		}
		if len(got) != n {
			t.Fatalf("%d open calls: incomplete %v", n, got)
		}
		for i, idx := range got {
			if idx != i {
				t.Fatalf("%d open calls: incomplete in order %v", n, got)
			}
		}
	}
}
