package textparse

// Python call lists: Llama 3.2 / 4 (vLLM's pythonic and llama4_pythonic),
// LFM2, and BFCL's prompting models.
//
//	[get_weather(city='Paris', days=3), list_files()]
//	<|python_start|>[get_weather(city="Paris")]<|python_end|>          (Llama 4)
//	<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>    (LFM2)
//	<|tool_call_start|>[{"name": "get_weather", "arguments": {…}}]<|tool_call_end|> (LFM2, JSON)
//
// Keyword arguments only; values are Python literals (pyliteral.Value):
// strings in both quote styles, numbers, True/False/None, lists, tuples,
// dicts. A nested call as a value, a positional argument or a repeated
// keyword abandons the call. A bare list counts only with --format
// pythonic (under auto, prose may start with '['): at the start of the
// answer once "[NAME(" is seen, after text (SGLang reads a list anywhere)
// once "[NAME(KEYWORD=" or "[NAME()" is seen, since prose and code hold
// "[f(x)]" and "a[len(a)-1]"; until then the bytes are held (at most
// pyProbeMax), and given back as text when the shape fails. The wrapped
// forms work under auto.
const FormatPythonic Format = "pythonic"

func init() {
	body := Body{Read: ReadPython}
	register(&Dialect{
		Format: FormatPythonic,
		Wire:   `[NAME(key=value, …), …] at the start of the answer or after text, or inside <|python_start|>…<|python_end|> or <|tool_call_start|>…<|tool_call_end|> (there also a JSON call object or list)`,
		Blocks: []Block{
			{Anchored: true, Body: body},
			{Open: "<|python_start|>", Close: "<|python_end|>", Body: body},
			// LFM2: its values are repaired as vLLM's LFM2 parser repairs
			// them (Body.Repair).
			{Open: "<|tool_call_start|>", Close: "<|tool_call_end|>", Body: Body{Read: ReadPython | ReadJSON, Repair: true}},
			// A bare list after text (SGLang reads one anywhere): only
			// with --format pythonic, and only once "[NAME(KEYWORD=" or
			// "[NAME()" is seen; anything else is the prose's own '['.
			{Named: true, Open: "[", Body: Body{Read: ReadPython, Probe: true}},
		},
		// <|python_end|> and <|tool_call_end|> are special tokens: one
		// outside its block (LFM2 echoing its call after the block) is
		// reported and dropped, not text.
		StrayClose: true,
	})
}
