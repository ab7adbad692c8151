package jsonscan

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

type scanResult struct {
	n      int  // bytes consumed
	done   bool // value complete
	errOff int  // -1 when no error
	deep   bool
}

// scanAll feeds in to a fresh scanner in chunks of size cs and calls End
// when the input runs out before the value ends.
func scanAll(in string, cs int, depth int) scanResult {
	var s Scanner
	s.SetMaxDepth(depth)
	b := []byte(in)
	total := 0
	for len(b) > 0 {
		k := min(cs, len(b))
		n := s.Feed(b[:k])
		total += n
		if n < k || s.Done() || s.Err() != nil {
			break
		}
		b = b[k:]
	}
	if !s.Done() && s.Err() == nil && total == len(in) {
		s.End()
	}
	r := scanResult{n: total, done: s.Done(), errOff: -1}
	if e := s.Err(); e != nil {
		r.errOff, r.deep = e.Offset, e.TooDeep
	}
	return r
}

var scanCases = []struct {
	name string
	in   string
	want scanResult
}{
	{"empty object", `{}`, scanResult{2, true, -1, false}},
	{"object with trailing text", `{"a":1}</arguments>`, scanResult{7, true, -1, false}},
	{"closing tag inside string", `{"a":"</arguments>"} x`, scanResult{20, true, -1, false}},
	{"escaped quote", `{"a":"x\"}"}`, scanResult{12, true, -1, false}},
	{"unicode escape", `["\u00e9\ud83d\ude00"]`, scanResult{22, true, -1, false}},
	{"nested", `{"a":[1,{"b":true},{"c":null},-0.5e+3]}`, scanResult{39, true, -1, false}},
	{"leading whitespace", " \n\t{ \"a\" : 1 }", scanResult{14, true, -1, false}},
	{"top-level number ends at delimiter", `123 `, scanResult{3, true, -1, false}},
	{"top-level number ends at end", `-12.5e3`, scanResult{7, true, -1, false}},
	{"top-level string", `"hi" rest`, scanResult{4, true, -1, false}},
	{"top-level literal", `true,`, scanResult{4, true, -1, false}},
	{"leading zero", `[01]`, scanResult{2, false, 2, false}},
	{"bad literal", `{"a":tru}`, scanResult{8, false, 8, false}},
	{"missing colon", `{"a" 1}`, scanResult{5, false, 5, false}},
	{"trailing comma", `[1,]`, scanResult{3, false, 3, false}},
	{"object trailing comma", `{"a":1,}`, scanResult{7, false, 7, false}},
	{"control char in string", "[\"a\nb\"]", scanResult{3, false, 3, false}},
	{"bad escape", `["\x"]`, scanResult{3, false, 3, false}},
	{"bad hex", `["\u12g4"]`, scanResult{6, false, 6, false}},
	{"mismatched bracket", `{"a":[1}`, scanResult{7, false, 7, false}},
	{"number missing fraction", `[1.]`, scanResult{3, false, 3, false}},
	{"lone minus", `[-]`, scanResult{2, false, 2, false}},
	{"truncated object", `{"a":`, scanResult{5, false, 5, false}},
	{"truncated string", `"abc`, scanResult{4, false, 4, false}},
	{"unexpected start", `}`, scanResult{0, false, 0, false}},
	{"too deep", `[[[[1]]]]`, scanResult{3, false, 3, true}},
	{"deep enough", `[[[1]]]`, scanResult{7, true, -1, false}},
}

func TestScannerTable(t *testing.T) {
	for _, tc := range scanCases {
		t.Run(tc.name, func(t *testing.T) {
			for cs := 1; cs <= len(tc.in); cs++ {
				got := scanAll(tc.in, cs, 3)
				if got != tc.want {
					t.Fatalf("chunk size %d: got %+v, want %+v", cs, got, tc.want)
				}
			}
		})
	}
}

// TestScannerAgreesWithEncodingJSON checks validity against encoding/json on
// generated documents, whole and in random chunks.
func TestScannerAgreesWithEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	atoms := []string{`1`, `-0`, `0.5`, `1e9`, `"s"`, `"\n"`, `true`, `false`, `null`, `{}`, `[]`, `"\"}"`, `-`, `01`, `1.`, `"\q"`, `tru`}
	for i := 0; i < 3000; i++ {
		doc := genDoc(r, atoms, 3)
		var s Scanner
		b := []byte(doc)
		for len(b) > 0 && s.Err() == nil && !s.Done() {
			k := 1 + r.IntN(len(b))
			n := s.Feed(b[:k])
			b = b[n:]
			if n < k {
				break
			}
		}
		if !s.Done() && s.Err() == nil {
			s.End()
		}
		valid := s.Done() && s.Offset() == len(doc)
		if valid != json.Valid([]byte(doc)) {
			t.Fatalf("%q: scanner says valid=%v (done=%v off=%d err=%v), encoding/json disagrees", doc, valid, s.Done(), s.Offset(), s.Err())
		}
	}
}

