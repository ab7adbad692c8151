package textparse

// Muse Glimmer: function_calls' shape in the atem namespace, inside
// harmony-like channels named by their recipient.
//
//	 to=self<|message|>reasoning…<|eom|>
//	<|start|>assistant to=get_weather<|message|><atem:function_calls>
//	<atem:invoke name="get_weather">
//	<atem:parameter name="city">Paris</atem:parameter>
//	</atem:invoke>
//	</atem:function_calls><|eot|>
//	<|start|>assistant to=user<|message|>the answer<|eot|>
//
// The prompt ends with <|start|>assistant, so an output starts with the
// rest of a header: " to=RECIPIENT<|message|>". A message to self is
// reasoning, up to <|eom|> (or <|eot|>, or the next header: the model may
// leave it without <|eom|>); a message to user is the answer; a message to
// a tool holds the call, written in the tags. The headers are read when
// the dialect is named; a " to=" that no <|message|> follows (prose) is
// text, and so is a <|start|> that no "assistant" follows. Where a message
// starts (the output's first bytes, or after <|eom|> or <|eot|>) the header
// may come without the space ("to=self<|message|>…"), as vLLM's Glimmer
// parser reads it; elsewhere "to=" is text. A message
// without a recipient (<|message|> alone) is text. Values are coerced by
// the catalog's schema like function_calls'; a value is written flush
// against its tags, so its last newline is its own (KeepNewline), as
// SGLang's and Ollama's Glimmer parsers keep it.
const FormatMuseGlimmer Format = "muse_glimmer"

func init() {
	register(&Dialect{
		Format: FormatMuseGlimmer,
		Wire:   `<atem:function_calls><atem:invoke name="NAME"><atem:parameter name="P">V</atem:parameter></atem:invoke></atem:function_calls>; to=self<|message|>…<|eom|> reasoning, <|start|>assistant to=user<|message|>… text (headers read when named)`,
		// The template offers recipients NS.* (NS: a tool's first
		// dot-separated part): read.read names read.
		Tags: &Tags{Wrapper: "atem:function_calls", Invoke: "atem:invoke", Param: "atem:parameter", Namespace: true, KeepNewline: true},
		Blocks: []Block{
			{Open: museTo, Body: museHeader},
			// The header written without the space of " to" where a
			// message starts (vLLM's Glimmer parser reads both).
			{Open: museTo[1:], Body: museHeader, Lead: true},
		},
		Reasoning: []Span{{Close: "<|eom|>"}},
		Drop:      []string{"<|start|>assistant", museMessage, "<|eom|>", "<|eot|>", "<|end_of_text|>"},
		LeadAfter: []string{"<|eom|>", "<|eot|>"},
	})
}

// museMessage ends a header; museTo starts its recipient (the model
// writes the token " to", its space with it: the space is the header's).
const (
	museMessage = "<|message|>"
	museTo      = " to="
)

// museHeader reads a message's header: the recipient up to <|message|>.
var museHeader = Body{Read: ReadNameJSON, NameEnd: museMessage, Header: museRecipient, Probe: true}

// museRecipient reads the recipient after "to=": self is reasoning; user,
// and a tool whose call follows in the tags, are text.
func museRecipient(raw []byte) (HeaderKind, []byte) {
	if string(raw) == "self" {
		return HeaderReasoning, nil
	}
	return HeaderText, nil
}
