package nativeparse

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// render writes recorded events one per line, without offsets:
//
//	text "…" | reasoning "…" | start I ID NAME | args I FRAG |
//	end I NAME ARGS | error CODE I [partial]
func render(evs []toolcall.Event) string {
	var b strings.Builder
	for _, ev := range evs {
		switch ev.Kind {
		case toolcall.KindText, toolcall.KindReasoning:
			fmt.Fprintf(&b, "%s %q\n", ev.Kind, ev.Data)
		case toolcall.KindCallStart:
			fmt.Fprintf(&b, "start %d %s %s\n", ev.Index, ev.ID, ev.Name)
		case toolcall.KindArgsDelta:
			fmt.Fprintf(&b, "args %d %s\n", ev.Index, ev.Data)
		case toolcall.KindCallEnd:
			fmt.Fprintf(&b, "end %d %s %s\n", ev.Index, ev.Call.Name, ev.Call.Arguments)
		case toolcall.KindError:
			fmt.Fprintf(&b, "error %s %d", ev.Err.Code, ev.Err.Index)
			if ev.Err.Partial != "" {
				fmt.Fprintf(&b, " %s", ev.Err.Partial)
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// sse builds an SSE body from data payloads ("event: e\ndata: …" when a
// payload is "e|{…}").
func sse(payloads ...string) string {
	var b strings.Builder
	for _, p := range payloads {
		if i := strings.Index(p, "|"); i > 0 && !strings.HasPrefix(p, "{") && !strings.HasPrefix(p, "[") {
			fmt.Fprintf(&b, "event: %s\n", p[:i])
			p = p[i+1:]
		}
		fmt.Fprintf(&b, "data: %s\n\n", p)
	}
	return b.String()
}

func ndjson(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

// checkChunkings asserts that whole, byte-by-byte, every two-way split
// (for short inputs) and random chunkings give the same recorded events.
func checkChunkings(t *testing.T, format Format, in string) []toolcall.Event {
	t.Helper()
	want := toolcall.Run(mustNew(opts{Format: format}), []byte(in), 0)
	w := render(want) + offsets(want)
	check := func(what string, got []toolcall.Event) {
		t.Helper()
		if g := render(got) + offsets(got); g != w {
			t.Fatalf("%s differs:\n got:\n%s\nwant:\n%s", what, g, w)
		}
	}
	check("byte by byte", toolcall.Run(mustNew(opts{Format: format}), []byte(in), 1))
	if len(in) < 3000 {
		for i := 1; i < len(in); i++ {
			check(fmt.Sprintf("split at %d", i), toolcall.RunChunks(mustNew(opts{Format: format}), [][]byte{[]byte(in[:i]), []byte(in[i:])}))
		}
	}
	rng := rand.New(rand.NewSource(int64(len(in))))
	for range 10 {
		var chunks [][]byte
		for s := in; len(s) > 0; {
			n := min(1+rng.Intn(40), len(s))
			chunks = append(chunks, []byte(s[:n]))
			s = s[n:]
		}
		check("random chunks", toolcall.RunChunks(mustNew(opts{Format: format}), chunks))
	}
	return want
}

func offsets(evs []toolcall.Event) string {
	var b strings.Builder
	for _, ev := range evs {
		fmt.Fprintf(&b, "%d ", ev.Offset)
	}
	return b.String()
}

type parseCase struct {
	name   string
	format Format
	in     string
	want   string
}

func runCases(t *testing.T, cases []parseCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			evs := checkChunkings(t, tc.format, tc.in)
			if got := render(evs); strings.TrimSpace(got) != strings.TrimSpace(tc.want) {
				t.Fatalf("got:\n%s\nwant:\n%s", got, tc.want)
			}
			checkInvariants(t, evs)
		})
	}
}

// checkInvariants: the concatenated args_delta of each ended call equal
// its final arguments (unless an args_mismatch was reported for it), and
// call_start precedes its deltas and end.
func checkInvariants(t *testing.T, evs []toolcall.Event) {
	t.Helper()
	args := map[int]string{}
	started := map[int]bool{}
	mismatch := map[int]bool{}
	for _, ev := range evs {
		switch ev.Kind {
		case toolcall.KindCallStart:
			if started[ev.Index] {
				t.Fatalf("call %d started twice", ev.Index)
			}
			started[ev.Index] = true
		case toolcall.KindArgsDelta:
			if !started[ev.Index] {
				t.Fatalf("args of call %d before its start", ev.Index)
			}
			args[ev.Index] += string(ev.Data)
		case toolcall.KindCallEnd:
			if !started[ev.Index] {
				t.Fatalf("end of call %d before its start", ev.Index)
			}
			if !mismatch[ev.Index] && args[ev.Index] != string(ev.Call.Arguments) {
				t.Fatalf("call %d: deltas %q != final %q", ev.Index, args[ev.Index], ev.Call.Arguments)
			}
		case toolcall.KindError:
			if ev.Err.Code == toolcall.CodeArgsMismatch {
				mismatch[ev.Index] = true
			}
		}
	}
}

// opts shortens the parser options in tests.
type opts = toolcall.ParseOptions

// mustNew builds a parser from options the test knows are valid.
func mustNew(o opts) *Parser {
	p, err := New(o)
	if err != nil {
		panic(err)
	}
	return p
}
