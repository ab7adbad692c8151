package textparse

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// This file tests the conventions textparse shares with the serving
// stacks (README, "Conventions"), in every dialect they apply to,
// enumerated from the registry.

// textValues reports whether dialect f writes parameter values as text
// between tags (coerced by the catalog's schema) rather than as JSON or
// Python literals.
func textValues(f Format) bool {
	d := dialects[f]
	if d.Alias != "" {
		d = dialects[d.Alias]
	}
	if d.Tags == nil {
		for _, b := range d.Blocks {
			if b.Body.Read&textValueReaders != 0 || b.Body.Read&ReadGemma != 0 && b.Body.Quote != "" {
				return true // (FunctionGemma's <escape> values: gemma4body.go's typedQuoted)
			}
		}
		return false
	}
	return d.Tags.Param != "" || d.Tags.Value != "" || d.Tags.Catalog
}

// textValueReaders are the body readers whose values are text between
// tags or markers (MiniMax-M3's parameter tags, marker arguments).
const textValueReaders = ReadMiniMaxM3 | ReadMarkerArgs

// TestNullAndUnionValuesEveryDialect: in every dialect whose values are
// text, null for a parameter that is not a string is JSON null, a string
// parameter keeps "null", and a union tries integer and number before
// string; dialects whose values are JSON or Python literals keep the
// value's own type (the model wrote a string).
func TestNullAndUnionValuesEveryDialect(t *testing.T) {
	call := toolcall.ExampleCall{Text: "On it.", Name: "convert", Args: []toolcall.ExampleArg{
		{Key: "count", Value: "null"}, {Key: "flag", Value: "null"}, {Key: "label", Value: "null"},
		{Key: "mixed", Value: "5"}, {Key: "ratio", Value: "0.25"},
	}}
	coerced := `{"count":null,"flag":null,"label":"null","mixed":5,"ratio":0.25}`
	r := rand.New(rand.NewPCG(3, 5))
	n := 0
	for _, in := range Dialects() {
		f := in.Format
		t.Run(string(f), func(t *testing.T) {
			text, err := WriteExample(f, call)
			if err != nil {
				t.Fatal(err)
			}
			want := call.Arguments()
			if textValues(f) {
				// A typed attribute (string="true") would say the value is a
				// string whatever the schema: leave it out.
				text = strings.ReplaceAll(text, ` string="true"`, "")
				want = coerced
				n++
			}
			o := opts{Format: f, Tools: tools}
			res := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(text), 0))
			if len(res.Calls) != 1 || len(res.Errors) != 0 {
				t.Fatalf("%s: got calls %+v errors %+v", text, res.Calls, res.Errors)
			}
			if got := compactJSON(t, res.Calls[0].Arguments); got != want {
				t.Fatalf("%s\n got: %s\nwant: %s", text, got, want)
			}
			checkAnyChunking(t, r, o, []byte(text))
		})
	}
	if n < 8 {
		t.Fatalf("only %d dialects with text values", n)
	}
}

func compactJSON(t *testing.T, b []byte) string {
	t.Helper()
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		t.Fatalf("arguments %s: %v", b, err)
	}
	return out.String()
}

// reasoningSpans lists the reasoning spans of dialect f that a call can
// be written inside: <think>…</think> and the dialect's own spans with an
// opening marker (harmony's analysis channel ends at the next message
// header, which a call is).
func reasoningSpans(in Info) []Span {
	var out []Span
	if !in.NoThink {
		out = append(out, Span{Open: "<think>", Close: "</think>"})
	}
	for _, s := range in.Reasoning {
		if s.Open != "" {
			out = append(out, s)
		}
	}
	return out
}

