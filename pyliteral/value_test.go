package pyliteral

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

var valueCases = []struct{ in, want, err string }{
	{in: `'Paris'`, want: `"Paris"`},
	{in: `"it's"`, want: `"it's"`},
	{in: `'say "hi"'`, want: `"say \"hi\""`},
	{in: `'a\nb\tc\\d\'e'`, want: `"a\nb\tc\\d'e"`},
	{in: `r'C:\new\'x'`, want: `"C:\\new\\'x"`},
	{in: `'''multi
line 'quoted' ''x'''`, want: `"multi\nline 'quoted' ''x"`},
	{in: `"""a""b"""`, want: `"a\"\"b"`},
	{in: `''`, want: `""`},
	{in: `""`, want: `""`},
	{in: `'a' "b" r'\c'`, want: `"ab\\c"`},
	{in: `'\x41\u00e9\U0001F600\101\0'`, want: `"Aé😀A\u0000"`},
	{in: `'\ud83d'`, want: `"\ud83d"`},
	{in: `'日本 ☕'`, want: `"日本 ☕"`},
	{in: `b'bytes'`, want: `"bytes"`},
	{in: `'\q'`, want: `"\\q"`},
	{in: `42`, want: `42`},
	{in: `-7`, want: `-7`},
	{in: `+3`, want: `3`},
	{in: `1_000_000`, want: `1000000`},
	{in: `0x1F`, want: `31`},
	{in: `0o17`, want: `15`},
	{in: `0b101`, want: `5`},
	{in: `0`, want: `0`},
	{in: `00`, want: `0`},
	{in: `-0`, want: `0`},
	{in: `12345678901234567890123`, want: `12345678901234567890123`},
	{in: `1.5`, want: `1.5`},
	{in: `2.`, want: `2.0`},
	{in: `.5`, want: `0.5`},
	{in: `1e3`, want: `1000.0`},
	{in: `-2.5e-3`, want: `-0.0025`},
	{in: `1E+2`, want: `100.0`},
	{in: `True`, want: `true`},
	{in: `False`, want: `false`},
	{in: `None`, want: `null`},
	{in: `null`, want: `null`},
	{in: `[1, 'a', None]`, want: `[1,"a",null]`},
	{in: `[1, 2, ]`, want: `[1,2]`},
	{in: `[]`, want: `[]`},
	{in: `(1, 2)`, want: `[1,2]`},
	{in: `()`, want: `[]`},
	{in: `{'a': 1, "b": [True, {'c': None}]}`, want: `{"a":1,"b":[true,{"c":null}]}`},
	{in: `{'a': 1,}`, want: `{"a":1}`},
	{in: `{}`, want: `{}`},
	{in: `{1: 'x', 2.5: 'y', None: 'z', True: 'w'}`, want: `{"1":"x","2.5":"y","null":"z","true":"w"}`},
	{in: `{(1, 2): 'pt'}`, want: `{"[1,2]":"pt"}`},
	{in: `{'k' 'ey': 'v' 'al'}`, want: `{"key":"val"}`},
	{in: " [ 1 ,\n 2 ] ", want: `[1,2]`},
	{in: `[[[[]]]]`, want: `[[[[]]]]`},
	{in: `'unterminated`, err: "end"},
	{in: "'new\nline'", err: "newline"},
	{in: `[1, f(1)]`, err: "offset 4: a call"},
	{in: `x`, err: "not a literal"},
	{in: `f'x{y}'`, err: "f-string"},
	{in: `{1, 2}`, err: "set"},
	{in: `[1 2]`, err: "expected ','"},
	{in: `[1,,2]`, err: "offset 3: unexpected ','"},
	{in: `{'a' 1}`, err: "':'"},
	{in: `{'a': }`, err: "expected a value"},
	{in: `007`, err: "leading zeros"},
	{in: `1j`, err: "complex"},
	{in: `inf`, err: "not a literal"},
	{in: `1e999`, err: "bad number"},
	{in: `[1)`, err: "offset 2: expected ',' or ']'"},
	{in: `'a' b`, err: "after a string"},
	{in: `1 2`, err: "offset 2: unexpected \"2\" after the value"},
	{in: `'\xZZ'`, err: "hex"},
}

