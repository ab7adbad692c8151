package textparse

// BerryLM (SGLang's berrylm tool and reasoning parsers) writes
// Qwen3-Coder's calls, so berrylm is another name of qwen3_coder:
//
//	<tool_call>
//	<function=get_weather>
//	<parameter=city>Tokyo</parameter>
//	</function>
//	</tool_call>
//
// Its reasoning is <think>…</think>; its template may end the prompt with
// <think> (--reasoning-open), and a call written before </think> ends the
// reasoning (call_in_reasoning), as SGLang's reasoning parser hands it on.
const FormatBerryLM Format = "berrylm"

func init() {
	register(&Dialect{
		Format: FormatBerryLM,
		Wire:   "the same as qwen3_coder",
		Tags:   qwen3CoderTags,
		Alias:  FormatQwen3Coder,
	})
}
