package anyparse

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// Every native fixture parses under cross-family "auto" exactly as under its
// own format name, whatever the chunking, and auto reports the provider.
func TestAutoPicksProviderStreams(t *testing.T) {
	files, _ := filepath.Glob("../testdata/nativeparse/*/*.txt")
	if len(files) < 10 {
		t.Fatalf("found only %d native fixtures", len(files))
	}
	for _, file := range files {
		format := filepath.Base(filepath.Dir(file))
		t.Run(format+"/"+filepath.Base(file), func(t *testing.T) {
			in, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want := eventsJSON(t, format, in, 0)
			for _, cs := range []int{1, 2, 3, 7, 64, 0} {
				p, _ := New(opts{})
				got := marshal(t, toolcall.Run(p, in, cs))
				if got != want {
					t.Fatalf("chunk size %d: auto gave\n%s\nwant (%s)\n%s", cs, got, format, want)
				}
				if d := Detected(p, Auto); string(d) != format {
					t.Fatalf("detected %q, want %q", d, format)
				}
			}
		})
	}
}

// Text that merely looks like JSON or SSE at first glance stays text.
func TestAutoKeepsTextAsText(t *testing.T) {
	cases := []struct{ name, in, text string }{
		{"json object that is no provider event", "{\"answer\": 42}\nThat is all.", "{\"answer\": 42}\nThat is all."},
		{"brace text without newline", "{not json", "{not json"},
		{"json array that is no provider stream", "[{\"name\": \"f\", \"arguments\": {}}]\nDone.", "[{\"name\": \"f\", \"arguments\": {}}]\nDone."},
		{"markdown link", "[the docs](https://example.com) say so", "[the docs](https://example.com) say so"},
		{"bracket then text", "[\nnot json", "[\nnot json"},
		{"word starting like a field", "dat is Dutch", "dat is Dutch"},
		{"empty", "", ""},
		{"only spaces", "  \n", "  \n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for cs := 0; cs <= len(c.in); cs++ {
				p, _ := New(opts{})
				r := toolcall.Collect("auto", toolcall.Run(p, []byte(c.in), cs))
				if r.Text != c.text || len(r.Calls) != 0 || len(r.Errors) != 0 {
					t.Fatalf("chunk size %d: got %+v", cs, r)
				}
			}
		})
	}
}

func TestNativeFormatsRegistered(t *testing.T) {
	for _, f := range []string{"openai-chat", "openai-responses", "anthropic", "gemini", "ollama"} {
		if _, err := New(opts{Format: toolcall.Format(f)}); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func eventsJSON(t *testing.T, format string, in []byte, cs int) string {
	t.Helper()
	p, err := New(opts{Format: toolcall.Format(format)})
	if err != nil {
		t.Fatal(err)
	}
	return marshal(t, toolcall.Run(p, in, cs))
}

func marshal(t *testing.T, evs []toolcall.Event) string {
	t.Helper()
	b, err := json.Marshal(evs)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