func genDoc(r *rand.Rand, atoms []string, depth int) string {
	if depth == 0 || r.IntN(3) == 0 {
		return atoms[r.IntN(len(atoms))]
	}
	n := r.IntN(3)
	if r.IntN(2) == 0 {
		s := "["
		for i := 0; i < n; i++ {
			if i > 0 {
				s += ","
			}
			s += genDoc(r, atoms, depth-1)
		}
		return s + "]"
	}
	s := "{"
	for i := 0; i < n; i++ {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(`"k%d":`, i) + genDoc(r, atoms, depth-1)
	}
	return s + "}"
}

func TestPendingHoldsNumbersAndLiterals(t *testing.T) {
	cases := []struct {
		chunks  []string
		pending []int
	}{
		{[]string{`{"a":1`, `2`, `}`}, []int{1, 2, 0}},
		{[]string{`[tr`, `ue`, `]`}, []int{2, 0, 0}},
		{[]string{`[fal`, `se,nu`, `ll]`}, []int{3, 2, 0}},
		{[]string{`{"a":"12`, `3"}`}, []int{0, 0}},
		{[]string{`[-`, `1.`, `5e`, `+2`, `,0]`}, []int{1, 3, 5, 7, 0}},
	}
	for _, tc := range cases {
		var s Scanner
		for i, c := range tc.chunks {
			s.Feed([]byte(c))
			if got := s.Pending(); got != tc.pending[i] {
				t.Errorf("%q after chunk %d: Pending()=%d, want %d", tc.chunks, i, got, tc.pending[i])
			}
		}
		if !s.Done() {
			t.Errorf("%q: not done", tc.chunks)
		}
	}
}

func TestStateAccessors(t *testing.T) {
	var s Scanner
	s.Feed([]byte(`{"a":[{"b":"x\u00`))
	if s.Depth() != 3 || s.Container(0) != '{' || s.Container(1) != '[' || s.Container(2) != '{' {
		t.Fatalf("stack: depth %d", s.Depth())
	}
	if !s.InString() || s.State() != StateString || s.PendingEscape() != 4 {
		t.Fatalf("state %v in string %v escape %d", s.State(), s.InString(), s.PendingEscape())
	}
	s.Reset()
	s.Feed([]byte(`{"ke`))
	if s.State() != StateKeyString || !s.Started() {
		t.Fatalf("state %v", s.State())
	}
	s.Feed([]byte(`y":1.`))
	if s.State() != StateNumber || s.NumberComplete() {
		t.Fatalf("1. must not be complete: %v", s.State())
	}
	s.Feed([]byte(`5`))
	if !s.NumberComplete() {
		t.Fatal("1.5 must be complete")
	}
	s.Reset()
	s.Feed([]byte(`[nu`))
	if w, n := s.Literal(); w != "null" || n != 2 {
		t.Fatalf("literal %q %d", w, n)
	}
	if s.State().String() != "literal" {
		t.Fatalf("state name %q", s.State())
	}
}

func TestFeedAllocatesNothing(t *testing.T) {
	doc := []byte(`{"path":"a/b.go","n":[1,2,3.5,true,null],"nested":{"s":"\u00e9\"x"}}`)
	var s Scanner
	s.Feed(doc) // grow the stack once
	allocs := testing.AllocsPerRun(100, func() {
		s.Reset()
		for i := range doc {
			s.Feed(doc[i : i+1])
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per document", allocs)
	}
}

func FuzzScanner(f *testing.F) {
	for _, tc := range scanCases {
		f.Add(tc.in, 3)
	}
	f.Fuzz(func(t *testing.T, doc string, cs int) {
		if cs <= 0 || cs > 64 {
			cs = 1
		}
		whole := scanAll(doc, len(doc)+1, 0)
		chunked := scanAll(doc, cs, 0)
		if whole != chunked {
			t.Fatalf("whole %+v != chunked(%d) %+v", whole, cs, chunked)
		}
		if whole.done && !json.Valid([]byte(doc[:whole.n])) {
			t.Fatalf("scanner accepted invalid %q", doc[:whole.n])
		}
	})
}

// StringOpen says whether a syntax error was found inside a string, so
// that a caller skipping the rest of the value knows where it is.
func TestScannerStringOpen(t *testing.T) {
	for in, want := range map[string]bool{
		"{\"a\": \"x\ny\"}": true,  // a control byte in a string
		`{"a": "\q"}`:       true,  // a bad escape
		"{\"k\ny\": 1}":     true,  // a control byte in a key
		`{"a": tru}`:        false, // a broken literal
		`{"a": 1]`:          false, // a wrong closer
		`{"a": "x`:          true,  // no error: still inside
		`{"a": 1`:           false,
	} {
		var s Scanner
		s.Feed([]byte(in))
		if got := s.StringOpen(); got != want {
			t.Errorf("%q: StringOpen %v, want %v (err %v)", in, got, want, s.Err())
		}
	}
}
