package textparse

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// headerReasoning is, per dialect with a reasoning span entered by a
// message header (a Span without Open: a reasoning channel), an output
// whose header opens such a span. A dialect that gains one must add it
// here (TestThinkAsTextReasoningIsText fails until it does).
var headerReasoning = map[Format]string{
	FormatHarmony:     "<|channel|>analysis<|message|>The user wants Lima's weather.<|end|><|start|>assistant<|channel|>final<|message|>It is 19 °C in Lima.",
	FormatMuseGlimmer: " to=self<|message|>Lima, so one lookup.<|eom|>It is 19 °C in Lima.",
}

// reasoningOutput is one way a dialect writes reasoning, for the test.
type reasoningOutput struct {
	what string // the span's markers, for the failure message
	in   string // an output holding reasoning, then an answer
	// header: the span is entered by a message header, whose markup
	// stays markup with reasoning parsing off (only the reasoning becomes
	// text); otherwise the span's own markers become text too, but for
	// one the dialect drops anyway as the end of a message (inkling's
	// <|end_message|>, harmony's assistantfinal): drop.
	header bool
	drop   string
}

// reasoningOutputs lists every way registered dialect d writes reasoning,
// each around the same reasoning and followed by the same answer: the
// spans with an opening marker (reasoningSpans: <think> unless the
// dialect reads it as text, its own tag, its marker spans), <thinking>,
// its other reasoning tags (Tags.ThinkAlt) and its reasoning channels.
func reasoningOutputs(t *testing.T, d *Dialect) []reasoningOutput {
	const plan, answer = "Plan: check Lima's weather\nfirst.", "It is 19 °C in Lima."
	var out []reasoningOutput
	around := func(open, close string) {
		o := reasoningOutput{what: open + "…" + close, in: open + plan + close + answer}
		if slices.Contains(d.Drop, close) {
			o.drop = close
		}
		out = append(out, o)
	}
	for _, sp := range reasoningSpans(info(d)) {
		if sp.Label != "" {
			sp.Open += sp.Label + "\n"
		}
		around(sp.Open, sp.Close)
	}
	if !d.NoThink {
		around("<thinking>", "</thinking>")
	}
	if d.Tags != nil {
		if d.Tags.Suffix { // a checkpoint's suffix on every tag
			around("<think:opensource>", "</think:opensource>")
		}
		for _, tag := range d.Tags.ThinkAlt {
			around("<"+tag+">", "</"+tag+">")
		}
	}
	for _, sp := range d.Reasoning {
		if sp.Open != "" {
			continue // in reasoningSpans
		}
		in, ok := headerReasoning[d.Format]
		if !ok {
			t.Errorf("%s: a reasoning span entered by a header, and no output for it in headerReasoning", d.Format)
			continue
		}
		out = append(out, reasoningOutput{what: "header…" + sp.Close, in: in, header: true})
	}
	return out
}

// TestThinkAsTextReasoningIsText: ThinkAsText turns reasoning parsing off
// in every registered dialect, for every reasoning span it has — <think>,
// its own tags, its marker spans ([THINK], <|channel>thought, Kimi K3's
// think channel…): the output that is reasoning without it is text with
// it, byte for byte (a span's markers included; a reasoning channel's
// header stays markup), with no reasoning and no error, at any chunking.
// Without ThinkAsText each output does hold reasoning (the test reads
// real spans).
func TestThinkAsTextReasoningIsText(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, f := range Formats()[1:] {
		d := dialects[f]
		for _, sp := range reasoningOutputs(t, d) {
			t.Run(fmt.Sprintf("%s/%s", f, sp.what), func(t *testing.T) {
				on := toolcall.Collect("", toolcall.Run(mustNew(opts{Format: f}), []byte(sp.in), 0))
				if on.Reasoning == "" {
					t.Fatalf("%q: no reasoning read with reasoning parsing on (text %q)", sp.in, on.Text)
				}
				o := opts{Format: f, ThinkAsText: true}
				evs := toolcall.Run(mustNew(o), []byte(sp.in), 0)
				off := toolcall.Collect("", evs)
				want := strings.Replace(sp.in, sp.drop, "", 1)
				if sp.header { // the reasoning and the answer, in order
					want = ""
					for _, ev := range toolcall.Run(mustNew(opts{Format: f}), []byte(sp.in), 0) {
						if ev.Kind == toolcall.KindText || ev.Kind == toolcall.KindReasoning {
							want += string(ev.Data)
						}
					}
				}
				if off.Text != want || off.Reasoning != "" || len(off.Errors) > 0 || len(off.Calls) > 0 {
					t.Fatalf("ThinkAsText:\n got text %q reasoning %q errors %v\nwant text %q", off.Text, off.Reasoning, off.Errors, want)
				}
				checkAnyChunking(t, r, o, []byte(sp.in))
				// ReasoningOpen is ignored: the output is still text.
				o.ReasoningOpen = true
				if got := toolcall.Collect("", toolcall.Run(mustNew(o), []byte(sp.in), 0)); got.Text != want || got.Reasoning != "" {
					t.Fatalf("ThinkAsText with ReasoningOpen: text %q reasoning %q", got.Text, got.Reasoning)
				}
			})
		}
	}
}

// TestThinkAsTextUserDialect: a user's dialect (ParseOptions.Dialect) with
// a reasoning span reads it as text with ThinkAsText, as a built-in does.
func TestThinkAsTextUserDialect(t *testing.T) {
	d := &Dialect{Format: "my_think", Wire: "<|reason|>…<|/reason|> reasoning; <|call|>{json}<|/call|>", Reasoning: []Span{{Open: "<|reason|>", Close: "<|/reason|>"}},
		Blocks: []Block{{Open: "<|call|>", Close: "<|/call|>", Body: Body{Read: ReadJSON}}}}
	in := `<|reason|>plan<|/reason|>Done.<|call|>{"name": "f", "arguments": {}}<|/call|>`
	for _, c := range []struct {
		plain bool
		want  string
	}{
		{false, `text="Done." reasoning="plan" call=f{}`},
		{true, `text="<|reason|>plan<|/reason|>Done." call=f{}`},
	} {
		got := summary(toolcall.Run(mustNew(opts{Dialect: d, ThinkAsText: c.plain}), []byte(in), 0))
		if got != c.want {
			t.Errorf("ThinkAsText %v: got %s, want %s", c.plain, got, c.want)
		}
	}
}