func TestValueAppendJSON(t *testing.T) {
	for _, tc := range valueCases {
		got, err := AppendJSON([]byte("pre:"), []byte(tc.in))
		if tc.err != "" {
			if err == nil || !contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one containing %q (got %s)", tc.in, err, tc.err, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if string(got) != "pre:"+tc.want {
			t.Errorf("%q: got %s, want %s", tc.in, got[4:], tc.want)
		}
		if !json.Valid(got[4:]) {
			t.Errorf("%q: invalid JSON %s", tc.in, got[4:])
		}
	}
}

// TestValueAnySplit: the value fed in two pieces, split at every byte,
// gives the JSON of one piece.
func TestValueAnySplit(t *testing.T) {
	for _, tc := range valueCases {
		whole, werr := AppendJSON(nil, []byte(tc.in))
		for k := 0; k <= len(tc.in); k++ {
			var v Value
			out := feedAll(&v, nil, tc.in[:k])
			out = feedAll(&v, out, tc.in[k:])
			if v.Err() == nil {
				out = v.End(out)
			}
			if werr != nil {
				continue // the error may be met at another byte; AppendJSON covers it
			}
			if v.Err() != nil || string(out) != string(whole) {
				t.Errorf("%q split at %d: got %s (err %v), want %s", tc.in, k, out, v.Err(), whole)
			}
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func FuzzValue(f *testing.F) {
	for _, tc := range valueCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, err := AppendJSON(nil, []byte(in))
		if err == nil && !json.Valid(out) {
			t.Fatalf("%q: invalid JSON %s", in, out)
		}
	})
}

// feedAll feeds in to v until it is used up, the value ends or fails.
func feedAll(v *Value, out []byte, in string) []byte {
	for len(in) > 0 && v.Err() == nil && !v.Done() {
		var n int
		out, n = v.Feed(out, []byte(in))
		in = in[n:]
	}
	return out
}

// BenchmarkValue: a dict of typical tool arguments converted to JSON,
// fed in 16-byte pieces into a reused buffer.
func BenchmarkValue(b *testing.B) {
	in := []byte(`{'path': 'src/pkg/file_0042.go', 'start_line': 120, 'flags': [True, False, None], ` +
		`'pattern': "func (p \\*Parser)", 'note': '''multi
line''', 'ratio': 0.25, 'nested': {'a': (1, 2, 3), 'b': r'C:\dir'}}`)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	var v Value
	var out []byte
	for i := 0; i < b.N; i++ {
		v.Reset()
		out = out[:0]
		for k := 0; k < len(in) && !v.Done(); {
			var n int
			out, n = v.Feed(out, in[k:min(k+16, len(in))])
			if v.Err() != nil {
				b.Fatal(v.Err())
			}
			k += n
		}
	}
}

// RejectBytes: a bytes literal is an error at its prefix, after Reset too;
// by default its body is read as a string.
func TestValueRejectBytes(t *testing.T) {
	var v Value
	v.RejectBytes(true)
	for _, in := range []string{`b'z'`, `rb"x"`, `[1, B'y']`} {
		v.Reset()
		_, n := v.Feed(nil, []byte(in))
		for v.Err() == nil && !v.Done() && n < len(in) {
			var k int
			_, k = v.Feed(nil, []byte(in[n:]))
			n += k
		}
		if v.Err() == nil || !strings.Contains(v.Err().Msg, "bytes") {
			t.Errorf("%s: err %v, want a bytes literal error", in, v.Err())
		}
	}
	var d Value
	out, _ := d.Feed(nil, []byte(`b'z'`))
	if out = d.End(out); string(out) != `"z"` {
		t.Errorf("default: %s, want \"z\"", out)
	}
}

// Repair reads a zero-padded integer and a raw newline in a one-line
// string as meant, recording each where it is, and Feed returns right
// after each so that a caller reports it at the same place whatever the
// pieces; without Repair both are errors.
func TestValueRepair(t *testing.T) {
	for _, c := range []struct {
		in, want string
		at       []int
	}{
		{"[07, -003, 0, 00, 10]", `[7,-3,0,0,10]`, []int{1, 5}},
		{"'a\nb'", `"a\nb"`, []int{2}},
		{"{'k': '''x\ny'''}", `{"k":"x\ny"}`, nil},
		{"{'urgent', 'bug'}", `["urgent","bug"]`, []int{0}},
		{"[{1}, {(1, 2), 3}, {}, {'a': {'b'}}, {2: 'x'}]", `[[1],[[1,2],3],{},{"a":["b"]},{"2":"x"}]`, []int{1, 6, 29}},
		{"{'k', }", `["k"]`, []int{0}},
	} {
		for size := 1; size <= len(c.in); size++ {
			var v Value
			v.Repair(true)
			var out []byte
			var at []int
			for off := 0; off < len(c.in) && v.Err() == nil && !v.Done(); {
				end := min(off+size, len(c.in))
				var n int
				out, n = v.Feed(out, []byte(c.in[off:end]))
				for _, r := range v.TakeRepairs() {
					at = append(at, r.Offset)
				}
				off += n
			}
			out = v.End(out)
			if v.Err() != nil || string(out) != c.want || fmt.Sprint(at) != fmt.Sprint(c.at) {
				t.Errorf("%q in pieces of %d: %s at %v (err %v), want %s at %v", c.in, size, out, at, v.Err(), c.want, c.at)
			}
		}
		var strict Value
		for off := 0; off < len(c.in) && strict.Err() == nil && !strict.Done(); {
			_, n := strict.Feed(nil, []byte(c.in[off:]))
			off += n
		}
		if (strict.Err() == nil) != (c.at == nil) {
			t.Errorf("%q without Repair: err %v", c.in, strict.Err())
		}
	}
}

// Repair reads a quote of a one-line string's own style left unescaped
// inside it (a shell command's quotes) as part of the string, when a byte
// no literal may follow comes after it; adjacent strings still join.
func TestValueRepairQuotes(t *testing.T) {
	for in, want := range map[string]string{
		`'sed -n '1,5p' f.txt'`: `"sed -n '1,5p' f.txt"`,
		`'grep 'x' y'`:          `"grep 'x' y"`,
		`"say "hi" now"`:        `"say \"hi\" now"`,
		`'a' 'b'`:               `"ab"`,
		`['a', 'b' ]`:           `["a","b"]`,
		`{'k': 'v'}`:            `{"k":"v"}`,
	} {
		var v Value
		v.Repair(true)
		var out []byte
		for off := 0; off < len(in) && v.Err() == nil && !v.Done(); {
			var n int
			out, n = v.Feed(out, []byte(in[off:]))
			off += n
		}
		if out = v.End(out); v.Err() != nil || string(out) != want {
			t.Errorf("%s: %s (err %v), want %s", in, out, v.Err(), want)
		}
	}
}

// With Repair, a ')' right after a one-line string ended by its quote is
// held (HeldClose) until the byte after it: one that may follow a call
// in a list or block (',', ']', '<', a space, the end) leaves the string ended
// and the ')' the caller's; another makes the quote and the ')' part of
// the string. Any chunking gives the same reading and consumes the same
// bytes.
func TestValueRepairHeldClose(t *testing.T) {
	for _, c := range []struct {
		in, want string
		held     int // offset of the held ')', -1 none
		used     int // bytes consumed
	}{
		{`'pwd')]`, `"pwd"`, 5, 6},
		{`'pwd') , x`, `"pwd"`, 5, 7},
		{`'pwd')`, `"pwd"`, 5, 6},
		{`'f(')x')<`, `"f(')x"`, 7, 8},
		{`'-c "g(sep='-')"')]`, `"-c \"g(sep='-')\""`, 17, 18},
		{`'a' )]`, `"a"`, 4, 5},
		{`('a')`, `["a"]`, -1, 5},
		{`'f(g('-'))"')]`, `"f(g('-'))\""`, 12, 13},
	} {
		for size := 1; size <= len(c.in); size++ {
			var v Value
			v.Repair(true)
			var out []byte
			off := 0
			for off < len(c.in) && v.Err() == nil && !v.Done() {
				var n int
				out, n = v.Feed(out, []byte(c.in[off:min(off+size, len(c.in))]))
				v.TakeRepairs()
				off += n
			}
			out = v.End(out)
			held, ok := v.HeldClose()
			if !ok {
				held = -1
			}
			if v.Err() != nil || string(out) != c.want || held != c.held || off != c.used {
				t.Errorf("%q in pieces of %d: %s held %d used %d (err %v), want %s held %d used %d", c.in, size, out, held, off, v.Err(), c.want, c.held, c.used)
			}
		}
	}
}