// TestCallInReasoningEveryDialect: in every dialect with call markup and
// every reasoning span it has, a call written before the reasoning's
// closer ends the reasoning and is a call (the closer after it is
// dropped), KeepCallsInReasoning keeps it as reasoning, and either way a
// call_in_reasoning error marks it; the markup mentioned in prose stays
// reasoning, with no error. Any chunking gives the same events.
func TestCallInReasoningEveryDialect(t *testing.T) {
	call := toolcall.ExampleCall{Name: "get_weather", Args: []toolcall.ExampleArg{{Key: "city", Value: "Paris"}, {Key: "days", Value: 3}}}
	wantArgs := call.Arguments()
	r := rand.New(rand.NewPCG(9, 4))
	n := 0
	for _, in := range Dialects() {
		if in.Anchored && !strings.Contains(exampleWriters[in.Format], "<") {
			continue // no call markup: the answer itself is the call (xlam)
		}
		if in.Format == FormatHarmony || in.Format == FormatInkling {
			continue // reasoning is a channel or a message of its own; a call is the next message
		}
		callText, err := WriteExample(in.Format, call)
		if err != nil {
			t.Fatal(err)
		}
		// Whitespace a writer puts before the markup stays reasoning.
		lead := "Let me check. " + callText[:len(callText)-len(strings.TrimLeft(callText, " \n"))]
		for _, sp := range reasoningSpans(in) {
			n++
			callText := callText
			for _, e := range sp.Ends { // the end of the turn a writer puts after the call ends the span too
				callText = strings.TrimSuffix(callText, e)
			}
			msg := sp.Open + "Let me check. " + callText + sp.Close + "Done."
			t.Run(string(in.Format)+"/"+sp.Open, func(t *testing.T) {
				o := opts{Format: in.Format, Tools: tools}
				res := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(msg), 0))
				if len(res.Calls) != 1 || compactJSON(t, res.Calls[0].Arguments) != wantArgs || res.Reasoning != lead ||
					res.Text != "Done." || !onlyCode(res.Errors, toolcall.CodeCallInReasoning) {
					t.Fatalf("%q:\n calls %+v\n reasoning %q text %q\n errors %+v", msg, res.Calls, res.Reasoning, res.Text, res.Errors)
				}
				checkAnyChunking(t, r, o, []byte(msg))

				o.KeepCallsInReasoning = true
				res = toolcall.Collect("", toolcall.Run(mustNew(o), []byte(msg), 0))
				if len(res.Calls) != 0 || res.Reasoning != "Let me check. "+callText || res.Text != "Done." ||
					len(res.Errors) == 0 || !onlyCode(res.Errors, toolcall.CodeCallInReasoning) {
					t.Fatalf("kept %q:\n calls %+v\n reasoning %q text %q\n errors %+v", msg, res.Calls, res.Reasoning, res.Text, res.Errors)
				}
				checkAnyChunking(t, r, o, []byte(msg))
			})
		}
	}
	if n < 40 {
		t.Fatalf("only %d dialect and span pairs", n)
	}
}

// onlyCode reports whether errs has exactly one error, of code c.
func onlyCode(errs []toolcall.Error, c toolcall.Code) bool {
	return len(errs) == 1 && errs[0].Code == c
}

// callOpener returns the markup that opens the call of callText in dialect
// f: a block's Open marker, or the first tag.
func callOpener(f Format, callText string) string {
	s := strings.TrimLeft(callText, " \n")
	for _, b := range dialects[f].Blocks {
		if b.Open != "" && strings.HasPrefix(s, b.Open) {
			return b.Open
		}
	}
	if i := strings.IndexByte(s, '>'); i > 0 && s[0] == '<' {
		return s[:i+1]
	}
	return ""
}

// TestCallMarkupMentionedInReasoning: call markup that reasoning mentions
// in prose (not followed by a call body) stays reasoning, with no error,
// and the call after the reasoning is read; any chunking gives the same
// events.
func TestCallMarkupMentionedInReasoning(t *testing.T) {
	call := toolcall.ExampleCall{Name: "get_weather", Args: []toolcall.ExampleArg{{Key: "city", Value: "Oslo"}}}
	r := rand.New(rand.NewPCG(2, 8))
	n := 0
	for _, in := range Dialects() {
		if in.Anchored && !strings.Contains(exampleWriters[in.Format], "<") || in.Format == FormatHarmony {
			continue // as in TestCallInReasoningEveryDialect
		}
		callText, err := WriteExample(in.Format, call)
		if err != nil {
			t.Fatal(err)
		}
		open := callOpener(in.Format, callText)
		if open == "" {
			t.Fatalf("%s: no opener in %q", in.Format, callText)
		}
		for _, sp := range reasoningSpans(in) {
			n++
			prose := "I could write " + open + " later, or " + open + "\n\n  then think."
			msg := sp.Open + prose + sp.Close + callText
			t.Run(string(in.Format)+"/"+sp.Open, func(t *testing.T) {
				for _, keep := range []bool{false, true} {
					o := opts{Format: in.Format, Tools: tools, KeepCallsInReasoning: keep}
					res := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(msg), 0))
					if len(res.Calls) != 1 || res.Reasoning != prose || len(res.Errors) != 0 {
						t.Fatalf("keep=%v %q:\n calls %+v\n reasoning %q\n errors %+v", keep, msg, res.Calls, res.Reasoning, res.Errors)
					}
					checkAnyChunking(t, r, o, []byte(msg))
				}
			})
		}
	}
	if n < 40 {
		t.Fatalf("only %d dialect and span pairs", n)
	}
}

// callClosers lists the closing tokens of dialect f's calls and blocks,
// from the registry (and the catalog tool's own closing tag for catalog
// dialects).
func callClosers(f Format, tool string) []string {
	d := dialects[f]
	if d.Alias != "" {
		d = dialects[d.Alias]
	}
	var out []string
	// The example of a dialect with an anchored block is written in it
	// (which gives no missing_closer: its closer is optional): a closer
	// another block shares with it is that block's.
	anchored := map[string]bool{}
	for _, b := range d.Blocks {
		if b.Anchored {
			anchored[b.Close] = true
		}
	}
	for _, b := range d.Blocks {
		if !b.Anchored && !anchored[b.Close] {
			out = append(out, b.Close, b.CallEnd)
		}
	}
	if t := d.Tags; t != nil {
		for _, n := range []string{t.Wrapper, t.Invoke} {
			if n != "" {
				out = append(out, "</"+n+">")
			}
		}
		for _, n := range []string{t.WrapperEnd, t.CallEnd} {
			if n != "" {
				out = append(out, "<"+n+">")
			}
		}
		if t.Catalog {
			out = append(out, "</"+tool+">")
		}
	}
	return out
}

