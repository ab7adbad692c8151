package textparse

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// fuzzParse checks the invariants for one input: no panic, text and
// reasoning deltas plus markup spans reconstruct the input, args deltas
// concatenate to valid JSON object arguments, and a random chunking gives
// the events of one chunk.
func fuzzParse(t *testing.T, format Format, withTools bool, in []byte, seed uint64) {
	var set toolcall.ToolSet
	if withTools {
		set = tools
	}
	fuzzParseWith(t, format, set, in, seed)
}

// fuzzParseWith is fuzzParse with the tool set set (nil for none).
func fuzzParseWith(t *testing.T, format Format, set toolcall.ToolSet, in []byte, seed uint64) {
	fuzzParseOpts(t, opts{Format: format, MaxDepth: 16, Tools: set}, in, seed)
}

// fuzzParseOpts checks the invariants of reading in with options o,
// whole and in chunks cut by seed, and that both give the same events.
func fuzzParseOpts(t *testing.T, o opts, in []byte, seed uint64) {
	whole := runRaw(mustNew(o), [][]byte{in})
	if err := checkInvariants(in, whole); err != nil {
		t.Fatalf("whole input: %v", err)
	}
	chunks := randomChunks(rand.New(rand.NewPCG(seed, 1)), in)
	if err := checkInvariants(in, runRaw(mustNew(o), chunks)); err != nil {
		t.Fatalf("chunked: %v", err)
	}
	want := eventLines(toolcall.Run(mustNew(o), in, 0))
	if got := eventLines(toolcall.RunChunks(mustNew(o), chunks)); got != want {
		t.Fatalf("chunking changed the events:\n got:\n%s\nwant:\n%s", got, want)
	}
}

func addSeeds(f *testing.F, prefix string) {
	for _, tc := range parseCases {
		if strings.HasPrefix(tc.name, prefix) {
			f.Add([]byte(tc.in), uint64(len(tc.in)))
		}
	}
}

func FuzzUseTool(f *testing.F) {
	addSeeds(f, "use_tool/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatUseTool, false, in, seed) })
}

func FuzzFunctionCalls(f *testing.F) {
	addSeeds(f, "function_calls/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatFunctionCalls, true, in, seed) })
}

func FuzzToolCall(f *testing.F) {
	addSeeds(f, "tool_call/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatToolCall, false, in, seed) })
}

func FuzzQwen3Coder(f *testing.F) {
	addSeeds(f, "qwen3_coder/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatQwen3Coder, true, in, seed) })
}

func FuzzCline(f *testing.F) {
	addSeeds(f, "cline/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatCline, true, in, seed) })
}

func FuzzAuto(f *testing.F) {
	addSeeds(f, "")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatAuto, true, in, seed) })
}
