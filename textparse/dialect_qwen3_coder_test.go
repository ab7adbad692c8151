package textparse

// Qwen3-Coder writes each parameter's value raw between its tags: a value
// may run over lines and hold markup; the catalog types it (start_line is
// an integer).
func ExampleParser_qwen3Coder() {
	showCalls(mustNew(opts{Format: FormatQwen3Coder, Tools: tools}),
		"I'll read it first.\n<tool_call>\n<function=read_file>\n<parameter=path>\nsrc/main.go\n</parameter>\n"+
			"<parameter=start_line>\n120\n</parameter>\n</function>\n</tool_call>")
	// Output:
	// text "I'll read it first.\n"
	// call read_file {"path":"src/main.go","start_line":120}
}
