package catalog

import (
	"fmt"
	"strings"
)

// Issue is a problem found while loading, normalising or selecting tools
// that did not stop the catalog from being built: an unknown type name, an
// unresolved reference, a sanitised or colliding name, a dropped duplicate.
type Issue struct {
	// File and Line locate the tool definition, when it came from a file.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	// Tool is the tool's name as written in the source.
	Tool string `json:"tool,omitempty"`
	// Code is a stable class: invalid_schema, unknown_type,
	// unresolved_ref, required_not_defined, missing_description,
	// invalid_name, sanitized_name, name_collision, duplicate_tool,
	// skipped_tool, unknown_selection.
	Code string `json:"code"`
	// Path is the JSON path inside the tool's parameters ("$.properties.x"),
	// when the issue is about the schema.
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
}

func (i Issue) String() string {
	var b strings.Builder
	if i.File != "" {
		b.WriteString(i.File)
		if i.Line > 0 {
			fmt.Fprintf(&b, ":%d", i.Line)
		}
		b.WriteString(": ")
	}
	if i.Tool != "" {
		fmt.Fprintf(&b, "tool %q: ", i.Tool)
	}
	if i.Path != "" && i.Path != "$" {
		fmt.Fprintf(&b, "%s: ", i.Path)
	}
	fmt.Fprintf(&b, "%s: %s", i.Code, i.Message)
	return b.String()
}
