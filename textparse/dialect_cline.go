package textparse

// cline (Cline, Roo Code): the tool's name is the tag, its parameters are
// tags inside it; both come from the catalog (WithTools), so without one
// the dialect reads nothing.
//
//	<read_file>
//	<path>src/main.go</path>
//	</read_file>
//
// A value ends only at its own closing tag and is trimmed of surrounding
// whitespace, as the agents that define the dialect trim it.
const FormatCline Format = "cline"

func init() {
	register(&Dialect{
		Format: FormatCline,
		Wire:   "<TOOL><PARAM>V</PARAM></TOOL> (tool and parameter names from the catalog)",
		Tags:   &Tags{Catalog: true},
	})
}
