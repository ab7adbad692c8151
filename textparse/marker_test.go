package textparse

import (
	"math/rand"
	"testing"
)

// stepAll matches b byte by byte, the reference feed must agree with.
func stepAll(m *match, b []byte) (n, res, id int) {
	for n < len(b) {
		res, id = m.stepMarker(b[n])
		if res == mmFail {
			return n, res, -1
		}
		n++
		if res == mmComplete {
			return n, res, id
		}
	}
	return n, mmMore, -1
}

// TestMarkerFeedMatchesStep: feed (which narrows the candidates where
// they differ and compares a candidate's whole rest at once) gives what
// matching byte by byte gives, for markers that share long prefixes,
// markers that differ right after their first byte and markers that end
// before the bytes that narrow the others, at every split of the input.
func TestMarkerFeedMatchesStep(t *testing.T) {
	testFeedMatchesStep(t, []string{"<|tool_call_begin|>", "<|tool_call_end|>", "<|tool_calls_section_end|>",
		"<|tool_call_argument_begin|>", "<|tool_call_section_end|>", "<|t", "[ARGS]", "[A"},
		"<|tool_cal_begindsrgumx[]ARGS>", "<|tool_call_end|>x", "<|tool_calls_section_end|>", "<|t", "<|tool_call_be", "<|tx", "[ARGS]{", "[AR]", "[A")
	testFeedMatchesStep(t, []string{"<|tool_call>", "<|channel>", "<|tool_response>", "<tool_call|>", "<turn|>", "<eos>", "<e", "[", "[[x]"},
		"<|tool_calhenrspuy>[]xe", "<|tool_call>x", "<|tool_c", "<tool_call|>", "<turn", "<e", "<eos", "<|x", "[[x", "[[y", "[")
}

// testFeedMatchesStep checks feed against byte by byte for the markers
// (two first bytes: '<' and '['), on the inputs and on random ones of
// alphabet's bytes.
func testFeedMatchesStep(t *testing.T, markers []string, alphabet string, inputs ...string) {
	t.Helper()
	set := &actionSet{}
	for _, m := range markers {
		set.on(m, action{})
	}
	rng := rand.New(rand.NewSource(1))
	for k := 0; k < 2000; k++ {
		n := 1 + rng.Intn(30)
		b := []byte{'<'}
		if k%2 == 1 {
			b[0] = '['
		}
		for len(b) < n {
			b = append(b, alphabet[rng.Intn(len(alphabet))])
		}
		if k%3 == 0 { // a true marker, maybe followed by more
			b = append([]byte(set.list[rng.Intn(len(set.list))]), b...)
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		for cut := 1; cut <= len(in); cut++ {
			var got, want match
			got.beginMarker(set, in[0], 0)
			want.beginMarker(set, in[0], 0)
			gn, gres, gid := got.feedMarker([]byte(in[:cut]))
			wn, wres, wid := stepAll(&want, []byte(in[:cut]))
			if gres == mmMore && wres == mmMore && cut < len(in) {
				// Go on with the rest, as the next chunk would.
				a, ra, ia := got.feedMarker([]byte(in[cut:]))
				b, rb, ib := stepAll(&want, []byte(in[cut:]))
				gn, gres, gid, wn, wres, wid = gn+a, ra, ia, wn+b, rb, ib
			}
			if gn != wn || gres != wres || gid != wid || got.n != want.n || string(got.buf[:got.n]) != string(want.buf[:want.n]) {
				t.Fatalf("%q cut at %d: feed = (%d, %d, %d) held %q, byte by byte = (%d, %d, %d) held %q",
					in, cut, gn, gres, gid, got.buf[:got.n], wn, wres, wid, want.buf[:want.n])
			}
		}
	}
}
