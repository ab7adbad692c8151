package nativeparse

import (
	"bytes"

	"github.com/valyala/fastjson"
)

// Detect tells whether head, the first bytes of a body (leading white space
// and a BOM already skipped by the caller or not), starts a provider
// stream. It answers ok=false while it cannot tell yet: head is too short,
// or it starts with '{' and its first line is not complete. A first line
// that is a JSON object the provider sniffer recognises (an Ollama NDJSON
// line, a chat.completion.chunk, …) or any SSE field line counts as
// native; anything else (model text, even text starting with '{') does not.
func Detect(head []byte, final bool) (native, ok bool) {
	const bom = "\xef\xbb\xbf"
	head = bytes.TrimLeft(head, " \t\r\n")
	if !final && len(head) < len(bom) && len(head) > 0 && bytes.HasPrefix([]byte(bom), head) {
		return false, false // a BOM cut short
	}
	head = bytes.TrimPrefix(head, []byte(bom))
	head = bytes.TrimLeft(head, " \t\r\n")
	for _, f := range [...]string{"data:", "event:", "id:", "retry:"} {
		if bytes.HasPrefix(head, []byte(f)) {
			return true, true
		}
		if !final && len(head) < len(f) && bytes.HasPrefix([]byte(f), head) {
			return false, false // could still become a field name
		}
	}
	if len(head) == 0 {
		return false, final
	}
	if head[0] == ':' {
		// An SSE comment line (": keep-alive"), as servers send first.
		return true, true
	}
	if head[0] != '{' {
		return false, true
	}
	line := head
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		line = head[:i]
	} else if !final {
		return false, false
	}
	var p fastjson.Parser
	v, err := p.ParseBytes(bytes.TrimSpace(line))
	if err != nil || v.Type() != fastjson.TypeObject {
		return false, true
	}
	return sniff(v, nil) != "", true
}
