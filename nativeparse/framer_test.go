package nativeparse

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"
)

type rec struct {
	Off   int
	Event string
	Data  string
}

func frameAll(framing Framing, chunks [][]byte) []rec {
	return frameCapped(nil, framing, chunks, 0)
}

// frameCapped frames chunks with a record cap (0: the default); a record
// over the cap shows as "<too large>", and one longer than the cap fails t.
func frameCapped(t *testing.T, framing Framing, chunks [][]byte, limit int) []rec {
	f := NewFramer(framing)
	f.SetMaxRecordBytes(limit)
	var out []rec
	drain := func() {
		for {
			r, ok := f.Next()
			if !ok {
				return
			}
			if t != nil && len(r.Data) > limit {
				t.Fatalf("record of %d bytes over the cap %d", len(r.Data), limit)
			}
			d := string(r.Data)
			if r.TooLarge {
				d = "<too large>"
			}
			out = append(out, rec{r.Offset, string(r.Event), d})
		}
	}
	for _, c := range chunks {
		f.Feed(c)
		drain()
	}
	f.Close()
	drain()
	return out
}

func chunked(s string, n int) [][]byte {
	var out [][]byte
	for len(s) > 0 {
		k := min(n, len(s))
		out = append(out, []byte(s[:k]))
		s = s[k:]
	}
	return out
}

