package textparse

// Seed-OSS (ByteDance): qwen3_coder's function and parameter tags in its
// own wrapper, and its own reasoning tag. A value's trailing newline is
// part of it (the template writes values flush against their tags; a
// file's last newline in a code edit must survive); one newline right
// after the opening tag is still dropped, as every XML dialect drops it.
//
//	<seed:think>…</seed:think>
//	<seed:tool_call>
//	<function=get_weather>
//	<parameter=city>Paris</parameter>
//	</function>
//	</seed:tool_call>
const FormatSeedOSS Format = "seed_oss"

func init() {
	register(&Dialect{
		Format: FormatSeedOSS,
		Wire:   "<seed:tool_call><function=NAME><parameter=P>V</parameter></function></seed:tool_call>, <seed:think>…</seed:think>",
		Tags:   &Tags{Wrapper: "seed:tool_call", Invoke: "function", Param: "parameter", Eq: true, Bare: true, Think: "seed:think", KeepNewline: true},
	})
}
