package textparse

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tooleval/tooleval/toolcall"
)

// testTools is a small in-memory catalog for the tests.
type testTools map[string]*toolcall.Tool

func (t testTools) Lookup(name string) (*toolcall.Tool, bool) {
	tool, ok := t[name]
	return tool, ok
}

func param(name string, types ...string) toolcall.Param {
	return toolcall.Param{Name: name, Types: types}
}

var tools = testTools{
	"get_weather": {Name: "get_weather", Params: []toolcall.Param{param("city", "string"), param("days", "integer"), param("metric", "boolean")}},
	"read_file":   {Name: "read_file", Params: []toolcall.Param{param("path", "string"), param("start_line", "integer"), param("end_line", "integer", "null")}},
	"write_to_file": {Name: "write_to_file", Params: []toolcall.Param{param("path", "string"), param("content", "string"),
		param("line_count", "integer")}},
	"search": {Name: "search", Params: []toolcall.Param{param("query", "string"), param("filters", "object"), param("tags", "array"),
		param("limit", "number"), param("code", "string")}},
	"list_files": {Name: "list_files"},
	"edit": {Name: "edit", Params: []toolcall.Param{param("path", "string"), param("edits", "array"),
		param("target", "string", "array"), param("limit", "integer", "null"), param("cfg", "object", "null"),
		param("level", "integer"), param("note", "string", "null")}},
	// convert: one parameter of each kind the value conventions treat
	// apart (conventions_test.go).
	"convert": {Name: "convert", Params: []toolcall.Param{param("count", "integer"), param("flag", "boolean"),
		param("label", "string"), param("mixed", "integer", "string"), param("ratio", "number", "string")}},
	"apply_diff":         {Name: "apply_diff", Params: []toolcall.Param{param("path", "string"), param("diff", "string")}},
	"execute_command":    {Name: "execute_command", Params: []toolcall.Param{param("command", "string"), param("requires_approval", "boolean")}},
	"Web Search":         {Name: "Web Search", Params: []toolcall.Param{param("q", "string")}},
	"attempt_completion": {Name: "attempt_completion", Params: []toolcall.Param{param("result", "string"), param("command", "string")}},
	// todo_write: a required list of records (glm53_flash reads a list,
	// or one record, written as its arguments as that list).
	"todo_write": {Name: "todo_write", Params: []toolcall.Param{{Name: "todos", Types: []string{"array"}, Required: true,
		Schema: []byte(`{"type": "array", "items": {"type": "object", "properties": {"content": {"type": "string"}, "status": {"type": "string"}}}}`)}}},
}

// summary renders the collected result of events compactly for table
// expectations: text, reasoning, calls as name{args}, error codes.
func summary(evs []toolcall.Event) string {
	r := toolcall.Collect("", evs)
	var b strings.Builder
	if r.Text != "" {
		fmt.Fprintf(&b, "text=%q ", r.Text)
	}
	if r.Reasoning != "" {
		fmt.Fprintf(&b, "reasoning=%q ", r.Reasoning)
	}
	for _, c := range r.Calls {
		var buf bytes.Buffer
		_ = json.Compact(&buf, c.Arguments)
		fmt.Fprintf(&b, "call=%s%s ", c.Name, buf.String())
		if c.ID != fmt.Sprintf("call_%d", c.Index) {
			fmt.Fprintf(&b, "id=%s ", c.ID)
		}
	}
	for _, e := range r.Errors {
		fmt.Fprintf(&b, "error=%s ", e.Code)
	}
	return strings.TrimSpace(b.String())
}

// eventLines renders events as JSON Lines.
func eventLines(evs []toolcall.Event) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, ev := range evs {
		if err := enc.Encode(ev); err != nil {
			panic(err)
		}
	}
	return b.String()
}

// sameEvents reports whether a and b are the same events, field by field
// (Data nil and empty alike). It is what eventLines compares, without
// encoding: the fuzz targets that compare many chunkings of inputs of
// hundreds of KiB spent most of each execution in JSON encoding.
func sameEvents(a, b []toolcall.Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Kind != y.Kind || x.Offset != y.Offset || x.Index != y.Index || x.ID != y.ID || x.Name != y.Name ||
			!bytes.Equal(x.Data, y.Data) || x.Err != y.Err ||
			x.Call.Index != y.Call.Index || x.Call.ID != y.Call.ID || x.Call.Name != y.Call.Name ||
			!bytes.Equal(x.Call.Arguments, y.Call.Arguments) {
			return false
		}
	}
	return true
}

// runRaw feeds chunks and keeps every event unmerged (cloned).
func runRaw(p toolcall.StreamParser, chunks [][]byte) []toolcall.Event {
	var out []toolcall.Event
	for _, c := range chunks {
		for _, ev := range p.Feed(c) {
			out = append(out, ev.Clone())
		}
	}
	for _, ev := range p.Close() {
		out = append(out, ev.Clone())
	}
	return out
}