var framerCases = []struct {
	name    string
	framing Framing
	in      string
	want    []rec
}{
	{"lf", FramingSSE, "data: a\n\ndata: b\n\n", []rec{{0, "", "a"}, {9, "", "b"}}},
	{"crlf", FramingSSE, "data: a\r\n\r\ndata: b\r\n\r\n", []rec{{0, "", "a"}, {11, "", "b"}}},
	{"cr", FramingSSE, "data: a\r\rdata: b\r\r", []rec{{0, "", "a"}, {9, "", "b"}}},
	{"mixed line ends", FramingSSE, "data: a\r\n\ndata: b\r\r\n\n", []rec{{0, "", "a"}, {10, "", "b"}}},
	// A lone "{" line hands auto framing to JSON; its CRLF split across chunks must not leave the LF in the value.
	{"lone brace crlf", FramingAuto, "{\r\n\"a\":1}\r\n", []rec{{0, "", "{\n\"a\":1}"}}},
	{"event name", FramingSSE, "event: ping\ndata: {}\n\n", []rec{{0, "ping", "{}"}}},
	{"multi-line data", FramingSSE, "data: {\"a\":\ndata: 1}\n\n", []rec{{0, "", "{\"a\":\n1}"}}},
	{"no space after colon", FramingSSE, "data:x\n\n", []rec{{0, "", "x"}}},
	{"only one space removed", FramingSSE, "data:  x\n\n", []rec{{0, "", " x"}}},
	{"trailing spaces kept", FramingSSE, "data: [DONE]  \n\n", []rec{{0, "", "[DONE]  "}}},
	{"comments", FramingSSE, ": keep-alive\n\n: OPENROUTER PROCESSING\ndata: x\n\n", []rec{{38, "", "x"}}},
	{"id and retry", FramingSSE, "id: 7\nretry: 1000\ndata: x\n\n", []rec{{0, "", "x"}}},
	{"unknown field ignored", FramingSSE, "foo: bar\ndata: x\n\n", []rec{{0, "", "x"}}},
	{"field without colon", FramingSSE, "data\ndata\n\n", []rec{{0, "", "\n"}}},
	{"event without data dropped", FramingSSE, "event: x\n\ndata: y\n\n", []rec{{10, "", "y"}}},
	{"bom", FramingSSE, "\xEF\xBB\xBFdata: x\n\n", []rec{{3, "", "x"}}},
	{"no final blank line", FramingSSE, "data: x\n", []rec{{0, "", "x"}}},
	{"no final line end", FramingSSE, "data: x", []rec{{0, "", "x"}}},
	{"bare json line", FramingSSE, "{\"error\":1}\n", []rec{{0, "", "{\"error\":1}"}}},
	{"utf8 data", FramingSSE, "data: héllo 世界\n\n", []rec{{0, "", "héllo 世界"}}},
	{"ndjson", FramingNDJSON, "{\"a\":1}\n{\"b\":2}\n", []rec{{0, "", "{\"a\":1}"}, {8, "", "{\"b\":2}"}}},
	{"ndjson crlf blank lines", FramingNDJSON, "{\"a\":1}\r\n\r\n  {\"b\":2}  \r\n", []rec{{0, "", "{\"a\":1}"}, {11, "", "{\"b\":2}"}}},
	{"ndjson no final newline", FramingNDJSON, "{\"a\":1}\n{\"b\"", []rec{{0, "", "{\"a\":1}"}, {8, "", "{\"b\""}}},
	{"ndjson bom", FramingNDJSON, "\xEF\xBB\xBF{}\n", []rec{{3, "", "{}"}}},
	{"auto sse", FramingAuto, "\n: hi\nevent: e\ndata: x\n\n", []rec{{6, "e", "x"}}},
	{"auto ndjson", FramingAuto, "\n{\"a\":1}\n", []rec{{1, "", "{\"a\":1}"}}},
	{"json array", FramingJSON, "[{\"a\":1}\n,\r\n{\"b\":[2]}\n]\n", []rec{{1, "", "{\"a\":1}"}, {12, "", "{\"b\":[2]}"}}},
	{"json array pretty-printed", FramingJSON, "[{\n  \"a\": \"x]}\"\n}\n,\r\n{\n  \"b\": 2\n}\n]",
		[]rec{{1, "", "{\n  \"a\": \"x]}\"\n}"}, {21, "", "{\n  \"b\": 2\n}"}}},
	{"json values without array", FramingJSON, "{\"a\":1}{\"b\":2}\n{\n\"c\":3}", []rec{{0, "", "{\"a\":1}"}, {7, "", "{\"b\":2}"}, {15, "", "{\n\"c\":3}"}}},
	{"json scalars", FramingJSON, "[1, \"s\", true,null]", []rec{{1, "", "1"}, {4, "", "\"s\""}, {9, "", "true"}, {14, "", "null"}}},
	{"json nested array element", FramingJSON, "[[1],[2]]", []rec{{1, "", "[1]"}, {5, "", "[2]"}}},
	{"json junk line", FramingJSON, "[{\"a\":1},\noops here \n{\"b\":2}]", []rec{{1, "", "{\"a\":1}"}, {10, "", "oops here"}, {21, "", "{\"b\":2}"}}},
	{"json broken value", FramingJSON, "[{\"a\":tru e}\n,{\"b\":1}]", []rec{{1, "", "{\"a\":tru e}"}, {14, "", "{\"b\":1}"}}},
	{"json cut short", FramingJSON, "[{\"a\":1},{\"b\":", []rec{{1, "", "{\"a\":1}"}, {9, "", "{\"b\":"}}},
	{"json junk at end", FramingJSON, "[{}] x", []rec{{1, "", "{}"}, {5, "", "x"}}},
	{"json bom", FramingJSON, "\xEF\xBB\xBF[{}]", []rec{{4, "", "{}"}}},
	{"auto json array", FramingAuto, "\xEF\xBB\xBF\r\n[{\n\"a\":1}\r\n,\r\n{\"b\":2}]", []rec{{6, "", "{\n\"a\":1}"}, {19, "", "{\"b\":2}"}}},
	{"auto json array whole line", FramingAuto, "[{\"a\":1},{\"b\":2}]\n", []rec{{1, "", "{\"a\":1}"}, {9, "", "{\"b\":2}"}}},
	{"auto pretty-printed object", FramingAuto, "{\n  \"error\": {\"code\": 400}\n}\n", []rec{{0, "", "{\n  \"error\": {\"code\": 400}\n}"}}},
}

