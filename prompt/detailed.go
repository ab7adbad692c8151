package prompt

import (
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// renderDetailed writes, per tool, its description, one line per parameter
// and the MCP hints:
//
//	## Available tools
//
//	### read_file
//	Read a file.
//	Parameters:
//	- path (string, required): Path of the file.
//	- limit (integer, optional; >= 1; default 200): Lines to read.
//	Hints: read-only, idempotent
func renderDetailed(b *strings.Builder, tools []toolcall.Tool) {
	b.WriteString("## Available tools\n")
	if len(tools) == 0 {
		b.WriteString("\nNo tools are available.\n")
	}
	for i := range tools {
		t := &tools[i]
		b.WriteString("\n### ")
		b.WriteString(t.Name)
		b.WriteByte('\n')
		if t.Annotations.Title != "" && t.Annotations.Title != t.Name {
			b.WriteString("Title: ")
			b.WriteString(oneLine(t.Annotations.Title))
			b.WriteByte('\n')
		}
		if d := strings.TrimSpace(t.Description); d != "" {
			b.WriteString(d)
			b.WriteByte('\n')
		}
		ps := params(t)
		if len(ps) == 0 {
			b.WriteString("Parameters: none\n")
		} else {
			b.WriteString("Parameters:\n")
		}
		for _, p := range ps {
			pi := infoOf(p)
			b.WriteString("- ")
			b.WriteString(p.Name)
			b.WriteString(" (")
			b.WriteString(pi.typeLabel())
			if p.Required {
				b.WriteString(", required")
			} else {
				b.WriteString(", optional")
			}
			for _, c := range pi.constraints() {
				b.WriteString("; ")
				b.WriteString(c)
			}
			b.WriteByte(')')
			if d := oneLine(p.Description); d != "" {
				b.WriteString(": ")
				b.WriteString(d)
			}
			b.WriteByte('\n')
		}
		if r := oneLine(t.Returns); r != "" {
			b.WriteString("Returns: ")
			b.WriteString(r)
			b.WriteByte('\n')
		}
		if h := hints(t.Annotations); len(h) > 0 {
			b.WriteString("Hints: ")
			b.WriteString(strings.Join(h, ", "))
			b.WriteByte('\n')
		}
	}
}
