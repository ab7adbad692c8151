package nativeparse

import "testing"

func TestDetect(t *testing.T) {
	cases := []struct {
		name       string
		head       string
		final      bool
		native, ok bool
	}{
		{"sse data", "data: {\"choices\":[]}\n", false, true, true},
		{"sse event", "event: message_start\n", false, true, true},
		{"sse comment", ": keep-alive\n", false, true, true},
		{"bom then data", "\xef\xbb\xbfdata: {}", false, true, true},
		{"bom cut short", "\xef\xbb", false, false, false},
		{"field name cut short", "dat", false, false, false},
		{"field-like word, final", "dat", true, false, true},
		{"field-like word", "date: tomorrow", false, false, true},
		{"ollama line", "{\"model\":\"qwen3\",\"created_at\":\"2025-01-01T00:00:00Z\",\"message\":{\"role\":\"assistant\",\"content\":\"Hi\"},\"done\":false}\n", false, true, true},
		{"ollama line unfinished", "{\"model\":\"qwen3\",\"created_at\"", false, false, false},
		{"ollama line at end of input", "{\"model\":\"qwen3\",\"created_at\":\"x\",\"message\":{},\"done\":true}", true, true, true},
		{"plain json object", "{\"answer\": 42}\n", false, false, true},
		{"broken json", "{oops\n", false, false, true},
		{"model text", "Let me check.", false, false, true},
		{"tag", "<tool_call>", false, false, true},
		{"leading blank lines", "\n\n  data: x", false, true, true},
		{"gemini array", "[{\n  \"candidates\": [\n    {\n      \"content\": {\"parts\": [{\"text\": \"Hi\"}]}\n    }\n  ]\n}\n,\r\n", false, true, true},
		{"gemini array first element unfinished", "[{\n  \"candidates\": [\n", false, false, false},
		{"gemini array first element unfinished, final", "[{\n  \"candidates\": [\n", true, false, true},
		{"gemini array error element", "[{\"error\": {\"code\": 429, \"message\": \"quota\"}}", false, true, true},
		{"array bracket alone", "[", false, false, false},
		{"array bracket alone, final", "[\n", true, false, true},
		{"array of plain objects", "[{\"name\": \"get_weather\", \"arguments\": {}}]", false, false, true},
		{"array of numbers", "[1, 2, 3]", false, false, true},
		{"markdown link", "[docs](https://x)", false, false, true},
		{"pretty-printed gemini object", "{\n  \"candidates\": []\n}\n", false, true, true},
		{"empty, not final", "", false, false, false},
		{"empty, final", "", true, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			native, ok := Detect([]byte(c.head), c.final)
			if native != c.native || ok != c.ok {
				t.Fatalf("Detect(%q, %v) = %v, %v; want %v, %v", c.head, c.final, native, ok, c.native, c.ok)
			}
		})
	}
}

// Feeding a Detector byte by byte decides exactly as feeding it all at once.
func TestDetectorAnyChunking(t *testing.T) {
	heads := []string{
		"data: {}\n", ": ping\n", "\xef\xbb\xbfevent: x\n", "dat", "date: x",
		"{\"model\":\"m\",\"created_at\":\"t\",\"message\":{},\"done\":false}\n",
		"[{\"candidates\":[]}\n,", "[ 1, 2 ]", "{\"a\": \"}\"}", "{broken", "<tool_call>", "",
		"{\"error\":{\"message\":\"rate limited\",\"type\":\"x\"}}",
	}
	for _, h := range heads {
		want, wantOK := Detect([]byte(h), true)
		var d Detector
		got, ok := false, false
		for i := 0; i < len(h) && !ok; i++ {
			got, ok = d.Feed([]byte{h[i]})
		}
		if !ok {
			got, ok = d.Close(), true
		}
		if got != want || ok != wantOK {
			t.Errorf("%q: byte by byte %v/%v, whole %v/%v", h, got, ok, want, wantOK)
		}
		if string(d.Held()) != h && len(d.Held()) > len(h) {
			t.Errorf("%q: held %q", h, d.Held())
		}
	}
}
