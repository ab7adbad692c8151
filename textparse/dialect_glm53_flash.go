package textparse

import "strings"

// GLM-5.3-Flash (SGLang's glm53_flash detector): its tool-call tokens
// decode, in the serving stacks' outputs, to "<![" (a call whose
// arguments are a JSON object) or to "<!" U+200B "[" (a call of key/value
// pairs, each special token decoded with zero-width spaces around its
// word, the closers of a key and a value decoding to nothing):
//
//	I'll check.<![get_weather>{"city": "Beijing"}
//	<![Weather/get_weather>{"city": "Beijing"}
//
//	<!​[get_weather
//	<!​[arg_key​]city
//	<!​[arg_val​]Beijing
//	<!​[/tool_call​]
//
// A JSON call has no closer: it ends where its object ends. The model
// may write a display name before the tool's, Display/NAME: the name is
// the part after the last '/', as SGLang's detector maps it to the tool.
// A pair's value ends at the next key or the call's closer, the newline
// before it markup (ReadMarkerArgs without an ArgEnd); it is a string
// unless the catalog's schema types the parameter. GLM-4.5's tags are
// read too (the same tokens spelled <tool_call>, <arg_key>…: the detector
// reads them), values no schema types being JSON as in glm45. "<![" starts
// XML's CDATA sections (and GLM-4.5's tags are glm45's), so the dialect is
// read only when named (NoAuto).
const FormatGLM53Flash Format = "glm53_flash"

// glm53Tag is a GLM-5.3-Flash key/value-call token as the stacks decode
// it: "<!", a zero-width space, "[", the word, a zero-width space, "]"
// (the call's opener is "<!", a zero-width space, "[" alone).
func glm53Tag(word string) string { return glm53Open + word + "\u200b]" }

const glm53Open = "<!\u200b["

func init() {
	registerNameRule("Display/NAME", glm53Name)
	register(&Dialect{
		Format: FormatGLM53Flash,
		Wire:   `<![NAME>{json} (or <![Display/NAME>{json}); <!\u200b[NAME\n<!\u200b[arg_key\u200b]P\n<!\u200b[arg_val\u200b]V\n…<!\u200b[/tool_call\u200b]; or glm45's tags`,
		Blocks: []Block{
			{Open: "<![", Body: Body{Read: ReadNameJSON, NameEnd: ">", Name: glm53Name, Probe: true, WrapArrayArgs: true}},
			{Open: glm53Open, Body: Body{
				Read: ReadMarkerArgs, NameEnd: "\n",
				ArgOpen: glm53Tag("arg_key"), ArgValue: glm53Tag("arg_val"), CallClose: glm53Tag("/tool_call"),
			}},
		},
		// GLM-4.5's tags too (<tool_call>NAME<arg_key>…</arg_key>
		// <arg_value>…</arg_value></tool_call>): the detector reads the
		// tokens' other spelling, GLM-4.5's, as the same calls.
		Tags:   glmTags,
		NoAuto: true,
	})
}

// glm53Name reads a JSON call's name: a display name before a '/' is
// dropped (Weather/get_weather is get_weather).
func glm53Name(raw string) (name, id string, ok bool) {
	if i := strings.LastIndexByte(raw, '/'); i >= 0 {
		raw = raw[i+1:]
	}
	return raw, "", raw != ""
}
