package textparse

import "testing"

func init() {
	parseCases = append(parseCases, dsmlFamilyCases("gigachat35", FormatGigaChat35, "｜GCML｜", "tool_calls", "｜DSML｜")...)
	const (
		open  = "<｜GCML｜tool_calls>"
		close = "</｜GCML｜tool_calls>"
	)
	parseCases = append(parseCases, []parseCase{
		// DeepSeek's damaged-wrapper rule (Tags.Damaged) is not GigaChat's:
		// no stack drops such a line before its calls, so it stays text.
		{name: "gigachat35/damaged_wrapper_line_is_text", format: FormatGigaChat35,
			in:   "<｜GCML｜toolcalls>\n" + open + `<｜GCML｜invoke name="f"></｜GCML｜invoke>` + close,
			want: `text="<｜GCML｜toolcalls>\n" call=f{}`},
		// Values written flush against the tags, as GigaChat 3.5 writes
		// them; string="false" values are JSON.
		{name: "gigachat35/flush_typed_values", format: FormatGigaChat35,
			in:   open + `<｜GCML｜invoke name="configure"><｜GCML｜parameter name="label" string="false">"night"</｜GCML｜parameter><｜GCML｜parameter name="level" string="false">2.5</｜GCML｜parameter><｜GCML｜parameter name="on" string="false">false</｜GCML｜parameter><｜GCML｜parameter name="note" string="false">null</｜GCML｜parameter><｜GCML｜parameter name="ids" string="false">[4, 5]</｜GCML｜parameter><｜GCML｜parameter name="meta" string="false">{"src": "app"}</｜GCML｜parameter></｜GCML｜invoke>` + close,
			want: `call=configure{"label":"night","level":2.5,"on":false,"note":null,"ids":[4,5],"meta":{"src":"app"}}`},
		{name: "gigachat35/escapes_in_string_value", format: FormatGigaChat35,
			in:   open + `<｜GCML｜invoke name="note"><｜GCML｜parameter name="text" string="true">first\n"second"</｜GCML｜parameter></｜GCML｜invoke>` + close,
			want: `call=note{"text":"first\\n\"second\""}`},
		{name: "gigachat35/text_then_calls", format: FormatGigaChat35,
			in:   "Checking both." + open + `<｜GCML｜invoke name="get_weather"><｜GCML｜parameter name="city" string="true">Kazan</｜GCML｜parameter></｜GCML｜invoke><｜GCML｜invoke name="get_time"><｜GCML｜parameter name="tz" string="true">Europe/Moscow</｜GCML｜parameter></｜GCML｜invoke>` + close,
			want: `text="Checking both." call=get_weather{"city":"Kazan"} call=get_time{"tz":"Europe/Moscow"}`},
		{name: "gigachat35/empty_block", format: FormatGigaChat35,
			in:   "Nothing." + open + close,
			want: `text="Nothing."`},
		// The output ends after an invoke's opening tag: a call without
		// parameters whose closers are missing (as a stop string strips).
		{name: "gigachat35/invoke_left_open", format: FormatGigaChat35,
			in:   open + `<｜GCML｜invoke name="list_files">`,
			want: `call=list_files{} error=missing_closer`},
	}...)
}

func FuzzGigaChat35(f *testing.F) {
	addSeeds(f, "gigachat35/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatGigaChat35, true, in, seed) })
}
