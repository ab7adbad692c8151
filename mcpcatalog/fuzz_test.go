package mcpcatalog

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzSplitCommand: splitting never panics, and words quoted the POSIX
// way split back into themselves.
func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"npx -y @modelcontextprotocol/server-filesystem /tmp", `a 'b c' "d \"e\"" f\ g`, `'`, `"\`, "x\t\ty\n", "", `''`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := SplitCommand(s)
		if err != nil {
			return
		}
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		again, err := SplitCommand(strings.Join(quoted, " "))
		if err != nil || !reflect.DeepEqual(again, words) {
			t.Fatalf("%q: words %q, requoted %q (%v)", s, words, again, err)
		}
	})
}

// FuzzParseConfig: any input gives a config or an error, never a panic,
// and every server of a config has a name and a transport.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		`{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "x"]}}}`,
		`{"servers": {"r": {"url": "https://h/mcp", "headers": {"A": "${X:-y}"}}}}`,
		`{"mcpServers": {"a": {"type": "sse", "url": "http://h/sse", "timeout": 5}}}`,
		`{"mcpServers": {"a": {"command": "x", "disabled": true}}}`,
		`{"mcpServers": null}`, `[]`, `{"mcpServers": {"": {}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := ParseConfig(data, "f.json")
		if err != nil {
			return
		}
		for _, s := range cfg.Servers {
			if s.Name == "" || s.Transport == "" || (s.Command == "") == (s.URL == "") {
				t.Fatalf("server %+v", s)
			}
		}
	})
}
