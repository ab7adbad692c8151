package textparse

// IBM Granite-20B-FunctionCalling: each call is <function_call> and one
// JSON object; calls follow each other, with no closing marker.
//
//	<function_call> {"name": "get_weather", "arguments": {"city": "Boston"}}
//	<function_call> {"name": "list_files", "arguments": {}}
//
// <function_call> is also how prose about function calling names the
// idea, so auto does not detect the dialect (NoAuto): --format names it.
const FormatGranite20BFC Format = "granite_20b_fc"

func init() {
	register(&Dialect{
		Format: FormatGranite20BFC,
		Wire:   `<function_call> {"name":NAME,"arguments":{json}} (one per call)`,
		Blocks: []Block{{Open: "<function_call>", Body: Body{Read: ReadJSON}}},
		NoAuto: true,
	})
}