// checkInvariants checks what must hold for any input: text and reasoning
// deltas are the input bytes at their offsets, in order, and the bytes
// between them are markup (start with '<', end with '>', before a '<' or at
// the end of the input); args deltas concatenate to the final arguments, which are a
// JSON object; call indexes increase.
func checkInvariants(in []byte, evs []toolcall.Event) error {
	pos := 0
	args := map[int]*bytes.Buffer{}
	nextIndex := 0
	gap := func(from, to int) error {
		if from == to {
			return nil
		}
		g := in[from:to]
		if g[0] != '<' && !markerFirst(g[0]) && !(answerStart(in[:from]) && anchoredFirst(g[0])) {
			return fmt.Errorf("bytes %d..%d %q are neither text nor markup", from, to, g)
		}
		// Tag markup ends with '>', or is a closing tag cut short by the
		// next '<', or runs to the end of the input, or is followed by
		// more markup (a marker block or an anchored body after </think>).
		tag := g[0] == '<' && len(g) > 1 && (g[1] == '/' || isNameByte(g[1], true))
		// (A marker block skips the spaces before its body: they end the
		// markup too.)
		// (Markup reported dropped where the run starts may end it too:
		// an opener followed by words or by another opener, with no call,
		// "<function=<0 0".)
		if t := bytes.TrimRight(g, " \t\r\n"); tag && to != len(in) && t[len(t)-1] != '>' && in[to] != '<' && !markupFollows(g) &&
			!strayAt(evs, from) {
			return fmt.Errorf("markup %d..%d %q does not end with '>'", from, to, g)
		}
		return nil
	}
	valid := utf8.Valid(in)
	for _, ev := range evs {
		if valid && !utf8.Valid(ev.Data) {
			return fmt.Errorf("%s event at %d splits a character: %q", ev.Kind, ev.Offset, ev.Data)
		}
		switch ev.Kind {
		case toolcall.KindText, toolcall.KindReasoning:
			if ev.Offset < pos || ev.Offset+len(ev.Data) > len(in) {
				return fmt.Errorf("%s delta at %d out of order (pos %d)", ev.Kind, ev.Offset, pos)
			}
			if !bytes.Equal(in[ev.Offset:ev.Offset+len(ev.Data)], ev.Data) {
				return fmt.Errorf("%s delta at %d is %q, input has %q", ev.Kind, ev.Offset, ev.Data, in[ev.Offset:ev.Offset+len(ev.Data)])
			}
			if err := gap(pos, ev.Offset); err != nil {
				return err
			}
			pos = ev.Offset + len(ev.Data)
		case toolcall.KindCallStart:
			if ev.Index != nextIndex {
				return fmt.Errorf("call_start index %d, want %d", ev.Index, nextIndex)
			}
			nextIndex++
			args[ev.Index] = new(bytes.Buffer)
		case toolcall.KindArgsDelta:
			b, ok := args[ev.Index]
			if !ok {
				return fmt.Errorf("args_delta for call %d before its call_start", ev.Index)
			}
			b.Write(ev.Data)
		case toolcall.KindCallEnd:
			b, ok := args[ev.Index]
			if !ok {
				return fmt.Errorf("call_end for call %d without call_start", ev.Index)
			}
			if !bytes.Equal(b.Bytes(), ev.Call.Arguments) {
				return fmt.Errorf("call %d: deltas %q != arguments %q", ev.Index, b.Bytes(), ev.Call.Arguments)
			}
			// Numbers as json.Number: 1e400 is a JSON number, as the model
			// wrote it, though no float64 holds it.
			var obj map[string]any
			d := json.NewDecoder(bytes.NewReader(ev.Call.Arguments))
			d.UseNumber()
			if err := d.Decode(&obj); err != nil || d.More() {
				return fmt.Errorf("call %d arguments %q are not a JSON object: %v", ev.Index, ev.Call.Arguments, err)
			}
			delete(args, ev.Index)
		}
	}
	return gap(pos, len(in))
}

// strayAt reports whether evs report malformed_markup at offset off.
func strayAt(evs []toolcall.Event, off int) bool {
	for _, ev := range evs {
		if ev.Kind == toolcall.KindError && ev.Err.Code == toolcall.CodeMalformedMarkup && ev.Offset == off {
			return true
		}
	}
	return false
}

// markerFirst reports whether c starts a marker of some marker dialect
// (or a tag dialect's message header), or the body of an anchored block
// ('{', '[', a fence).
func markerFirst(c byte) bool {
	for _, f := range Formats()[1:] { // auto lacks the NoAuto dialects and the headers
		if m := compiledFor(f, false); m != nil && (m.text.first[c] || m.lead.first[c]) { // (a Dialect.Lead word after a call)
			return true
		}
	}
	return c == '{' || c == '[' || c == '`' && anchoredFirst(c)
}

// anchoredFirst reports whether c may start an anchored block's body.
func anchoredFirst(c byte) bool {
	for _, f := range markerFormats() {
		for _, b := range compiledFor(f, false).anchored {
			if b.Body.accepts(c) {
				return true
			}
		}
	}
	return false
}

// answerStart reports whether what precedes is only whitespace, or ends a
// reasoning span: where an anchored body (a bare recipient name) may start.
func answerStart(before []byte) bool {
	t := bytes.TrimRight(before, " \t\r\n")
	return len(t) == 0 || bytes.HasSuffix(t, []byte("</think>")) || bytes.HasSuffix(t, []byte("[/THINK]"))
}

// markupFollows reports whether the tag that starts g is followed, right
// after its '>', by more markup: a marker, or an anchored body.
func markupFollows(g []byte) bool {
	k := bytes.IndexByte(g, '>')
	for k >= 0 && k+1 < len(g) && isSpace(g[k+1]) { // a body may start after spaces
		k++
	}
	if k < 0 || k+1 == len(g) {
		return false
	}
	c := g[k+1]
	return c == '<' || markerFirst(c) || anchoredFirst(c)
}

// opts shortens the parser options in tests.
type opts = toolcall.ParseOptions

// mustNew builds a parser from options the test knows are valid.
func mustNew(o opts) *Parser {
	p, err := New(o)
	if err != nil {
		panic(err)
	}
	return p
}
