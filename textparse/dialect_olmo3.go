package textparse

// OLMo 3: Python calls, one per line, inside <function_calls>.
//
//	<function_calls>
//	get_weather(city="Paris")
//	read_file(path='a.go', start_line=None)
//	</function_calls>
//
// It shares <function_calls> with the XML function_calls dialect: under
// auto the body decides — an <invoke> is XML, a name is OLMo's Python
// (olmo3Body). Values are Python literals; JSON's true/false/null are read
// too, as OLMo writes them. A call that cannot be read is skipped to the
// end of its line: the calls on the lines after it are read (as vLLM
// keeps a broken call's siblings).
const FormatOlmo3 Format = "olmo3"

func init() {
	wrapperHooks = append(wrapperHooks, (*Parser).olmo3Body)
	register(&Dialect{
		Format: FormatOlmo3,
		Wire:   "<function_calls>\\nNAME(key=value, …)\\n…</function_calls> (Python calls, one per line)",
		Blocks: []Block{{Open: "<function_calls>", Close: "</function_calls>", CallEnd: "\n", Body: Body{Read: ReadPython}}},
	})
}

// olmo3Body (a wrapper hook) looks at the first byte after <function_calls> under auto
// (mWrapper): a name starts OLMo 3's Python calls, read by the olmo3 block
// from here on. It reports false when the XML dialect goes on (a '<', or
// a byte that starts no call, which is stray up to the next tag, at any
// chunking).
func (p *Parser) olmo3Body(b []byte, i int) (int, bool) {
	return p.wrapperTo(FormatOlmo3, b, i, isPyIdentStart)
}
