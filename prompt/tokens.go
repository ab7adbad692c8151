package prompt

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// The BPE encodings CountTokens knows.
const (
	EncodingO200k  = "o200k_base"  // GPT-4o, o-series, GPT-4.1, GPT-5
	EncodingCL100k = "cl100k_base" // GPT-4, GPT-3.5
)

// Encodings lists the encodings CountTokens accepts.
func Encodings() []string { return []string{EncodingO200k, EncodingCL100k} }

// EncodingNone is the setting that turns token counting off in tools that
// count optionally (replay, tune).
const EncodingNone = "none"

// ResolveEncoding checks an optional encoding setting: "" means
// EncodingO200k, EncodingNone stays, any other name must be one of
// Encodings.
func ResolveEncoding(name string) (string, error) {
	switch {
	case name == "":
		return EncodingO200k, nil
	case name == EncodingNone, slices.Contains(Encodings(), name):
		return name, nil
	}
	return "", fmt.Errorf("unknown encoding %q (want %s or %s)", name, strings.Join(Encodings(), ", "), EncodingNone)
}

func init() {
	// The offline loader reads the BPE ranks embedded in
	// tiktoken-go-loader's assets, so no encoding is ever downloaded.
	tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
}

type encoder struct {
	once sync.Once
	tk   *tiktoken.Tiktoken
	err  error
}

var encoders = map[string]*encoder{
	EncodingO200k:  {},
	EncodingCL100k: {},
}

// Encoder returns the tokenizer for an encoding, loading it on first use
// (about a second for o200k_base) and sharing it afterwards. It is safe for
// concurrent use.
func Encoder(encoding string) (*tiktoken.Tiktoken, error) {
	e, ok := encoders[encoding]
	if !ok {
		return nil, fmt.Errorf("prompt: unknown encoding %q (want one of %s)", encoding, strings.Join(Encodings(), ", "))
	}
	e.once.Do(func() {
		e.tk, e.err = tiktoken.GetEncoding(encoding)
		if e.err != nil {
			e.err = fmt.Errorf("prompt: loading %s: %w", encoding, e.err)
		}
	})
	return e.tk, e.err
}

// CountTokens returns the number of tokens text takes in encoding. Special
// token markers such as <|endoftext|> are counted as ordinary text.
func CountTokens(text, encoding string) (int, error) {
	tk, err := Encoder(encoding)
	if err != nil {
		return 0, err
	}
	return len(tk.EncodeOrdinary(text)), nil
}

// Size is what a rendering costs.
type Size struct {
	// Chars counts Unicode code points; Bytes counts UTF-8 bytes.
	Chars int `json:"chars"`
	Bytes int `json:"bytes"`
	// Tokens maps an encoding name to the token count.
	Tokens map[string]int `json:"tokens,omitempty"`
}

// Measure returns the size of text in characters, bytes and tokens of each
// of the given encodings.
func Measure(text string, encodings ...string) (Size, error) {
	s := Size{Chars: utf8.RuneCountInString(text), Bytes: len(text)}
	for _, enc := range encodings {
		n, err := CountTokens(text, enc)
		if err != nil {
			return s, err
		}
		if s.Tokens == nil {
			s.Tokens = make(map[string]int, len(encodings))
		}
		s.Tokens[enc] = n
	}
	return s, nil
}
