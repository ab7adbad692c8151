package textparse

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func init() { parseCases = append(parseCases, miniMaxM3Cases...) }

// m3 writes MiniMax-M3 markup: every "§" is the namespace token.
func m3(s string) string { return strings.ReplaceAll(s, "§", mmNS) }

// miniMaxM3Cases are modelled on MiniMax-M3 output with its chat
// template: the namespace token before every tag, one tag per line.
var miniMaxM3Cases = []parseCase{
	// The call cap counts from the call's <invoke> in one chunk too: the
	// reader returns to Feed once the call begins (read whole, the call
	// was kept whole past the cap; FuzzEveryFormatLarge).
	{name: "minimax_m3/call_over_cap", format: FormatMiniMaxM3, max: 80,
		in:   m3("Sure.§<tool_call>§<invoke name=\"get_weather\">§<city>Paris Paris Paris Paris Paris Paris Paris Paris Paris§</city>§</invoke>§</tool_call>after"),
		want: `text="Sure.after" error=too_large`},
	// The cap passed inside a leaf's bare closer (</city> without the
	// token): the call is abandoned there and the closer, matched on, no
	// longer closes its value (read whole, the call was both too_large
	// and kept; a probe beside FuzzEveryFormatLarge).
	{name: "minimax_m3/call_over_cap_in_bare_closer", format: FormatMiniMaxM3, max: 67,
		in:   m3("Sure.§<tool_call>§<invoke name=\"get_weather\">§<city>Paris</city>§</invoke>§</tool_call>after"),
		want: `text="Sure.after" error=too_large`},
	// A tag past its 512-byte cap is reported at its '<' and its bytes
	// from the cap on are read as what they are there (stray text),
	// whatever the chunking; the next call is read (read whole, the
	// tag's bytes were skipped to its '>'; chunked, those of the next
	// chunk were reported as stray text).
	{name: "minimax_m3/tag_over_cap", format: FormatMiniMaxM3,
		in:   m3("Sure.§<tool_call>§<invoke" + strings.Repeat(" ", 600) + "name=\"x\">§</invoke>§<invoke name=\"get_weather\">§<city>Paris§</city>§</invoke>§</tool_call>after"),
		want: `text="Sure.after" call=get_weather{"city":"Paris"} error=malformed_markup error=malformed_markup error=malformed_markup`},
	// A parameter given twice keeps its first value (argRepeated), a
	// nested one's as well.
	{name: "minimax_m3/repeated_param_keeps_first", format: FormatMiniMaxM3,
		in:   "Sure.]<]minimax[>[<tool_call>]<]minimax[>[<invoke name=\"get_weather\">]<]minimax[>[<city>Paris]<]minimax[>[</city>]<]minimax[>[<city>]<]minimax[>[<name>Rome]<]minimax[>[</name>]<]minimax[>[</city>]<]minimax[>[</invoke>]<]minimax[>[</tool_call>",
		want: `text="Sure." call=get_weather{"city":"Paris"} error=malformed_markup`},
	{name: "minimax_m3/think_opener_written_again", format: FormatMiniMaxM3, open: true,
		in:   m3("<mm:think>Nothing to call.</mm:think>It is 4."),
		want: `text="It is 4." reasoning="Nothing to call."`},
	// A turn without reasoning starts with a bare </mm:think>: markup.
	{name: "minimax_m3/empty_reasoning_closer_first", format: FormatMiniMaxM3,
		in:   m3("</mm:think>No call needed: 2 + 2 = 4."),
		want: `text="No call needed: 2 + 2 = 4." error=malformed_markup`},
	{name: "minimax_m3/one_call", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>\n§<invoke name=\"get_weather\">\n§<city>Paris§</city>\n§</invoke>\n§</tool_call>"),
		want: `call=get_weather{"city":"Paris"}`},
	{name: "minimax_m3/think_text_call", format: FormatMiniMaxM3,
		in:   m3("<mm:think>The user wants Tokyo for three days.</mm:think>Checking the forecast.\n§<tool_call>\n§<invoke name=\"get_weather\">\n§<city>Tokyo§</city>\n§<days>3§</days>\n§</invoke>\n§</tool_call>"),
		want: `text="Checking the forecast.\n" reasoning="The user wants Tokyo for three days." call=get_weather{"city":"Tokyo","days":"3"}`},
	{name: "minimax_m3/coerced_by_catalog", format: FormatMiniMaxM3, tools: true,
		in:   m3("§<tool_call>\n§<invoke name=\"get_weather\">\n§<city>007§</city>\n§<days>3§</days>\n§<metric>true§</metric>\n§</invoke>\n§</tool_call>"),
		want: `call=get_weather{"city":"007","days":3,"metric":true}`},
	{name: "minimax_m3/parallel_in_one_block", format: FormatMiniMaxM3, tools: true,
		in:   m3("I'll read both.\n§<tool_call>\n§<invoke name=\"read_file\">\n§<path>a.go§</path>\n§</invoke>\n§<invoke name=\"read_file\">\n§<path>b.go§</path>\n§<start_line>10§</start_line>\n§</invoke>\n§</tool_call>"),
		want: `text="I'll read both.\n" call=read_file{"path":"a.go"} call=read_file{"path":"b.go","start_line":10}`},
	// Nested values: an object's fields are tags, an array's elements
	// <item> tags (or one tag repeated).
	{name: "minimax_m3/nested_object_and_items", format: FormatMiniMaxM3, tools: true,
		in: m3("§<tool_call>\n§<invoke name=\"search\">\n§<query>stream parsers§</query>\n§<filters>\n§<lang>go§</lang>\n§<license>mit§</license>\n§</filters>\n" +
			"§<tags>\n§<item>parser§</item>\n§<item>streaming§</item>\n§</tags>\n§<limit>2.5§</limit>\n§</invoke>\n§</tool_call>"),
		want: `call=search{"query":"stream parsers","filters":{"lang":"go","license":"mit"},"tags":["parser","streaming"],"limit":2.5}`},
	{name: "minimax_m3/repeated_tag_is_a_list", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>§<invoke name=\"send_mail\">§<to>a@x.org§</to>§<cc>§<addr>b@x.org§</addr>§<addr>c@x.org§</addr>§</cc>§</invoke>§</tool_call>"),
		want: `call=send_mail{"to":"a@x.org","cc":{"addr":["b@x.org","c@x.org"]}}`},
	{name: "minimax_m3/empty_containers", format: FormatMiniMaxM3, tools: true,
		in:   m3("§<tool_call>§<invoke name=\"search\">§<query>x§</query>§<filters>§</filters>§<tags>\n§</tags>§</invoke>§</tool_call>"),
		want: `call=search{"query":"x","filters":{},"tags":[]}`},
	{name: "minimax_m3/raw_string_value", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>§<invoke name=\"write_to_file\">§<path>x.html§</path>§<content><p class=\"a\">1 < 2 ] ]< </p>\n\"quoted\" 日本§</content>§</invoke>§</tool_call>"),
		want: `call=write_to_file{"path":"x.html","content":"<p class=\"a\">1 < 2 ] ]< </p>\n\"quoted\" 日本"}`},
	// The serving stacks accept whitespace between the token and its tag
	// (inside the block: the block opens with §<tool_call> exactly), and a
	// value's closer written without the token.
	{name: "minimax_m3/spacing_and_bare_closer", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>\n§\n<invoke name=\"search\">§<query>字节 AI 新闻</query>§<limit>6</limit>§</invoke>\n§</tool_call>"),
		want: `call=search{"query":"字节 AI 新闻","limit":"6"}`},
	{name: "minimax_m3/no_arguments", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>§<invoke name=\"list_files\">§</invoke>§</tool_call>"),
		want: `call=list_files{}`},
	{name: "minimax_m3/escaped_name", format: FormatMiniMaxM3, tools: true,
		in:   m3("§<tool_call>§<invoke name=\"Web&#32;Search\">§</invoke>§<invoke name=\"Web Search\">§<q>go&amp;rust§</q>§</invoke>§</tool_call>"),
		want: `call=Web Search{"q":"go&amp;rust"} error=invalid_tool_name`},
	{name: "minimax_m3/truncated_in_value", format: FormatMiniMaxM3,
		in:   m3("Looking.§<tool_call>§<invoke name=\"get_weather\">§<city>Par"),
		want: `text="Looking." error=incomplete_call`},
	{name: "minimax_m3/truncated_before_closers", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>§<invoke name=\"get_weather\">§<city>Paris§</city>"),
		want: `call=get_weather{"city":"Paris"} error=missing_closer`},
	{name: "minimax_m3/invoke_closer_missing", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>§<invoke name=\"a\">§<x>1§</x>§<invoke name=\"b\">§<y>2§</y>§</invoke>§</tool_call>after"),
		want: `text="after" call=a{"x":"1"} call=b{"y":"2"} error=malformed_markup`},
	{name: "minimax_m3/param_closer_missing", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>§<invoke name=\"a\">§<x>1§</invoke>§<invoke name=\"b\">§<y>2§</y>§</invoke>§</tool_call>"),
		want: `call=a{"x":"1"} call=b{"y":"2"} error=malformed_markup`},
	// A closer of an enclosing tag closes the tags left open inside it, and
	// a closer of no open tag is dropped; both reported, the call kept (as
	// SGLang's compatibility reader heals them).
	{name: "minimax_m3/outer_closer_closes_inner_tag", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>§<invoke name=\"a\">§<o>§<k>1§</o>§</invoke>§<invoke name=\"b\">§</invoke>§</tool_call>"),
		want: `call=a{"o":{"k":"1"}} call=b{} error=malformed_markup`},
	{name: "minimax_m3/closer_of_no_open_tag_dropped", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>§<invoke name=\"route\">§<from>§<lat>48.1§</bogus>§</lat>§<lon>11.5§</lon>§</from>§</invoke>§</tool_call>Done."),
		want: `text="Done." call=route{"from":{"lat":"48.1","lon":"11.5"}} error=malformed_markup`},
	{name: "minimax_m3/stray_closer_and_unclosed_inner_tag", format: FormatMiniMaxM3,
		in:   m3("§<tool_call>§<invoke name=\"route\">§<to>Graz§</to>§<from>§<lat>48.1§</nope>§</from>§</invoke>§</tool_call>"),
		want: `call=route{"to":"Graz","from":{"lat":"48.1"}} error=malformed_markup error=malformed_markup`},
	{name: "minimax_m3/too_deep_then_valid", format: FormatMiniMaxM3, depth: 2,
		in:   m3("§<tool_call>§<invoke name=\"a\">§<o>§<p>§<q>§<r>1§</r>§</q>§</p>§</o>§</invoke>§<invoke name=\"b\">§</invoke>§</tool_call>"),
		want: `call=b{} error=too_deep`},
	{name: "minimax_m3/lookalikes_are_text", format: FormatMiniMaxM3,
		in:   "see ]<]minimax[>[ and ]<]minimax< and [link](x) and <tool_call> here",
		want: `text="see ]<]minimax[>[ and ]<]minimax< and [link](x) and <tool_call> here"`},
	{name: "minimax_m3/call_in_reasoning", format: FormatMiniMaxM3,
		in:   m3("<mm:think>calling now §<tool_call>§<invoke name=\"f\">§</invoke>§</tool_call>"),
		want: `reasoning="calling now " call=f{} error=call_in_reasoning`},
	// A union's nested tags are read by the alternative that has them
	// (llama.cpp's MiniMax-M3 union cases): an object alternative's
	// properties type its fields, an array alternative's items its
	// elements; a scalar is tried against the scalar alternative.
	{name: "minimax_m3/union_object_alternative_types_fields", format: FormatMiniMaxM3, set: m3UnionTools,
		in:   m3("<mm:think>Page size first.</mm:think>§<tool_call>\n§<invoke name=\"list_orders\">§<page>§<size>25§</size>§<after>A-17§</after>§</page>§</invoke>\n§</tool_call>"),
		want: `reasoning="Page size first." call=list_orders{"page":{"size":25,"after":"A-17"}}`},
	{name: "minimax_m3/union_scalar_alternative", format: FormatMiniMaxM3, set: m3UnionTools,
		in:   m3("§<tool_call>§<invoke name=\"list_orders\">§<page>3§</page>§<status>§<item>open§</item>§<item>held§</item>§</status>§</invoke>§</tool_call>"),
		want: `call=list_orders{"page":3,"status":["open","held"]}`},
	{name: "minimax_m3/union_array_alternative_types_items", format: FormatMiniMaxM3, set: m3UnionTools,
		in:   m3("§<tool_call>§<invoke name=\"list_orders\">§<ids>§<item>12§</item>§<item>40§</item>§</ids>§</invoke>§</tool_call>"),
		want: `call=list_orders{"ids":[12,40]}`},
	// A string parameter's words none and nil stay words, in an enum and
	// in a nullable string; there only null is null (SGLang's MiniMax-M3
	// detector reads them so).
	{name: "minimax_m3/enum_string_keeps_none_and_nil", format: FormatMiniMaxM3, set: m3NullTools,
		in:   m3("§<tool_call>§<invoke name=\"set_mode\">§<mode>none§</mode>§<level>nil§</level>§</invoke>§</tool_call>"),
		want: `call=set_mode{"mode":"none","level":"nil"}`},
	{name: "minimax_m3/nullable_string_keeps_none", format: FormatMiniMaxM3, set: m3NullTools,
		in:   m3("§<tool_call>§<invoke name=\"set_mode\">§<note>none§</note>§</invoke>§<invoke name=\"set_mode\">§<note>null§</note>§</invoke>§</tool_call>"),
		want: `call=set_mode{"note":"none"} call=set_mode{"note":null}`},
	{name: "minimax_m3/nullable_integer_nil_is_null", format: FormatMiniMaxM3, set: m3NullTools,
		in:   m3("§<tool_call>§<invoke name=\"set_mode\">§<retries>nil§</retries>§</invoke>§</tool_call>"),
		want: `call=set_mode{"retries":null}`},
	{name: "minimax_m3/auto", format: FormatAuto,
		in:   m3("Sure.§<tool_call>§<invoke name=\"get_weather\">§<city>Nice§</city>§</invoke>§</tool_call>"),
		want: `text="Sure." call=get_weather{"city":"Nice"}`},
}

