package record

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestResolveEndpoint(t *testing.T) {
	cases := []struct {
		name                   string
		api                    API
		base, model, key       string
		env                    map[string]string
		wantURL, wantModel, wk string
		err                    string
	}{
		{name: "openai from env", api: ChatCompletions, env: map[string]string{"OPENAI_API_KEY": "k1", "OPENAI_MODEL": "m1"},
			wantURL: "https://api.openai.com/v1/chat/completions", wantModel: "m1", wk: "k1"},
		{name: "flags win", api: Responses, base: "http://127.0.0.1:8000/v1/", model: "m2", key: "k2", env: map[string]string{"OPENAI_API_KEY": "k1", "OPENAI_MODEL": "m1", "OPENAI_BASE_URL": "http://x"},
			wantURL: "http://127.0.0.1:8000/v1/responses", wantModel: "m2", wk: "k2"},
		{name: "tooleval vars win over provider vars", api: Messages, env: map[string]string{"ANTHROPIC_API_KEY": "a", "TOOLEVAL_API_KEY": "t", "TOOLEVAL_MODEL": "tm", "ANTHROPIC_BASE_URL": "http://localhost:9/v1"},
			wantURL: "http://localhost:9/v1/messages", wantModel: "tm", wk: "t"},
		{name: "no key is fine (local server)", api: ChatCompletions, base: "http://127.0.0.1:11434/v1", model: "qwen", wantURL: "http://127.0.0.1:11434/v1/chat/completions", wantModel: "qwen"},
		{name: "no model", api: ChatCompletions, err: "no model: pass --model or set TOOLEVAL_MODEL or OPENAI_MODEL"},
		{name: "bad scheme", api: ChatCompletions, model: "m", base: "ftp://x", err: "want http(s)://"},
		{name: "credentials in URL", api: ChatCompletions, model: "m", base: "https://user:sk-secret@host/v1", err: "must not carry credentials"},
		{name: "unknown api", api: "gemini", model: "m", err: `unknown API "gemini"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, err := ResolveEndpoint(tc.api, tc.base, tc.model, tc.key, func(k string) string { return tc.env[k] })
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				if strings.Contains(err.Error(), "sk-secret") {
					t.Fatalf("error leaks the URL's password: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if e.URL() != tc.wantURL || e.Model != tc.wantModel || e.Key != tc.wk {
				t.Errorf("got %s %s key=%q", e.URL(), e.Model, e.Key)
			}
		})
	}
}

func TestBody(t *testing.T) {
	temp := 0.0
	req := Request{System: "SYS", Query: "Q", Tools: json.RawMessage(`[{"name":"t"}]`), MaxTokens: 99, Temperature: &temp}
	cases := []struct {
		api  API
		want string
	}{
		{ChatCompletions, `{"model":"m","messages":[{"role":"system","content":"SYS"},{"role":"user","content":"Q"}],"tools":[{"name":"t"}],"stream":true,"max_tokens":99,"temperature":0}`},
		{Responses, `{"model":"m","instructions":"SYS","input":[{"role":"user","content":"Q"}],"tools":[{"name":"t"}],"stream":true,"max_output_tokens":99,"temperature":0}`},
		{Messages, `{"model":"m","system":"SYS","messages":[{"role":"user","content":"Q"}],"tools":[{"name":"t"}],"stream":true,"max_tokens":99,"temperature":0}`},
	}
	for _, tc := range cases {
		b, err := Endpoint{API: tc.api, Model: "m"}.Body(req)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.api, b, tc.want)
		}
	}
	// No system prompt, no tools, default max tokens.
	b, _ := Endpoint{API: Messages, Model: "m"}.Body(Request{Query: "<b>&</b>"})
	if string(b) != `{"model":"m","messages":[{"role":"user","content":"<b>&</b>"}],"stream":true,"max_tokens":1024}` {
		t.Errorf("minimal body %s", b)
	}
}

func TestNativeTranscriptSplitsUTF8(t *testing.T) {
	s := "data: {\"t\":\"好的\"}\n\n"
	i := strings.Index(s, "好") + 1 // inside the character
	rec := &Recording{Chunks: [][]byte{[]byte(s[:i]), []byte(s[i:])}, TimesMS: []float64{1, 2}}
	tr, err := NativeTranscript(rec, ChatCompletions)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Chunks) != 2 || strings.Join(tr.Chunks, "") != s || tr.ChunkTimesMS[1] != 2 {
		t.Errorf("%q %v", tr.Chunks, tr.ChunkTimesMS)
	}
	for _, c := range tr.Chunks {
		if !utf8.ValidString(c) {
			t.Errorf("chunk %q is not valid text", c)
		}
	}
	bad := &Recording{Chunks: [][]byte{[]byte("data: \xff\xfe\n\n more")}, TimesMS: []float64{1}}
	if _, err := NativeTranscript(bad, ChatCompletions); err == nil {
		t.Error("invalid UTF-8 accepted")
	}
}
