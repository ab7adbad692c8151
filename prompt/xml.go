package prompt

import (
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// renderXML writes one <tool> element per tool inside <tools>, with the
// parameter schema as compact JSON:
//
//	<tools>
//	<tool><name>read_file</name><description>Read a file.</description><input_json_schema>{"type":"object",…}</input_json_schema></tool>
//	</tools>
//
// Names and descriptions are XML-escaped; the schema is JSON and is left as
// it is.
func renderXML(b *strings.Builder, tools []toolcall.Tool) {
	b.WriteString("<tools>\n")
	for i := range tools {
		t := &tools[i]
		b.WriteString("<tool><name>")
		xmlEscaper.WriteString(b, t.Name)
		b.WriteString("</name><description>")
		xmlEscaper.WriteString(b, strings.TrimSpace(t.Description))
		b.WriteString("</description><input_json_schema>")
		b.Write(compactSchema(t.Parameters))
		b.WriteString("</input_json_schema></tool>\n")
	}
	b.WriteString("</tools>\n")
}