// m3UnionTools has parameters whose schema is a union of a scalar and a
// structure.
var m3UnionTools = testTools{"list_orders": {Name: "list_orders", Params: []toolcall.Param{
	{Name: "page", Schema: json.RawMessage(`{"oneOf":[{"type":"integer"},{"type":"object","properties":{"size":{"type":"integer"},"after":{"type":"string"}}}]}`)},
	{Name: "status", Schema: json.RawMessage(`{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}`)},
	{Name: "ids", Schema: json.RawMessage(`{"anyOf":[{"type":"null"},{"type":"array","items":{"type":"integer"}}]}`)},
}}}

// m3NullTools has string parameters that may hold the words none and nil,
// and a nullable integer.
var m3NullTools = testTools{"set_mode": {Name: "set_mode", Params: []toolcall.Param{
	{Name: "mode", Types: []string{"string"}, Enum: []json.RawMessage{json.RawMessage(`"none"`), json.RawMessage(`"fast"`)}},
	{Name: "level", Types: []string{"string"}},
	{Name: "note", Types: []string{"string", "null"}},
	{Name: "retries", Types: []string{"integer", "null"}},
}}}

func FuzzMiniMaxM3(f *testing.F) {
	addSeeds(f, "minimax_m3/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatMiniMaxM3, true, in, seed) })
}

// MiniMax-M3 names parameters by their tags and nests structured values;
// the call comes out as one JSON object, coerced by the catalog.
func ExampleParser_miniMaxM3() {
	ns := "]<]minimax[>["
	msg := ns + `<tool_call>` + ns + `<invoke name="search">` +
		ns + `<query>go parsers` + ns + `</query>` +
		ns + `<filters>` + ns + `<lang>go` + ns + `</lang>` + ns + `</filters>` +
		ns + `<limit>5` + ns + `</limit>` +
		ns + `</invoke>` + ns + `</tool_call>`
	printCalls(toolcall.Run(mustNew(opts{Format: FormatMiniMaxM3, Tools: tools}), []byte(msg), 7))
	// Output:
	// call call_0 search {"query":"go parsers","filters":{"lang":"go"},"limit":5}
}

// Words in the tool_call block that no call holds are text (blockWords);
// words between a call's parameters stay its markup error.
func init() {
	parseCases = append(parseCases,
		parseCase{name: "minimax_m3/words_in_block", format: FormatMiniMaxM3,
			in:   m3("Sure.§<tool_call>\nLet me look.\n§<invoke name=\"get_weather\">§<city>Paris§</city>§</invoke>\nthen done§</tool_call>"),
			want: `text="Sure.Let me look.\nthen done" call=get_weather{"city":"Paris"}`},
		parseCase{name: "minimax_m3/words_between_parameters_stay_error", format: FormatMiniMaxM3,
			in:   m3("§<tool_call>§<invoke name=\"get_weather\">stray§<city>Paris§</city>§</invoke>§</tool_call>"),
			want: `call=get_weather{"city":"Paris"} error=malformed_markup`},
	)
}
