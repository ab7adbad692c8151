package toolcall

import (
	"encoding/json"
	"errors"
	"testing"
)

// fakeParser emits one text event per fed chunk and a call on Close, to test
// the Recorder and Collector without a real parser.
type fakeParser struct {
	off int
	buf []Event
}

func (f *fakeParser) Feed(chunk []byte) []Event {
	f.buf = append(f.buf[:0], Event{Kind: KindText, Offset: f.off, Data: chunk, Index: -1})
	f.off += len(chunk)
	return f.buf
}

func (f *fakeParser) Close() []Event {
	args := []byte(`{"a":1}`)
	return []Event{
		{Kind: KindCallStart, Offset: f.off, Index: 0, ID: "call_0", Name: "t"},
		{Kind: KindArgsDelta, Offset: f.off, Index: 0, Data: args[:3]},
		{Kind: KindArgsDelta, Offset: f.off, Index: 0, Data: args[3:]},
		{Kind: KindCallEnd, Offset: f.off, Index: 0, Call: Call{Index: 0, ID: "call_0", Name: "t", Arguments: args}},
		ErrorEvent(f.off, CodeIncompleteCall, 1, "stream ended inside call %d", 1),
	}
}

func TestRunMergesDeltasWhateverTheChunking(t *testing.T) {
	in := []byte("hello, world")
	want := Run(&fakeParser{}, in, 0)
	for cs := 1; cs <= len(in); cs++ {
		got := Run(&fakeParser{}, in, cs)
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if string(gj) != string(wj) {
			t.Fatalf("chunk size %d:\n got %s\nwant %s", cs, gj, wj)
		}
	}
	if len(want) != 5 || string(want[0].Data) != "hello, world" || string(want[2].Data) != `{"a":1}` {
		t.Fatalf("unexpected events %+v", want)
	}
}

func TestEventJSON(t *testing.T) {
	evs := Run(&fakeParser{}, []byte("hi"), 1)
	var lines []string
	for _, ev := range evs {
		b, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	want := []string{
		`{"type":"text","offset":0,"text":"hi"}`,
		`{"type":"call_start","offset":2,"index":0,"id":"call_0","name":"t"}`,
		`{"type":"args_delta","offset":2,"index":0,"delta":"{\"a\":1}"}`,
		`{"type":"call_end","offset":2,"index":0,"call":{"index":0,"id":"call_0","name":"t","arguments":{"a":1}}}`,
		`{"type":"error","offset":2,"index":1,"code":"incomplete_call","message":"stream ended inside call 1"}`,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines: %v", len(lines), lines)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i, lines[i], want[i])
		}
	}
}

func TestCollectorResult(t *testing.T) {
	r := Collect("use_tool", Run(&fakeParser{}, []byte("a<b"), 1))
	b, _ := json.Marshal(r)
	want := `{"format":"use_tool","text":"a\u003cb","reasoning":"","calls":[{"index":0,"id":"call_0","name":"t","arguments":{"a":1}}],"errors":[{"offset":3,"code":"incomplete_call","message":"stream ended inside call 1","index":1}]}`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
	var back Result
	if err := json.Unmarshal(b, &back); err != nil || back.Errors[0].Index != 1 {
		t.Fatalf("round trip: %v %+v", err, back)
	}
	empty, _ := json.Marshal(Collect("x", nil))
	if string(empty) != `{"format":"x","text":"","reasoning":"","calls":[],"errors":[]}` {
		t.Fatalf("empty result %s", empty)
	}
}

func TestKindNames(t *testing.T) {
	for k := KindText; k <= KindError; k++ {
		back, ok := ParseKind(k.String())
		if !ok || back != k {
			t.Errorf("kind %d: %q does not round-trip", k, k.String())
		}
	}
}

// FileError prints what it knows, in one order, for every loader.
func TestFileError(t *testing.T) {
	cause := errors.New("bad JSON")
	for _, c := range []struct {
		e    FileError
		want string
	}{
		{FileError{File: "s.jsonl", Message: "the suite has no cases"}, "s.jsonl: the suite has no cases"},
		{FileError{File: "s.jsonl", Line: 3, Field: "transcript.format", Message: "unknown"}, "s.jsonl:3: transcript.format: unknown"},
		{FileError{File: "c.json", Line: 2, Column: 7, Field: "$[1].name", Message: "want a string"}, "c.json:2:7: $[1].name: want a string"},
		{FileError{File: "c.json", Column: 7, Message: "m"}, "c.json: m"},
		{FileError{File: "BFCL_v4_simple.json", Line: 9, ID: "simple_1", Field: "question", Err: cause}, `BFCL_v4_simple.json:9: id "simple_1": question: bad JSON`},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
	var err error = &FileError{File: "f", Err: cause}
	if !errors.Is(err, cause) {
		t.Error("errors.Is does not see the cause")
	}
	b, _ := json.Marshal(&FileError{File: "s.jsonl", Line: 2, Field: "id", Message: "missing", Err: cause})
	if string(b) != `{"file":"s.jsonl","line":2,"field":"id","message":"missing"}` {
		t.Errorf("JSON %s", b)
	}
}
