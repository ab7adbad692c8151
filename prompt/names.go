package prompt

import (
	"strings"

	"github.com/tooleval/tooleval/toolcall"
)

// renderNames writes the names-only baseline:
//
//	Available tools: read_file, write_file, search_files
func renderNames(b *strings.Builder, tools []toolcall.Tool) {
	b.WriteString("Available tools:")
	for i := range tools {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(' ')
		b.WriteString(tools[i].Name)
	}
	if len(tools) == 0 {
		b.WriteString(" none")
	}
	b.WriteByte('\n')
}
