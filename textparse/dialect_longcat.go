package textparse

// LongCat-Flash (Meituan): Hermes-style JSON calls in their own tag.
//
//	<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</longcat_tool_call>
const FormatLongcat Format = "longcat"

func init() {
	register(&Dialect{
		Format: FormatLongcat,
		Wire:   `<longcat_tool_call>{"name":NAME,"arguments":{json}}</longcat_tool_call>`,
		Blocks: []Block{{Open: "<longcat_tool_call>", Close: "</longcat_tool_call>", Body: Body{Read: ReadJSON, Fence: true}}},
	})
}
