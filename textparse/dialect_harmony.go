package textparse

import "strings"

// gpt-oss (OpenAI harmony): every message has a header up to <|message|>;
// the channel says what it is.
//
//	<|channel|>analysis<|message|>reasoning…<|end|>
//	<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{json}<|call|>
//	<|start|>assistant<|channel|>final<|message|>visible text<|return|>
//
// The <|start|>assistant part may be missing, and the recipient (to=…)
// may come before <|channel|>. A commentary message without a recipient
// (a preamble) and the final channel are text; analysis is reasoning;
// a message to functions.NAME is a call of NAME with JSON arguments.
const FormatHarmony Format = "harmony"

func init() {
	body := Body{Read: ReadNameJSON, NameEnd: "<|message|>", Header: harmonyHeader}
	register(&Dialect{
		Format: FormatHarmony,
		Wire:   "<|channel|>analysis<|message|>…<|end|> reasoning; <|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{json}<|call|>; <|channel|>final<|message|>… text",
		Blocks: []Block{
			{Open: "<|start|>", CallEnd: "<|call|>", Body: body},
			{Open: "<|channel|>", CallEnd: "<|call|>", Body: body},
		},
		Reasoning: []Span{{Close: "<|end|>"}},
		Drop:      []string{"<|end|>", "<|return|>", "<|call|>"},
	})
}

var harmonySpaces = strings.NewReplacer("<|channel|>", " ", "<|constrain|>", " ")

// harmonyHeader reads a message header ("assistant<|channel|>commentary
// to=functions.f <|constrain|>json", "analysis", "final").
func harmonyHeader(raw string) (HeaderKind, string) {
	var to string
	analysis := false
	for _, f := range strings.Fields(harmonySpaces.Replace(raw)) {
		switch {
		case strings.HasPrefix(f, "to="):
			to = f[3:]
		case f == "analysis":
			analysis = true
		}
	}
	if name, ok := strings.CutPrefix(to, "functions."); ok {
		return HeaderCall, name
	}
	if analysis {
		return HeaderReasoning, ""
	}
	return HeaderText, ""
}
