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
				if got, want := PlainASCII(b), !esc && (n == 0 || c < 0x80); got != want {
					t.Fatalf("PlainASCII(%q) = %v, want %v", b, got, want)
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
