package textparse

// IQuest Q1 (SGLang's iquest_q1 tool and reasoning parsers): IQuest Coder
// V2's calls in a call token of Q1's own, GLM-4.5's key/value pairs after
// the tool name, values written flush against their tags (a string keeps
// its spaces, quotes and last newline as written). Its template opens the
// reasoning, so an output usually starts inside it: --reasoning-open
// (ReasoningOpen) reads what comes before </think> as reasoning.
//
//	<think>The user wants Lisbon.</think>
//	<iquest_tool_call>get_weather
//	<arg_key>city</arg_key><arg_value>Lisbon</arg_value>
//	</iquest_tool_call>
const FormatIQuestQ1 Format = "iquest_q1"

func init() {
	register(&Dialect{
		Format: FormatIQuestQ1,
		Wire:   "<iquest_tool_call>NAME<arg_key>P</arg_key><arg_value>V</arg_value>…</iquest_tool_call>; <think>…</think> reasoning (its template opens it: --reasoning-open)",
		Tags:   &Tags{Invoke: "iquest_tool_call", Key: "arg_key", Value: "arg_value", UntypedJSON: true, KeepNewline: true},
	})
}
