package textparse

import "bytes"

// gpt-oss (OpenAI harmony): every message has a header up to <|message|>;
// the channel says what it is.
//
//	<|channel|>analysis<|message|>reasoning…<|end|>
//	<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{json}<|call|>
//	<|start|>assistant<|channel|>final<|message|>visible text<|return|>
//
// The <|start|>assistant part may be missing, and the recipient (to=…)
// may come before <|channel|>. An output whose prompt ended with
// <|start|>assistant starts with the rest of that header, the recipient
// first: " to=functions.NAME<|channel|>commentary<|message|>{json}". A commentary message without a recipient
// (a preamble) and the final channel are text; analysis is reasoning;
// a message to functions.NAME is a call of NAME with JSON arguments.
const FormatHarmony Format = "harmony"

func init() {
	registerHeader("harmony", harmonyHeader)
	registerHeader("harmony_recipient", harmonyRecipient)
	body := Body{Read: ReadNameJSON, NameEnd: "<|message|>", Header: harmonyHeader}
	recipient := body
	recipient.Header = harmonyRecipient
	register(&Dialect{
		Format: FormatHarmony,
		Wire:   "<|channel|>analysis<|message|>…<|end|> reasoning; <|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{json}<|call|>; <|channel|>final<|message|>… text; an output may start with the header's rest, to=functions.NAME<|channel|>…",
		Blocks: []Block{
			{Open: "<|start|>", CallEnd: "<|call|>", Body: body},
			{Open: "<|channel|>", CallEnd: "<|call|>", Body: body},
			{Open: harmonyTo, CallEnd: "<|call|>", Body: recipient, Named: true},
		},
		// gpt-oss served with its special tokens stripped writes the
		// channels' names bare: "analysis…assistantfinal…",
		// "commentary…assistantfinal…", "assistantfinal…". Read when named
		// and only at the output's start, where no prose is (SGLang's
		// harmony TextStrategy); "assistantfinal" is no word of prose.
		Reasoning: []Span{{Close: "<|end|>"}, {Open: "analysis", Close: harmonyFinal, Lead: true}},
		Lead:      []string{"commentary"},
		Drop:      []string{"<|end|>", "<|return|>", "<|call|>", harmonyFinal},
		// Its markers are special tokens: one the output was cut inside
		// is dropped, as SGLang's harmony parser holds it back.
		CutMarkers: true,
	})
}

// harmonyFinal is the final channel's header with its special tokens
// stripped (<|start|>assistant<|channel|>final<|message|>).
const harmonyFinal = "assistantfinal"

// harmonyTo opens the rest of a header whose <|start|>assistant was the
// prompt's: the recipient comes first.
const harmonyTo = "to=functions."

// harmonyRecipient reads the rest of a header after harmonyTo: the tool's
// name, up to the channel or a space.
func harmonyRecipient(raw []byte) (HeaderKind, []byte) {
	end := 0
	for end < len(raw) && raw[end] != ' ' && raw[end] != '<' && raw[end] != '\t' && raw[end] != '\n' {
		end++
	}
	return HeaderCall, raw[:end]
}

// harmonyHeader reads a message header ("assistant<|channel|>commentary
// to=functions.f <|constrain|>json", "analysis", "final") without
// allocating: a recipient functions.NAME makes it a call, the analysis
// channel reasoning, anything else text.
func harmonyHeader(raw []byte) (HeaderKind, []byte) {
	if i := bytes.Index(raw, []byte(harmonyTo)); i >= 0 && (i == 0 || raw[i-1] == ' ' || raw[i-1] == '>') {
		return harmonyRecipient(raw[i+len(harmonyTo):])
	}
	for rest, at := raw, 0; ; {
		i := bytes.Index(rest, []byte("analysis"))
		if i < 0 {
			return HeaderText, nil
		}
		at += i
		after := at + len("analysis")
		if (at == 0 || raw[at-1] == ' ' || raw[at-1] == '>') && (after == len(raw) || raw[after] == ' ' || raw[after] == '<') {
			return HeaderReasoning, nil
		}
		rest, at = raw[after:], after
	}
}
