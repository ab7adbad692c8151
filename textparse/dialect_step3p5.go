package textparse

// Step-3.5 (SGLang's and vLLM's step3p5 parsers) writes Qwen3-Coder's
// calls, so step3p5 is another name of qwen3_coder that also reads the
// tags Step models damage (RepairTags), where the catalog confirms the
// name: a function tag without its '=' (<function bash>, <functionbash>),
// a function or parameter tag whose '>' is missing before the newline
// (<function=bash\n, <parameter=command\nls), a parameter tag written
// with its name twice (<parameter=parameter=command>). Each repair is
// reported (malformed_markup); qwen3_coder reads none of them, as SGLang
// keeps its Qwen3-Coder detector strict.
//
//	<tool_call>
//	<function=bash>
//	<parameter=command>
//	ls -la
//	</parameter>
//	</function>
//	</tool_call>
const FormatStep3p5 Format = "step3p5"

func init() {
	register(&Dialect{
		Format:     FormatStep3p5,
		Wire:       "the same as qwen3_coder; <function NAME>, <functionNAME>, a tag's '>' missing before a newline and <parameter=parameter=P> repaired where the catalog names them",
		Tags:       qwen3CoderTags,
		Alias:      FormatQwen3Coder,
		RepairTags: true,
	})
}
