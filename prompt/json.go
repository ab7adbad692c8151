package prompt

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// compactSchema returns the schema as compact JSON (the empty object schema
// when there is none).
func compactSchema(s json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(s)) == 0 {
		return emptySchema
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, s); err != nil {
		return s
	}
	return buf.Bytes()
}

// marshal encodes v without HTML escaping, indented when indent is set,
// with no trailing newline.
func marshal(v any, indent bool) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// jsonTool is one tool of the json variant.
type jsonTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
	Returns     string          `json:"returns,omitempty"`
}

// renderJSON writes a JSON array with one compact tool object per line:
//
//	[
//	{"name":"read_file","description":"Read a file.","parameters":{…}},
//	{"name":"write_file",…}
//	]
func renderJSON(b *strings.Builder, tools []toolcall.Tool) error {
	b.WriteString("[\n")
	for i := range tools {
		t := &tools[i]
		line, err := marshal(jsonTool{
			Name:        t.Name,
			Description: strings.TrimSpace(t.Description),
			Parameters:  compactSchema(t.Parameters),
			Returns:     strings.TrimSpace(t.Returns),
		}, false)
		if err != nil {
			return err
		}
		b.Write(line)
		if i < len(tools)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	return nil
}
