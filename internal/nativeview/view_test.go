package nativeview

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files")

// write renders parts one a line: kind, offset and the text (quoted) or
// the call.
func write(parts []Part) string {
	var b strings.Builder
	for _, p := range parts {
		if p.Kind == Call {
			fmt.Fprintf(&b, "%s @%d %s(%s) id=%q\n", p.Kind, p.Offset, p.Call.Name, p.Call.Arguments, p.Call.ID)
			continue
		}
		fmt.Fprintf(&b, "%s @%d %q\n", p.Kind, p.Offset, p.Text)
	}
	return b.String()
}

// TestPartsGolden reads every provider fixture of nativeparse's tests and
// compares its parts with testdata/nativeview/<format>/<name>.golden.
func TestPartsGolden(t *testing.T) {
	files, err := filepath.Glob("../../testdata/nativeparse/*/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures (%v)", err)
	}
	for _, file := range files {
		format := filepath.Base(filepath.Dir(file))
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(format+"/"+name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			parts, err := Parts(format, data)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("../../testdata/nativeview", format, name+".golden"), []byte(write(parts)), *update)
			// Auto-detection gives the same parts.
			auto, err := Parts("auto", data)
			if err != nil {
				t.Fatal(err)
			}
			if write(auto) != write(parts) {
				t.Errorf("auto gives other parts:\n%s\nwant\n%s", write(auto), write(parts))
			}
		})
	}
}

// Consecutive deltas of one kind join into one part; a change of kind or
// a call starts a new one.
func TestPartsJoinRuns(t *testing.T) {
	stream := `data: {"choices":[{"delta":{"reasoning_content":"Think"}}]}

data: {"choices":[{"delta":{"reasoning_content":"ing."}}]}

data: {"choices":[{"delta":{"content":"Hel"}}]}

data: {"choices":[{"delta":{"content":"lo <b>"}}]}

data: {"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"get_time","arguments":"{\"tz\":"}}]}}]}

data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"UTC\"}"}}]}}]}

data: {"choices":[{"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`
	parts, err := Parts("openai-chat", []byte(stream))
	if err != nil {
		t.Fatal(err)
	}
	want := "reasoning @0 \"Thinking.\"\ntext @" + fmt.Sprint(strings.Index(stream, `data: {"choices":[{"delta":{"content":"Hel`)) + " \"Hello <b>\"\n"
	got := write(parts)
	if !strings.HasPrefix(got, want) || !strings.Contains(got, `call @`) || !strings.Contains(got, `get_time({"tz":"UTC"}) id="c1"`) {
		t.Errorf("got\n%s", got)
	}
}

func TestIsNative(t *testing.T) {
	for format, want := range map[string]bool{"openai-chat": true, "openai-responses": true, "anthropic": true, "gemini": true, "ollama": true, "auto": false, "hermes": false, "": false} {
		if IsNative(format) != want {
			t.Errorf("IsNative(%q) = %v", format, !want)
		}
	}
	if _, err := Parts("hermes", nil); err == nil {
		t.Error("Parts accepts a text format")
	}
}
