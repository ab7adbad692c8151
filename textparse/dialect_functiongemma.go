package textparse

// FunctionGemma (Gemma 3 270M tuned for function calling): Gemma 4's call
// syntax (gemma4body.go) between its own markers, strings delimited by
// <escape>.
//
//	<start_function_call>call:get_weather{city:<escape>Paris<escape>,days:3}<end_function_call>
//
// Several calls follow each other, each in its markers. The model writes
// numbers and booleans between <escape> delimiters too: a delimited value
// that reads whole as a JSON number, true, false or null is that value,
// unless the catalog types the parameter as a string only (vLLM reads
// them so); a ',' left out between arguments is read as there.
const FormatFunctionGemma Format = "functiongemma"

func init() {
	register(&Dialect{
		Format: FormatFunctionGemma,
		Wire:   `<start_function_call>call:NAME{key:<escape>string<escape>,n:5,obj:{k:true},list:[…]}<end_function_call>`,
		Blocks: []Block{{
			Open: "<start_function_call>", Close: "<end_function_call>",
			Body: Body{Read: ReadGemma, Quote: "<escape>"},
		}},
		StrayClose: true,
	})
}