func TestFramer(t *testing.T) {
	for _, tc := range framerCases {
		t.Run(tc.name, func(t *testing.T) {
			got := frameAll(tc.framing, [][]byte{[]byte(tc.in)})
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestFramerAnyChunking: every split point, byte-by-byte and random
// chunkings give the same records as the whole body.
func TestFramerAnyChunking(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, tc := range framerCases {
		t.Run(tc.name, func(t *testing.T) {
			for i := 0; i <= len(tc.in); i++ {
				got := frameAll(tc.framing, [][]byte{[]byte(tc.in[:i]), []byte(tc.in[i:])})
				if !reflect.DeepEqual(got, tc.want) {
					t.Fatalf("split at %d:\n got  %+v\nwant %+v", i, got, tc.want)
				}
			}
			if got := frameAll(tc.framing, chunked(tc.in, 1)); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("byte by byte: got %+v", got)
			}
			for range 20 {
				var chunks [][]byte
				for s := tc.in; len(s) > 0; {
					n := min(1+rng.Intn(5), len(s))
					chunks = append(chunks, []byte(s[:n]))
					s = s[n:]
				}
				if got := frameAll(tc.framing, chunks); !reflect.DeepEqual(got, tc.want) {
					t.Fatalf("chunks %q: got %+v", chunks, got)
				}
			}
		})
	}
}

func TestFramerIDRetry(t *testing.T) {
	f := NewFramer(FramingSSE)
	f.Feed([]byte("id: abc\nretry: 250\nretry: x\ndata: 1\n\n"))
	if _, ok := f.Next(); !ok {
		t.Fatal("no record")
	}
	if string(f.LastEventID()) != "abc" || f.Retry() != 250 {
		t.Fatalf("id %q retry %d", f.LastEventID(), f.Retry())
	}
	if f.Framing() != FramingSSE || f.Framing().String() != "sse" {
		t.Fatal(f.Framing())
	}
}

func FuzzFramer(f *testing.F) {
	for _, tc := range framerCases {
		f.Add(tc.in, uint8(tc.framing), uint8(3))
	}
	f.Fuzz(func(t *testing.T, in string, framing, size uint8) {
		fr := Framing(framing % 4)
		whole := frameAll(fr, [][]byte{[]byte(in)})
		parts := frameAll(fr, chunked(in, int(size%16)+1))
		if !reflect.DeepEqual(whole, parts) {
			t.Fatalf("chunking changed records:\nwhole %+v\nparts %+v", whole, parts)
		}
		for _, r := range whole {
			if r.Off < 0 || r.Off > len(in) {
				t.Fatalf("offset %d out of range", r.Off)
			}
		}
	})
}

func ExampleFramer() {
	f := NewFramer(FramingAuto)
	for _, chunk := range []string{"event: ping\r\nda", "ta: {}\r\n\r\ndata: [DONE]\r\n\r\n"} {
		f.Feed([]byte(chunk))
		for {
			rec, ok := f.Next()
			if !ok {
				break
			}
			fmt.Printf("%d %q %s\n", rec.Offset, rec.Event, rec.Data)
		}
	}
	f.Close()
	_, more := f.Next()
	fmt.Println(more)
	// Output:
	// 0 "ping" {}
	// 25 "" [DONE]
	// false
}

// FuzzFramerCap runs the framer with a small record cap, so that the
// fuzzer's inputs cross it, and checks that chunk sizes on both sides of
// the cap give the records of the whole body and that no record is longer
// than the cap.
func FuzzFramerCap(f *testing.F) {
	for _, tc := range framerCases {
		f.Add(tc.in, uint8(tc.framing), uint8(5))
	}
	f.Add("  [{\"a\":\"xxxxxxxxxxxxxxxxxxxx\"},\n{\"b\":1}]", uint8(FramingAuto), uint8(9))
	f.Add(": long comment line here\ndata: 1\ndata: 22222222222\n\ndata: 3\n\n", uint8(FramingAuto), uint8(8))
	f.Add("{\"x\":\"yyyyyyyyyyyyyyyyyyyy\"}\n{\"z\":1}\n", uint8(FramingAuto), uint8(10))
	f.Add("\xEF\xBB\xBF   [1,\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",2]", uint8(FramingAuto), uint8(6))
	f.Fuzz(func(t *testing.T, in string, framing, capBytes uint8) {
		limit := int(capBytes%48) + 1
		run := func(chunks [][]byte) []rec { return frameCapped(t, Framing(framing%4), chunks, limit) }
		whole := run([][]byte{[]byte(in)})
		for _, cs := range []int{1, limit - 1, limit, limit + 1, limit + 2} {
			if cs < 1 {
				continue
			}
			if parts := run(chunked(in, cs)); !reflect.DeepEqual(whole, parts) {
				t.Fatalf("chunk %d, cap %d changed records:\nwhole %+v\nparts %+v", cs, limit, whole, parts)
			}
		}
	})
}
