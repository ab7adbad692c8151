package textparse

// DeepSeek V4 and V4.1: V3.2's DSML (function_calls' shape with
// "｜DSML｜"-prefixed tags, string="true|false" on each parameter) in a
// tool_calls block; V4.1 writes a space after the prefix and names the
// block "calls".
//
//	<｜DSML｜tool_calls>
//	<｜DSML｜invoke name="get_weather">
//	<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>
//	</｜DSML｜invoke>
//	</｜DSML｜tool_calls>
//
//	<｜DSML｜ calls>
//	<｜DSML｜ invoke name="get_weather">
//	<｜DSML｜ parameter name="days" string="false">3</｜DSML｜ parameter>
//	</｜DSML｜ invoke>
//	</｜DSML｜ calls>
//
// Shapes from DeepSeek's published encoding (encoding_dsv4.py, the V4.1
// system prompt's tool section) and the serving stacks' deepseek_v4 and
// deepseek_v41 parsers.
const (
	FormatDeepSeekV4  Format = "deepseek_v4"
	FormatDeepSeekV41 Format = "deepseek_v41"
)

func init() {
	register(&Dialect{
		Format: FormatDeepSeekV4,
		Wire:   `<｜DSML｜tool_calls><｜DSML｜invoke name="NAME"><｜DSML｜parameter name="P" string="true|false">V</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜tool_calls>`,
		Tags:   deepseekDSML("｜DSML｜", "tool_calls"),
		Drop:   dsmlDrop,
	})
	register(&Dialect{
		Format: FormatDeepSeekV41,
		Wire:   `<｜DSML｜ calls><｜DSML｜ invoke name="NAME"><｜DSML｜ parameter name="P" string="true|false">V</｜DSML｜ parameter></｜DSML｜ invoke></｜DSML｜ calls>`,
		Tags:   deepseekDSML("｜DSML｜ ", "calls"),
		Drop:   dsmlDrop,
	})
}

// dsmlDrop is the end-of-sentence token that ends DeepSeek's turn, left in
// the output by a server that keeps special tokens: dropped when a DSML
// dialect is named, as deepseek_v3 drops it (dialect_deepseek.go). Under
// auto it stays text: the dialect is not known yet.
var dsmlDrop = []string{"<｜end▁of▁sentence｜>"}

// dsml is the tags of a DSML dialect: prefix before each tag name, block
// the name of the tag around the calls. DSML quoted in Markdown code (a
// ``` or ~~~ fence, or an inline code span) is text (Fence): the V4
// parsers' rule, and V3.2's too, as they share the markup (a model
// explaining its own call syntax writes it as code).
//
// An invoke may hold a JSON object of arguments in place of parameter
// tags (JSONBody), as SGLang's DeepSeek-V3.2 detector reads it.
func dsml(prefix, block string) *Tags {
	return &Tags{Wrapper: prefix + block, Reopen: true, Invoke: prefix + "invoke", Param: prefix + "parameter",
		Bare: true, Typed: "string", Fence: true, JSONBody: true,
		// vLLM's DeepSeek parsers unwrap a lone arguments/input object.
		Unwrap: []string{"arguments", "input"}}
}

// deepseekDSML is dsml for DeepSeek's DSML dialects (V3.2, V4, V4.1): a
// damaged wrapper line before a call (<｜DSML｜toolcalls>, a wrapper
// without its '>' or run into words) is markup, dropped, as SGLang's
// DeepSeek-V4 detector drops it (Tags.Damaged; dialect_deepseek_v4_test.go,
// dsmlDamagedCases).
func deepseekDSML(prefix, block string) *Tags {
	t := dsml(prefix, block)
	t.Damaged = "｜DSML｜"
	return t
}

func init() { invokeHooks = append(invokeHooks, (*Parser).invokeJSONBody) }

// invokeJSONBody (an invoke hook) reads a call of a JSONBody dialect
// whose invoke holds a JSON object of arguments instead of parameter
// tags: the object is streamed and the invoke's closer ends the call. It
// reports false to leave the bytes to the invoke state.
func (p *Parser) invokeJSONBody(b []byte, i int) (int, bool) {
	c := &p.calls.cur
	if p.junk || c.kind != ckInvoke || c.nparams > 0 || c.jsonBody {
		return i, false
	}
	if x := p.callDialect(); x == nil || !x.d.Tags.JSONBody {
		return i, false
	}
	return p.jsonBody(b, i)
}
