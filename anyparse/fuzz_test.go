package anyparse

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// FuzzAuto feeds anything to the cross-family auto parser, seeded with the
// text-protocol goldens' inputs and the provider fixtures, and checks: no
// panic; chunking changes nothing; every ended call's args_delta fragments
// concatenate to its arguments, which are one JSON value.
func FuzzAuto(f *testing.F) {
	for _, glob := range []string{"../testdata/nativeparse/*/*.txt", "../suite/examples/transcripts/*"} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b, uint8(5))
			}
		}
	}
	for _, s := range []string{
		"Sure.\n<use_tool><tool_name>read_file</tool_name><arguments>{\"path\":\"a\"}</arguments></use_tool>",
		"<think>hmm</think><tool_call>{\"name\":\"f\",\"arguments\":{\"x\":1}}</tool_call>",
		"{\"answer\": 1}\n<tool_call>\n<function=f>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>",
		"\xef\xbb\xbfdata: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\n",
		"[{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"x\"}]}}]}]",
		// Malformed calls followed by valid ones: recovery must not
		// depend on the chunking nor lose what follows.
		"<tool_call>{\"name\":\"f\",\"arguments\":\"x</tool_call>Hello.\n<tool_call>{\"name\":\"g\",\"arguments\":{}}</tool_call>",
		"<use_tool><tool_name>f</tool_name><arguments>{\"a\":[[[</arguments></use_tool>ok<use_tool><tool_name>g</tool_name><arguments>{}</arguments></use_tool>",
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"a\",\"function\":{\"name\":\"f\",\"arguments\":\"[[[[\"}}]}}]}\n\ndata: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"b\",\"function\":{\"name\":\"g\",\"arguments\":\"{}\"}}]}}]}\n\ndata: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n",
		"data: {not json\n\ndata: " + strings.Repeat("[", 200) + "\n\n{\"model\":\"m\",\"created_at\":\"t\",\"message\":{\"content\":\"hi\"},\"done\":true}\n",
	} {
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, in []byte, size uint8) {
		p, _ := New(opts{})
		whole := toolcall.Run(p, in, 0)
		q, _ := New(opts{})
		parts := toolcall.Run(q, in, int(size%32)+1)
		w, _ := json.Marshal(whole)
		g, _ := json.Marshal(parts)
		if !bytes.Equal(w, g) {
			t.Fatalf("chunking changed events:\nwhole   %s\nchunked %s", w, g)
		}
		args := map[int][]byte{}
		for _, ev := range whole {
			switch ev.Kind {
			case toolcall.KindArgsDelta:
				args[ev.Index] = append(args[ev.Index], ev.Data...)
			case toolcall.KindCallEnd:
				if !bytes.Equal(args[ev.Index], ev.Call.Arguments) {
					t.Fatalf("call %d: deltas %q != arguments %q", ev.Index, args[ev.Index], ev.Call.Arguments)
				}
				if !json.Valid(ev.Call.Arguments) {
					t.Fatalf("call %d: arguments %q are not JSON", ev.Index, ev.Call.Arguments)
				}
			}
		}
	})
}
