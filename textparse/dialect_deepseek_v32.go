package textparse

// DeepSeek V3.2: function_calls' shape with "｜DSML｜"-prefixed tags, and
// a string="true|false" attribute on each parameter saying whether its
// value is a string or JSON (where the catalog types the parameter, the
// schema decides). An invoke may hold a JSON object of arguments instead
// of parameters. DSML quoted in a
// fenced code block is text, as in V4 (dialect_deepseek_v4.go).
//
//	<｜DSML｜function_calls>
//	<｜DSML｜invoke name="get_weather">
//	<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>
//	<｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>
//	</｜DSML｜invoke>
//	</｜DSML｜function_calls>
const FormatDeepSeekV32 Format = "deepseek_v32"

func init() {
	register(&Dialect{
		Format: FormatDeepSeekV32,
		Wire:   `<｜DSML｜function_calls><｜DSML｜invoke name="NAME"><｜DSML｜parameter name="P" string="true|false">V</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>`,
		Tags:   deepseekDSML("｜DSML｜", "function_calls"),
		Drop:   dsmlDrop,
	})
}
