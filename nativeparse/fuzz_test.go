package nativeparse

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// fuzzProvider seeds from the format's fixtures and checks: no panic, the
// concatenated args_delta of every ended call equal its arguments, and a
// chunked feed gives the same events as the whole body.
func fuzzProvider(f *testing.F, format Format) {
	dirs := []string{string(format)}
	if format == Auto {
		dirs = []string{"*"}
	}
	for _, d := range dirs {
		paths, _ := filepath.Glob(filepath.Join(fixtureDir, d, "*.txt"))
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b, uint8(7))
		}
	}
	f.Fuzz(func(t *testing.T, in []byte, size uint8) {
		whole := toolcall.Run(mustNew(opts{Format: format}), in, 0)
		checkInvariants(t, whole)
		parts := toolcall.Run(mustNew(opts{Format: format}), in, int(size%32)+1)
		if w, g := render(whole)+offsets(whole), render(parts)+offsets(parts); w != g {
			t.Fatalf("chunking changed events:\nwhole:\n%s\nchunked:\n%s", w, g)
		}
	})
}

func FuzzOpenAIChat(f *testing.F)      { fuzzProvider(f, OpenAIChat) }
func FuzzOpenAIResponses(f *testing.F) { fuzzProvider(f, OpenAIResponses) }
func FuzzAnthropic(f *testing.F)       { fuzzProvider(f, Anthropic) }
func FuzzGemini(f *testing.F)          { fuzzProvider(f, Gemini) }
func FuzzOllama(f *testing.F)          { fuzzProvider(f, Ollama) }
func FuzzBedrock(f *testing.F)         { fuzzProvider(f, Bedrock) }
func FuzzAuto(f *testing.F)            { fuzzProvider(f, Auto) }
