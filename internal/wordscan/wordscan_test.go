package wordscan

import (
	"encoding/binary"
	"testing"
)

// Every byte value at every position of runs of length 0 to 19, against
// the byte-by-byte rule.
func TestRunsAgainstByteRule(t *testing.T) {
	for n := 0; n < 20; n++ {
		for pos := 0; pos < max(n, 1); pos++ {
			for c := 0; c < 256; c++ {
				b := []byte("abcdefghijklmnopqrstuvwxyz"[:n])
				if n > 0 {
					b[pos] = byte(c)
				}
				esc := n > 0 && (c < 0x20 || c == '"' || c == '\\')
				want := n
				if esc {
					want = pos
				}
				if got := JSONString(b); got != want {
					t.Fatalf("JSONString(%q) = %d, want %d", b, got, want)
				}
				for _, q := range []byte{'\'', '"'} {
					wq := want
					if n > 0 && byte(c) == q {
						wq = pos
					}
					if got := QuotedRun(b, q); got != wq {
						t.Fatalf("QuotedRun(%q, %q) = %d, want %d", b, q, got, wq)
					}
				}
				wa := want
				if n > 0 && c >= 0x80 {
					wa = pos
				}
				if got := ASCIIRun(b); got != wa {
					t.Fatalf("ASCIIRun(%q) = %d, want %d", b, got, wa)
				}
			}
		}
	}
}

// EscapeIn8 against the byte rule for every byte value at every position
// among plain bytes.
func TestEscapeIn8(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			b := []byte("abcdefgh")
			b[pos] = byte(c)
			want := c < 0x20 || c == '"' || c == '\\'
			if got := EscapeIn8(binary.LittleEndian.Uint64(b)); got != want {
				t.Fatalf("EscapeIn8(%q) = %v, want %v", b, got, want)
			}
		}
	}
}

// EscapeAt finds the first byte to escape among eight, with any bytes
// after it.
func TestEscapeAt(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			for _, after := range []byte{'a', 0, '"', 0xff, '\\'} {
				b := []byte("abcdefgh")
				b[pos] = byte(c)
				for k := pos + 1; k < 8; k++ {
					b[k] = after
				}
				want := 8
				for k, d := range b {
					if d < 0x20 || d == '"' || d == '\\' {
						want = k
						break
					}
				}
				if got := EscapeAt(binary.LittleEndian.Uint64(b)); got != want {
					t.Fatalf("EscapeAt(%q) = %d, want %d", b, got, want)
				}
			}
		}
	}
}

// FuzzRuns: every run function against its byte-by-byte rule on any input.
func FuzzRuns(f *testing.F) {
	for _, s := range []string{"", "plain", `say "hi"`, "tab\there", "é and \xff", "'quoted'", "0123456789abcdef\\", "\x00"} {
		f.Add([]byte(s), byte('\''))
	}
	f.Fuzz(func(t *testing.T, b []byte, q byte) {
		rule := func(stop func(c byte) bool) int {
			for j, c := range b {
				if stop(c) {
					return j
				}
			}
			return len(b)
		}
		esc := func(c byte) bool { return c < 0x20 || c == '"' || c == '\\' }
		if got, want := JSONString(b), rule(esc); got != want {
			t.Fatalf("JSONString(%q) = %d, want %d", b, got, want)
		}
		if got, want := ASCIIRun(b), rule(func(c byte) bool { return esc(c) || c >= 0x80 }); got != want {
			t.Fatalf("ASCIIRun(%q) = %d, want %d", b, got, want)
		}
		if got, want := QuotedRun(b, q), rule(func(c byte) bool { return esc(c) || c == q }); got != want {
			t.Fatalf("QuotedRun(%q, %q) = %d, want %d", b, q, got, want)
		}
		if len(b) >= 8 {
			x := binary.LittleEndian.Uint64(b)
			if got, want := EscapeAt(x), min(rule(esc), 8); got != want {
				t.Fatalf("EscapeAt(%q) = %d, want %d", b[:8], got, want)
			}
		}
	})
}

// ByteAt against the byte rule for every byte value at every position,
// with a second match after it.
func TestByteAt(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			b := []byte("abcdefgh")
			b[pos] = byte(c)
			if pos < 7 {
				b[7] = '<'
			}
			want := 8
			for i, d := range b {
				if d == '<' {
					want = i
					break
				}
			}
			if got := ByteAt(binary.LittleEndian.Uint64(b), '<'); got != want {
				t.Fatalf("ByteAt(%q, '<') = %d, want %d", b, got, want)
			}
		}
	}
}
