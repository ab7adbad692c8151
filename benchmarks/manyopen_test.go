package benchmarks

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/toolcall"
)

// manyOpenBody is a provider stream that opens n calls, every one before
// any ends, then gives each its arguments and ends them in an order that
// is neither the order they were opened nor its reverse: the shape that
// made every event cost the number of calls open (a 14 MB chat stream of
// 100 000 calls took 12 s; Bedrock's 17 s, Responses' 30 s).
func manyOpenBody(format nativeparse.Format, n int) []byte {
	var b strings.Builder
	order := func(i int) int { return (i * 7919) % n } // a permutation when n is no multiple of 7919
	switch format {
	case nativeparse.OpenAIChat:
		for i := range n {
			fmt.Fprintf(&b, "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":%d,\"id\":\"c%d\",\"function\":{\"name\":\"f\",\"arguments\":\"\"}}]}}]}\n\n", i, i)
		}
		for i := range n {
			fmt.Fprintf(&b, "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":%d,\"function\":{\"arguments\":\"{}\"}}]}}]}\n\n", order(i))
		}
		b.WriteString("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n")
	case nativeparse.OpenAIResponses:
		for i := range n {
			fmt.Fprintf(&b, "data: {\"type\":\"response.output_item.added\",\"output_index\":%d,\"item\":{\"type\":\"function_call\",\"id\":\"fc%d\",\"call_id\":\"c%d\",\"name\":\"f\",\"arguments\":\"\"}}\n\n", i, i, i)
		}
		for i := range n {
			j := order(i)
			fmt.Fprintf(&b, "data: {\"type\":\"response.function_call_arguments.delta\",\"output_index\":%d,\"item_id\":\"fc%d\",\"delta\":\"{}\"}\n\n", j, j)
			fmt.Fprintf(&b, "data: {\"type\":\"response.output_item.done\",\"output_index\":%d,\"item\":{\"type\":\"function_call\",\"id\":\"fc%d\",\"call_id\":\"c%d\",\"name\":\"f\",\"arguments\":\"{}\"}}\n\n", j, j, j)
		}
	case nativeparse.Anthropic:
		for i := range n {
			fmt.Fprintf(&b, "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":%d,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t%d\",\"name\":\"f\",\"input\":{}}}\n\n", i, i)
		}
		for i := range n {
			fmt.Fprintf(&b, "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":%d}\n\n", order(i))
		}
	case nativeparse.Bedrock:
		for i := range n {
			fmt.Fprintf(&b, "{\"contentBlockStart\":{\"contentBlockIndex\":%d,\"start\":{\"toolUse\":{\"toolUseId\":\"t%d\",\"name\":\"f\"}}}}\n", i, i)
		}
		for i := range n {
			j := order(i)
			fmt.Fprintf(&b, "{\"contentBlockDelta\":{\"contentBlockIndex\":%d,\"delta\":{\"toolUse\":{\"input\":\"{}\"}}}}\n", j)
			fmt.Fprintf(&b, "{\"contentBlockStop\":{\"contentBlockIndex\":%d}}\n", j)
		}
	}
	return []byte(b.String())
}

// BenchmarkManyOpenCalls: the cost per call stays the same from 1 000 to
// 30 000 calls open at once (ns/op grows with n, ns per call does not).
func BenchmarkManyOpenCalls(b *testing.B) {
	for _, f := range []nativeparse.Format{nativeparse.OpenAIChat, nativeparse.OpenAIResponses, nativeparse.Anthropic, nativeparse.Bedrock} {
		for _, n := range []int{1000, 30000} {
			in := manyOpenBody(f, n)
			b.Run(fmt.Sprintf("%s/calls=%d", f, n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					p, err := nativeparse.New(toolcall.ParseOptions{Format: toolcall.Format(f)})
					if err != nil {
						b.Fatal(err)
					}
					calls := 0
					for _, ev := range toolcall.Run(p, in, 64<<10) {
						if ev.Kind == toolcall.KindCallEnd {
							calls++
						}
					}
					if calls != n {
						b.Fatalf("%d calls, want %d", calls, n)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/call")
			})
		}
	}
}
