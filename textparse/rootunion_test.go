package textparse

import "strings"

// A tool whose parameters sit in a root oneOf told apart by a
// discriminator (channel): each dialect that types values by the catalog
// types a value by the alternative the call's channel selects, as SGLang's
// detectors read such a tool (test_root_combinator_tool_parsers.py), once
// channel has been read; a value read before it that the alternatives
// type differently waits, unwritten, for channel (or the call's end, when
// the union types it): held bytes are not emitted, so nothing is
// retracted.

// notifyTools holds notify: an email's body is a Message object and its
// priority an integer; a webhook's body is the raw payload text and its
// priority a word; a log entry declares neither.
var notifyTools = mustCatalog(`[{"name": "notify", "input_schema": {"type": "object",
 "$defs": {"Message": {"type": "object", "properties": {"subject": {"type": "string"}, "text": {"type": "string"}}, "required": ["text"]}},
 "oneOf": [
  {"type": "object", "properties": {"channel": {"const": "email"}, "to": {"type": "string"}, "body": {"$ref": "#/$defs/Message"}, "priority": {"type": "integer"}}, "required": ["channel", "to", "body"]},
  {"type": "object", "properties": {"channel": {"const": "webhook"}, "url": {"type": "string"}, "body": {"type": "string"}, "priority": {"type": "string"}}, "required": ["channel", "url", "body"]},
  {"allOf": [{"type": "object", "properties": {"channel": {"enum": ["log"]}}, "required": ["channel"]}]}]}}]`)

// rootUnionWriters write one notify call in each dialect, from its
// parameters as name, value pairs.
var rootUnionWriters = []struct {
	format Format
	call   func(kv ...string) string
}{
	{FormatQwen3Coder, func(kv ...string) string {
		return "<tool_call>\n<function=notify>\n" + pairs(kv, "<parameter=%k>\n%v\n</parameter>\n") + "</function>\n</tool_call>"
	}},
	{FormatGLM45, func(kv ...string) string {
		return "<tool_call>notify\n" + pairs(kv, "<arg_key>%k</arg_key>\n<arg_value>%v</arg_value>\n") + "</tool_call>"
	}},
	{FormatLaguna, func(kv ...string) string {
		return "<tool_call>notify" + pairs(kv, "<arg_key>%k</arg_key><arg_value>%v</arg_value>") + "</tool_call>"
	}},
	{FormatDots, func(kv ...string) string {
		return `<dots_function_call><invoke name="notify">` + pairs(kv, `<parameter name="%k">%v</parameter>`) + "</invoke></dots_function_call>"
	}},
	{FormatHYV3, func(kv ...string) string {
		return "<tool_calls><tool_call>notify<tool_sep>" + pairs(kv, "<arg_key>%k</arg_key><arg_value>%v</arg_value>") + "</tool_call></tool_calls>"
	}},
	{FormatMiniCPM5, func(kv ...string) string {
		return `<function name="notify">` + pairs(kv, `<param name="%k">%v</param>`) + "</function>"
	}},
	{FormatMiniMaxM2, func(kv ...string) string {
		return `<minimax:tool_call><invoke name="notify">` + "\n" + pairs(kv, `<parameter name="%k">%v</parameter>`+"\n") + "</invoke></minimax:tool_call>"
	}},
	{FormatMiniMaxM3, func(kv ...string) string {
		const ns = "]<]minimax[>["
		return ns + "<tool_call>" + ns + `<invoke name="notify">` + pairs(kv, ns+"<%k>%v"+ns+"</%k>") + ns + "</invoke>" + ns + "</tool_call>"
	}},
	{FormatStep3, func(kv ...string) string {
		return "<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"notify\">" +
			pairs(kv, `<steptml:parameter name="%k">%v</steptml:parameter>`) + "</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>"
	}},
	// Not in SGLang's test: Kimi K3's argument reader and the marker
	// argument reader (markerargs.go) type values by the same variants.
	{FormatKimiK3, func(kv ...string) string {
		return `<|open|>tools<|sep|><|open|>call tool="notify" index="0"<|sep|>` +
			pairs(kv, `<|open|>argument key="%k"<|sep|>%v<|close|>argument<|sep|>`) + "<|close|>call<|sep|><|close|>tools<|sep|>"
	}},
	{FormatSolarOpen2, func(kv ...string) string {
		return "<|tool_call:start|>notify\n" + pairs(kv, "<|tool_arg:start|>%k<|tool_arg:value|>%v<|tool_arg:end|>\n") + "<|tool_call:end|>"
	}},
}

// pairs writes name, value pairs with a pattern naming them %k and %v.
func pairs(kv []string, pattern string) string {
	var b strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteString(strings.NewReplacer("%k", kv[i], "%v", kv[i+1]).Replace(pattern))
	}
	return b.String()
}

// rootUnionCases are the same four calls in each dialect.
func rootUnionCases() []parseCase {
	var out []parseCase
	for _, w := range rootUnionWriters {
		for _, c := range []struct{ name, in, want string }{
			// The email alternative types body as its Message object and
			// priority as an integer.
			{"root_union_branch_types_object", w.call("channel", "email", "to", "ops@example.com", "body", `{"subject": "Deploy done", "text": "v2.4 is live"}`, "priority", "2"),
				`call=notify{"channel":"email","to":"ops@example.com","body":{"subject":"Deploy done","text":"v2.4 is live"},"priority":2}`},
			// The webhook alternative types body and priority as strings: the
			// payload text stays as written, and so does "2".
			{"root_union_branch_keeps_string", w.call("channel", "webhook", "url", "https://hooks.example.com/deploy", "body", `{"event": "deploy", "ok": true}`, "priority", "2"),
				`call=notify{"channel":"webhook","url":"https://hooks.example.com/deploy","body":"{\"event\": \"deploy\", \"ok\": true}","priority":"2"}`},
			// The log alternative (an enum of one, under allOf) declares
			// no body: what the model wrote there stays a string.
			{"root_union_undeclared_in_branch_is_string", w.call("channel", "log", "body", `{"lines": 3}`),
				`call=notify{"channel":"log","body":"{\"lines\": 3}"}`},
			// A body read before the channel waits, unwritten, for it
			// (the alternatives type it differently): the webhook's
			// string, written after the channel.
			{"root_union_value_before_discriminator", w.call("body", `{"event": "deploy"}`, "channel", "webhook", "url", "https://hooks.example.com/x"),
				`call=notify{"channel":"webhook","body":"{\"event\": \"deploy\"}","url":"https://hooks.example.com/x"}`},
			// Two values wait, and are written in the order read once the
			// channel selects the email: priority the integer, body the
			// object.
			{"root_union_values_before_discriminator", w.call("priority", "2", "body", `{"text": "v2.4 is live"}`, "channel", "email", "to", "ops@example.com"),
				`call=notify{"channel":"email","priority":2,"body":{"text":"v2.4 is live"},"to":"ops@example.com"}`},
			// No channel at all: at the call's end the body is typed by
			// the union (object, else string); url, a string in every
			// alternative, never waited.
			{"root_union_no_discriminator_typed_by_union", w.call("body", `{"event": "deploy"}`, "url", "https://hooks.example.com/x"),
				`call=notify{"url":"https://hooks.example.com/x","body":{"event":"deploy"}}`},
		} {
			out = append(out, parseCase{name: string(w.format) + "/" + c.name, format: w.format, set: notifyTools, in: c.in, want: c.want})
		}
	}
	return out
}

func init() { parseCases = append(parseCases, rootUnionCases()...) }
