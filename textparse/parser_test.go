package textparse

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

var update = flag.Bool("update", false, "rewrite golden files")

func goldenPath(name string) string {
	return filepath.Join("..", "testdata", "textparse", strings.ReplaceAll(name, "/", "__")+".golden")
}

func TestParseTable(t *testing.T) {
	if len(parseCases) < 80 {
		t.Fatalf("only %d table cases", len(parseCases))
	}
	// Names built at run time (a dialect's prefix on shared cases) are
	// checked here; internal/golden's TestNoDuplicateCaseNames checks the
	// written tables of every package. Two names whose golden files are one
	// (a/b__c and a__b/c, or names differing in case on a case-blind file
	// system) would overwrite each other's golden.
	seen := map[string]string{}
	for _, tc := range parseCases {
		key := strings.ToLower(goldenPath(tc.name))
		if other, ok := seen[key]; ok {
			t.Errorf("case %q shares its golden file %s with case %q", tc.name, goldenPath(tc.name), other)
		}
		seen[key] = tc.name
	}
	if t.Failed() {
		t.FailNow()
	}
	for _, tc := range parseCases {
		t.Run(tc.name, func(t *testing.T) {
			in := []byte(tc.in)
			evs := toolcall.Run(mustNew(tc.options()), in, 0)
			if got := summary(evs); got != tc.want {
				t.Errorf("summary\n got: %s\nwant: %s", got, tc.want)
			}
			if err := checkInvariants(in, runRaw(mustNew(tc.options()), [][]byte{in})); err != nil {
				t.Errorf("invariant: %v", err)
			}
			got := eventLines(evs)
			path := goldenPath(tc.name)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./textparse -update)", err)
			}
			if got != string(want) {
				t.Errorf("events differ from %s\n got:\n%s\nwant:\n%s", path, got, want)
			}
		})
	}
}

// TestAnyChunkingSameEvents: one byte at a time, every single split point
// and random chunkings all give the events of one chunk.
func TestAnyChunkingSameEvents(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, tc := range parseCases {
		t.Run(tc.name, func(t *testing.T) { checkAnyChunking(t, r, tc.options(), []byte(tc.in)) })
	}
}

// checkAnyChunking checks that one byte at a time, every single split
// point and random chunkings of in all give the events of one chunk, and
// keep the invariants.
func checkAnyChunking(t *testing.T, r *rand.Rand, o opts, in []byte) {
	t.Helper()
	want := eventLines(toolcall.Run(mustNew(o), in, 0))
	check := func(how string, chunks [][]byte) {
		t.Helper()
		if got := eventLines(toolcall.RunChunks(mustNew(o), chunks)); got != want {
			t.Fatalf("%s:\n got:\n%s\nwant:\n%s", how, got, want)
		}
		if err := checkInvariants(in, runRaw(mustNew(o), chunks)); err != nil {
			t.Fatalf("%s: invariant: %v", how, err)
		}
	}
	check("byte at a time", splitEvery(in, 1))
	for k := 1; k < len(in); k++ {
		check(fmt.Sprintf("split at %d", k), [][]byte{in[:k:k], in[k:]})
	}
	for n := 0; n < 20; n++ {
		check("random chunking", randomChunks(r, in))
	}
}

func splitEvery(in []byte, n int) [][]byte {
	var out [][]byte
	for len(in) > 0 {
		k := min(n, len(in))
		out = append(out, in[:k:k])
		in = in[k:]
	}
	return out
}

func randomChunks(r *rand.Rand, in []byte) [][]byte {
	var out [][]byte
	for len(in) > 0 {
		k := 1 + r.IntN(min(len(in), 1+r.IntN(12)))
		out = append(out, in[:k:k])
		in = in[k:]
	}
	return out
}

// TestEventDataSealed: the data of every event handed out has no spare
// capacity, so a caller appending to it cannot write into the parser's
// scratch or into a later event's bytes (deltas grow in place while a
// Feed runs, sendArgs and emitText, and are sealed before it returns).
func TestEventDataSealed(t *testing.T) {
	for _, tc := range parseCases {
		in := []byte(tc.in)
		for _, chunk := range []int{len(in) + 1, 4} {
			p := mustNew(tc.options())
			var evs []toolcall.Event
			for i := 0; i < len(in); i += chunk {
				evs = append(evs, p.Feed(in[i:min(i+chunk, len(in))])...)
				for _, ev := range evs {
					if cap(ev.Data) != len(ev.Data) {
						t.Fatalf("%s, %d-byte chunks: %s event at %d has cap %d > len %d", tc.name, chunk, ev.Kind, ev.Offset, cap(ev.Data), len(ev.Data))
					}
				}
				evs = evs[:0]
			}
			for _, ev := range p.Close() {
				if cap(ev.Data) != len(ev.Data) {
					t.Fatalf("%s: Close: %s event has cap %d > len %d", tc.name, ev.Kind, cap(ev.Data), len(ev.Data))
				}
			}
		}
	}
}

// TestTextPathAllocatesNothing: feeding plain text allocates nothing per
// chunk once the parser is warm.
func TestTextPathAllocatesNothing(t *testing.T) {
	text := bytes.Repeat([]byte("plain text, a < b, <div>html</div> and 日本語 "), 100)
	p := mustNew(opts{})
	p.Feed(text[:512])
	allocs := testing.AllocsPerRun(50, func() {
		for i := 0; i+16 <= len(text); i += 16 {
			p.Feed(text[i : i+16])
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per pass over plain text", allocs)
	}
}

func TestFormatDetection(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Format
	}{
		{"hi", FormatAuto},
		{"<use_tool>", FormatUseTool},
		{"<function_calls>", FormatFunctionCalls},
		{"<invoke name=\"a\">", FormatFunctionCalls},
		{"<tool_call>{", FormatToolCall},
		{"<tool_call>\n<function=a>", FormatQwen3Coder},
	} {
		p := mustNew(opts{})
		p.Feed([]byte(tc.in))
		if got := p.Format(); got != tc.want {
			t.Errorf("%q: Format()=%q, want %q", tc.in, got, tc.want)
		}
	}
	if got := mustNew(opts{Format: FormatUseTool}).Format(); got != FormatUseTool {
		t.Errorf("configured format: %q", got)
	}
	if _, err := ParseFormat("nope"); err == nil {
		t.Error("ParseFormat accepted nope")
	}
}

// TestOffsetsAreInputOffsets pins a few offsets exactly.
func TestOffsetsAreInputOffsets(t *testing.T) {
	in := "ab<use_tool><tool_name>{{x}}</tool_name></use_tool>cd<use_tool><tool_name>w</tool_name><arguments>{\"a\":tru}</arguments></use_tool>"
	evs := toolcall.Run(mustNew(opts{}), []byte(in), 3)
	var offs []int
	var codes []toolcall.Code
	for _, ev := range evs {
		if ev.Kind == toolcall.KindError {
			offs = append(offs, ev.Offset)
			codes = append(codes, ev.Err.Code)
		}
	}
	wantInvalid := strings.Index(in, "{{x}}")
	wantJSON := strings.Index(in, "tru}") + 3
	if len(offs) != 2 || offs[0] != wantInvalid || codes[0] != toolcall.CodeInvalidToolName || offs[1] != wantJSON || codes[1] != toolcall.CodeInvalidJSON {
		t.Fatalf("errors at %v %v, want [%d %d]", offs, codes, wantInvalid, wantJSON)
	}
	if evs[2].Kind != toolcall.KindText || evs[2].Offset != strings.Index(in, "cd") {
		t.Fatalf("second text event %+v", evs[2])
	}
}
