package textparse

import "strings"

// Kimi K2 (Moonshot): a section of calls, each named "functions.NAME:IDX",
// which is also the call's id.
//
//	<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Paris"}<|tool_call_end|><|tool_calls_section_end|>
//
// Some checkpoints write the section markers in the singular
// (<|tool_call_section_begin|>); both are read. A call is read without
// the section markers around it too (<|tool_call_begin|>… alone), as
// real output shows. Reasoning is <think>…</think>, or ◁think▷…◁/think▷
// as the Kimi VL and k1.5 checkpoints write it (SGLang's "kimi"
// reasoning parser).
const FormatKimiK2 Format = "kimi_k2"

func init() {
	registerNameRule("functions.NAME:IDX", kimiName)
	body := Body{Read: ReadNameJSON, NameEnd: "<|tool_call_argument_begin|>", Name: kimiName}
	block := func(open, close string) Block {
		return Block{Open: open, Close: close, Call: "<|tool_call_begin|>", CallEnd: "<|tool_call_end|>", Body: body}
	}
	register(&Dialect{
		Format:     FormatKimiK2,
		StrayClose: true,
		Reasoning:  []Span{{Open: "◁think▷", Close: "◁/think▷", Alt: true}},
		Wire:       "<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{json}<|tool_call_end|>…<|tool_calls_section_end|> (a call without the section markers too)",
		Blocks: []Block{
			block("<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"),
			block("<|tool_call_section_begin|>", "<|tool_call_section_end|>"),
			{Open: "<|tool_call_begin|>", CallEnd: "<|tool_call_end|>", Body: body},
		},
	})
}

// kimiName splits "functions.NAME:IDX" into NAME and the id (the whole
// string). A bare "NAME:IDX" is accepted too. A string with neither the
// prefix nor ":IDX" ("get_weather", the bare counter "0", a client's
// "call_3" that the history taught the model) may be an id: the catalog
// names its tool by its arguments where it lacks the string as a name
// (idname.go); else it is the name.
func kimiName(raw string) (name, id string, ok bool) {
	name = strings.TrimPrefix(raw, "functions.")
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[:i]
		return name, raw, name != ""
	}
	if name == raw {
		return "", raw, raw != ""
	}
	return name, "", name != ""
}
