package textparse

// Sber GigaChat 3.5: DeepSeek V4's markup under its own prefix (GCML), a
// typed parameter per tag, the calls block a group of invokes.
//
//	<｜GCML｜tool_calls><｜GCML｜invoke name="get_weather">
//	<｜GCML｜parameter name="city" string="true">Moscow</｜GCML｜parameter>
//	</｜GCML｜invoke></｜GCML｜tool_calls>
const FormatGigaChat35 Format = "gigachat35"

func init() {
	register(&Dialect{
		Format: FormatGigaChat35,
		Wire:   `<｜GCML｜tool_calls><｜GCML｜invoke name="NAME"><｜GCML｜parameter name="P" string="true|false">V</｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>`,
		Tags:   dsml("｜GCML｜", "tool_calls"),
	})
}
