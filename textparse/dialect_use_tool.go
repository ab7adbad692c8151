package textparse

// use_tool: the tool name and a JSON object of arguments in their own tags.
//
//	<use_tool><tool_name>read_file</tool_name><arguments>{"path": "a.go"}</arguments></use_tool>
//
// A ```json fence around the arguments is tolerated.
const FormatUseTool Format = "use_tool"

func init() {
	register(&Dialect{
		Format: FormatUseTool,
		Wire:   "<use_tool><tool_name>NAME</tool_name><arguments>{json}</arguments></use_tool>",
		Tags:   &Tags{Invoke: "use_tool", Name: "tool_name", Args: "arguments"},
	})
}