// TestMissingCloserEveryDialect: in every dialect, a call whose closing
// tokens are missing at the end of the output (servers strip closers that
// are stop strings) is a call, with one missing_closer warning; a call
// cut inside a value stays an incomplete_call, but where values have no
// syntax of their own (cline's catalog tags), where it is a call with
// the value so far.
func TestMissingCloserEveryDialect(t *testing.T) {
	call := toolcall.ExampleCall{Text: "Checking.", Name: "get_weather", Args: []toolcall.ExampleArg{{Key: "city", Value: "Paris"}, {Key: "days", Value: 3}}}
	wantArgs := call.Arguments()
	r := rand.New(rand.NewPCG(5, 1))
	n := 0
	for _, in := range Dialects() {
		text, err := WriteExample(in.Format, call)
		if err != nil {
			t.Fatal(err)
		}
		o := opts{Format: in.Format, Tools: tools}
		t.Run(string(in.Format), func(t *testing.T) {
			closers := callClosers(in.Format, call.Name)
			for stripped := 0; ; stripped++ {
				rest := strings.TrimRight(text, " \n")
				cut := ""
				for _, c := range closers {
					if c != "" && strings.HasSuffix(rest, c) {
						cut = c
					}
				}
				if cut == "" {
					break
				}
				text = strings.TrimSuffix(rest, cut)
				n++
				res := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(text), 0))
				if len(res.Calls) != 1 || compactJSON(t, res.Calls[0].Arguments) != wantArgs || !onlyCode(res.Errors, toolcall.CodeMissingCloser) {
					t.Fatalf("without %q: %q:\n calls %+v\n errors %+v", cut, text, res.Calls, res.Errors)
				}
				checkAnyChunking(t, r, o, []byte(text))
			}
			// Cut inside the value "Paris": incomplete.
			i := strings.Index(text, "Paris")
			cutText := text[:i+3]
			res := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(cutText), 0))
			if d := dialects[in.Format]; d.Tags != nil && d.Tags.Catalog {
				if len(res.Calls) != 1 || compactJSON(t, res.Calls[0].Arguments) != `{"city":"Par"}` || !onlyCode(res.Errors, toolcall.CodeMissingCloser) {
					t.Fatalf("%q:\n calls %+v\n errors %+v, want the value so far and missing_closer", cutText, res.Calls, res.Errors)
				}
				checkAnyChunking(t, r, o, []byte(cutText))
				return
			}
			if len(res.Calls) != 0 || len(res.Errors) == 0 || res.Errors[len(res.Errors)-1].Code != toolcall.CodeIncompleteCall {
				t.Fatalf("%q:\n calls %+v\n errors %+v, want incomplete_call", cutText, res.Calls, res.Errors)
			}
		})
	}
	if n < 40 {
		t.Fatalf("only %d closers stripped", n)
	}
}

// TestMangledCloserEveryDialect: in every dialect whose parameters are
// tags, a value closed by a mangled closer (</parameter1>) ends there,
// with a malformed_markup warning, and the call goes on.
func TestMangledCloserEveryDialect(t *testing.T) {
	call := toolcall.ExampleCall{Name: "get_weather", Args: []toolcall.ExampleArg{{Key: "city", Value: "Paris"}, {Key: "days", Value: 3}}}
	wantArgs := call.Arguments()
	r := rand.New(rand.NewPCG(6, 2))
	n := 0
	for _, in := range Dialects() {
		d := dialects[in.Format]
		if d.Alias != "" || d.Tags == nil || d.Tags.Param == "" && d.Tags.Value == "" {
			continue
		}
		text, err := WriteExample(in.Format, call)
		if err != nil {
			t.Fatal(err)
		}
		closer := "</" + d.Tags.Param + d.Tags.Value + ">"
		if len(d.Blocks) > 0 && d.Blocks[0].Body.Header == nil && !strings.Contains(text, closer) {
			continue // its example is written in its marker blocks (glm53_flash)
		}
		if !strings.Contains(text, closer) {
			t.Fatalf("%s: no %s in %q", in.Format, closer, text)
		}
		n++
		text = strings.Replace(text, closer, closer[:len(closer)-1]+"1>", 1)
		t.Run(string(in.Format), func(t *testing.T) {
			o := opts{Format: in.Format, Tools: tools}
			res := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(text), 0))
			if len(res.Calls) != 1 || compactJSON(t, res.Calls[0].Arguments) != wantArgs || !onlyCode(res.Errors, toolcall.CodeMalformedMarkup) {
				t.Fatalf("%q:\n calls %+v\n errors %+v", text, res.Calls, res.Errors)
			}
			checkAnyChunking(t, r, o, []byte(text))
		})
	}
	if n < 8 {
		t.Fatalf("only %d dialects with parameter tags", n)
	}
}
