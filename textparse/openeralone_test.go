package textparse

import (
	"sort"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// TestOpenerAloneAtEnd: every registered block's opening markup cut at the
// end of the output, whole and byte by byte, is reported as the tag
// dialects report it. A call's opener (a block's Call marker, or the Open
// of a block whose body follows it at once) is an incomplete_call at the
// opener; a block's Open alone where a Call marker must come first, or
// whose reader gives each call its own opener, is the block's
// missing_closer at the end. Blocks whose Open prose may hold (Probe) are
// text when nothing follows and are left out.
func TestOpenerAloneAtEnd(t *testing.T) {
	var fs []Format
	for f := range dialects {
		fs = append(fs, f)
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i] < fs[j] })
	const lead = "Checking. "
	n := 0
	for _, f := range fs {
		for _, bl := range dialects[f].Blocks {
			if bl.Open == "" || bl.Anchored || bl.Body.Probe {
				continue
			}
			_, section := readerProtos[bl.Body.Read&^(ReadJSON|ReadNameJSON)].(sectionReader)
			in := lead + bl.Open
			want := toolcall.Error{Offset: len(lead), Code: toolcall.CodeIncompleteCall}
			if bl.Call != "" || section {
				want = toolcall.Error{Offset: len(in), Code: toolcall.CodeMissingCloser}
			}
			checkOpenerAlone(t, f, in, want)
			if bl.Call != "" {
				checkOpenerAlone(t, f, in+bl.Call, toolcall.Error{Offset: len(in), Code: toolcall.CodeIncompleteCall})
			}
			n++
		}
	}
	if n < 20 {
		t.Fatalf("only %d blocks checked", n)
	}
}

// checkOpenerAlone parses in as dialect f, whole and byte by byte, and
// wants the text before the opener and the one error want.
func checkOpenerAlone(t *testing.T, f Format, in string, want toolcall.Error) {
	t.Helper()
	for _, chunk := range []int{len(in), 1} {
		p, err := New(opts{Format: f})
		if err != nil {
			t.Fatal(err)
		}
		var errs []toolcall.Error
		var calls int
		var chunks [][]byte
		for i := 0; i < len(in); i += chunk {
			chunks = append(chunks, []byte(in[i:min(i+chunk, len(in))]))
		}
		for _, e := range runRaw(p, chunks) {
			switch e.Kind {
			case toolcall.KindError:
				errs = append(errs, e.Err)
			case toolcall.KindCallStart:
				calls++
			}
		}
		if calls != 0 || len(errs) != 1 || errs[0].Offset != want.Offset || errs[0].Code != want.Code {
			t.Errorf("%s, chunk %d, %q: %d calls, errors %+v; want only %s at %d", f, chunk, in, calls, errs, want.Code, want.Offset)
		}
	}
}
