package nativeparse

import (
	"bytes"

	"github.com/tooleval/tooleval/jsonscan"
	"github.com/valyala/fastjson"
)

// Detect tells whether head, the first bytes of a body (leading white space
// and a BOM already skipped by the caller or not), starts a provider
// stream. It answers ok=false while it cannot tell yet: head is too short,
// or it starts a JSON value that has not ended. A first JSON object the
// provider sniffer recognises (an Ollama NDJSON line, a
// chat.completion.chunk, a pretty-printed Gemini response), a JSON array
// whose first element is such an object (Gemini streamGenerateContent
// without alt=sse), or any SSE field line counts as native; anything else
// and so does an API error object ({"error":{"message":…}}); anything
// else (model text, even text starting with '{' or '[') does not.
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
	switch head[0] {
	case ':':
		// An SSE comment line (": keep-alive"), as servers send first.
		return true, true
	case '[':
		head = bytes.TrimLeft(head[1:], " \t\r\n")
		if len(head) == 0 {
			return false, final
		}
		if head[0] != '{' {
			return false, true
		}
	case '{':
	default:
		return false, true
	}
	// head starts the first object: scan to its end.
	var sc jsonscan.Scanner
	n := sc.Feed(head)
	if !sc.Done() {
		return false, final || sc.Err() != nil
	}
	var p fastjson.Parser
	v, err := p.ParseBytes(head[:n])
	if err != nil {
		return false, true
	}
	if sniff(v, nil) != "" {
		return true, true
	}
	// An API error body ({"error":{"message":…}}), as providers and
	// gateways send instead of a stream.
	e := v.Get("error")
	return e != nil && e.Type() == fastjson.TypeObject && e.Get("message") != nil, true
}
