package record

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// NativeTranscript keeps the raw response body: format is the API's stream
// format, chunks are the body's reads (a UTF-8 character split between two
// reads is moved whole into the later one, so each chunk is valid text).
func NativeTranscript(rec *Recording, api API) (suite.Transcript, error) {
	t := newTranscript(string(api))
	var carry []byte
	for i, c := range rec.Chunks {
		b := append(carry, c...)
		cut := validPrefix(b)
		if cut < len(b)-utf8.UTFMax+1 {
			return suite.Transcript{}, errors.New("record: the response body is not UTF-8 text")
		}
		carry = append([]byte(nil), b[cut:]...)
		if cut > 0 {
			t.Chunks = append(t.Chunks, string(b[:cut]))
			t.ChunkTimesMS = append(t.ChunkTimesMS, rec.TimesMS[i])
		}
	}
	if len(carry) > 0 {
		return suite.Transcript{}, errors.New("record: the response body ends inside a UTF-8 character")
	}
	return t, nil
}

// newTranscript starts a transcript of chunks with their arrival times.
// The lists are empty, not nil, so a reply that carried nothing is still
// written with "chunks": [] as its source.
func newTranscript(format string) suite.Transcript {
	return suite.Transcript{Format: format, Chunks: []string{}, ChunkTimesMS: []float64{}}
}

// validPrefix returns the length of the longest prefix of b that is valid
// UTF-8 up to a possibly incomplete character at its end.
func validPrefix(b []byte) int {
	i := 0
	for i < len(b) {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			if !utf8.FullRune(b[i:]) {
				return i // an incomplete character at the end
			}
			return i // invalid byte: stop here; the caller rejects it
		}
		i += n
	}
	return i
}

// TextTranscript extracts the model's text from a raw response stream of
// api, keeping the arrival times: each read becomes the text it carried
// (reads that carried no text are left out). Reasoning is wrapped in
// <think>…</think> so the text parsers report it as reasoning. format is
// the text protocol the model was asked to use.
func TextTranscript(rec *Recording, api API, format string) (suite.Transcript, error) {
	t := newTranscript(format)
	p, err := nativeparse.New(toolcall.ParseOptions{Format: toolcall.Format(api)})
	if err != nil {
		return suite.Transcript{}, err
	}
	thinking := false
	var sb strings.Builder
	add := func(evs []toolcall.Event) {
		for _, ev := range evs {
			switch ev.Kind {
			case toolcall.KindReasoning:
				if !thinking {
					sb.WriteString("<think>")
					thinking = true
				}
				sb.Write(ev.Data)
			case toolcall.KindText:
				if thinking {
					sb.WriteString("</think>")
					thinking = false
				}
				sb.Write(ev.Data)
			}
		}
	}
	flush := func(at float64) {
		if sb.Len() > 0 {
			t.Chunks = append(t.Chunks, sb.String())
			t.ChunkTimesMS = append(t.ChunkTimesMS, at)
			sb.Reset()
		}
	}
	for i, c := range rec.Chunks {
		add(p.Feed(c))
		flush(rec.TimesMS[i])
	}
	add(p.Close())
	if thinking {
		sb.WriteString("</think>")
	}
	if n := len(rec.TimesMS); n > 0 {
		flush(rec.TimesMS[n-1])
	}
	return t, nil
}
