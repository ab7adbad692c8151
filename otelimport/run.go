package otelimport

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/tooleval/tooleval/suite"
)

// run is one agent run: a root span and the spans below it.
type run struct {
	traceID string
	root    *span
	turns   []*turn
	tools   []*toolExec
}

// runs groups the spans into runs: per trace, each root span (one with
// no parent, or whose parent is not in the export) with its descendants,
// kept when it holds at least one model call. Spans are sorted by start
// time (then by where they were read).
func (b *builder) runs() []*run {
	byID := map[string]*span{}
	for _, s := range b.spans {
		byID[s.traceID+"/"+s.spanID] = s
	}
	rootOf := func(s *span) *span {
		for range len(b.spans) { // bounded: a cycle of parents ends here
			p, ok := byID[s.traceID+"/"+s.parentID]
			if s.parentID == "" || !ok || p == s {
				return s
			}
			s = p
		}
		return s
	}
	var order []*run
	runOf := map[*span]*run{}
	for _, s := range b.spans {
		r := rootOf(s)
		rn := runOf[r]
		if rn == nil {
			rn = &run{traceID: s.traceID, root: r}
			runOf[r] = rn
			order = append(order, rn)
		}
		switch classify(s) {
		case kindModel:
			b.sum.ModelSpans++
			rn.turns = append(rn.turns, modelTurn(s))
		case kindTool:
			b.sum.ToolSpans++
			rn.tools = append(rn.tools, toolExecution(s))
		case kindAgent:
			b.sum.AgentSpans++
		default:
			b.skip(s)
		}
	}
	var out []*run
	for _, rn := range order {
		if len(rn.turns) == 0 {
			if len(rn.tools) > 0 {
				b.warn(fmt.Sprintf("%s: trace %s: %d tool spans but no model call; not a run", rn.root.where(), rn.traceID, len(rn.tools)))
				b.sum.SkippedRuns["no model call"]++
			}
			continue
		}
		sort.SliceStable(rn.turns, func(i, j int) bool { return rn.turns[i].sp.start < rn.turns[j].sp.start })
		sort.SliceStable(rn.tools, func(i, j int) bool { return rn.tools[i].sp.start < rn.tools[j].sp.start })
		out = append(out, rn)
	}
	return out
}

// skip counts a span that is none of the kinds read, by name (at most
// maxSkipNames names, the rest as "other").
func (b *builder) skip(s *span) {
	b.sum.SkippedSpans++
	name := s.name
	if _, seen := b.sum.SkippedByName[name]; !seen && len(b.sum.SkippedByName) >= maxSkipNames {
		name = "(other names)"
	}
	b.sum.SkippedByName[name]++
}

const maxSkipNames = 50

// caseOf turns a run into a suite case, or gives the reason it cannot be
// one.
func (b *builder) caseOf(rn *run, id string) (*built, string) {
	query := ""
	for _, t := range rn.turns {
		if query = lastUser(t.input); query != "" {
			break
		}
	}
	if query == "" {
		query = rootQuery(rn.root)
	}
	if query == "" {
		return nil, "no user message recorded (message content capture off?)"
	}
	used := make([]bool, len(rn.tools))
	bc := &built{c: suite.Case{ID: id, Query: query, Tags: []string{"otel", "otel:unreviewed"}}}
	convs := map[string]bool{}
	prevUser := query
	fromToolSpans := false
	for i, t := range rn.turns {
		convs[t.conv] = true
		st := &suite.Step{}
		if i > 0 {
			if u := lastUser(t.input); u != "" && u != prevUser {
				st.Query, prevUser = u, u
			}
		}
		var out message
		if len(t.output) > 0 {
			out = t.output[0]
		}
		var next *turn
		if i+1 < len(rn.turns) {
			next = rn.turns[i+1]
		}
		if len(t.output) == 0 && !t.hasContent {
			// Content not recorded: the calls are the tool spans that
			// ran after this model call and before the next.
			out.calls = b.callsFromToolSpans(rn, t, next, used)
			fromToolSpans = fromToolSpans || len(out.calls) > 0
		}
		for j := range out.calls {
			if out.calls[j].id == "" {
				out.calls[j].id = "call_" + strconv.Itoa(i+1) + "_" + strconv.Itoa(j+1)
			}
		}
		st.Transcript = transcriptOf(t, out)
		st.ObservedCalls = observedOf(out.calls)
		st.ToolResults = b.results(rn, t, next, out.calls, used)
		bc.c.Steps = append(bc.c.Steps, st)
		b.sum.Calls += len(out.calls)
		b.sum.ToolResults += len(st.ToolResults)
	}
	for c := range convs {
		bc.c.Tags = append(bc.c.Tags, "otel:"+c)
	}
	if fromToolSpans {
		bc.c.Tags = append(bc.c.Tags, "otel:calls_from_tool_spans")
	}
	sort.Strings(bc.c.Tags[2:])
	bc.c.GoldTools = calledTools(bc.c.Steps)
	var inferred int
	bc.tools, inferred = catalogOf(rn, bc.c.Steps)
	if inferred > 0 {
		bc.c.Tags = append(bc.c.Tags, "otel:inferred_tools")
		b.sum.InferredTools += inferred
	}
	// One model call and nothing fed back: a single-step case.
	if len(bc.c.Steps) == 1 && len(bc.c.Steps[0].ToolResults) == 0 {
		bc.c.Transcript = bc.c.Steps[0].Transcript
		bc.c.ObservedCalls = bc.c.Steps[0].ObservedCalls
		bc.c.Steps = nil
	}
	return bc, ""
}

// built is a case being built, with its catalog.
type built struct {
	c     suite.Case
	tools []json.RawMessage
}

// rootQuery is a user query recorded on the run's root span: its input
// messages, OpenInference's input.value, OpenLLMetry's entity input.
func rootQuery(s *span) string {
	for _, k := range []string{"gen_ai.input.messages", "input.value", "traceloop.entity.input"} {
		v, ok := s.attrs[k]
		if !ok {
			continue
		}
		switch x := structured(v).(type) {
		case string:
			return x
		case map[string]any:
			for _, f := range []string{"input", "query", "question", "message"} {
				if s := str(x[f]); s != "" {
					return s
				}
			}
		case []any:
			if u := lastUser(messagesOf(x)); u != "" {
				return u
			}
		}
	}
	return ""
}

// callsFromToolSpans takes the tool spans that started after model call
// t and before next (any time after when next is nil) as its calls.
func (b *builder) callsFromToolSpans(rn *run, t, next *turn, used []bool) []call {
	var out []call
	for k, x := range rn.tools {
		if used[k] || x.sp.start < t.sp.start || (next != nil && x.sp.start >= next.sp.start) {
			continue
		}
		// A span without a call id is matched to its call by name in
		// results().
		out = append(out, call{id: x.id, name: x.name, args: x.args})
	}
	return out
}

// results finds what the tools returned for a step's calls: the tool
// span with the call's id, else the next model call's input message
// answering the id, else the first unused tool span of the call's tool
// that started after this model call. Keys are call ids.
func (b *builder) results(rn *run, t, next *turn, calls []call, used []bool) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for _, c := range calls {
		if v, ok := b.result(rn, t, next, c, used); ok {
			out[c.id] = rawJSON(v)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func (b *builder) result(rn *run, t, next *turn, c call, used []bool) (any, bool) {
	for k, x := range rn.tools {
		if !used[k] && x.id != "" && x.id == c.id {
			used[k] = true
			if x.hasResult {
				return x.result, true
			}
		}
	}
	if next != nil {
		for i := len(next.input) - 1; i >= 0; i-- {
			for _, r := range next.input[i].results {
				if r.id == c.id {
					return r.value, true
				}
			}
		}
	}
	for k, x := range rn.tools {
		if !used[k] && x.id == "" && x.name == c.name && x.sp.start >= t.sp.start {
			used[k] = true
			if x.hasResult {
				return x.result, true
			}
			return nil, false
		}
	}
	return nil, false
}

// caseID names a run: otel-<trace id>, with the root span's id when the
// trace holds several runs.
func caseID(rn *run, several bool) string {
	id := "otel-" + rn.traceID
	if several {
		id += "-" + rn.root.spanID
	}
	return id
}

// calledTools lists the tools the calls name, in order of first call.
func calledTools(steps []*suite.Step) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, st := range steps {
		for _, c := range st.ObservedCalls {
			if !seen[c.Name] {
				seen[c.Name] = true
				out = append(out, c.Name)
			}
		}
	}
	return out
}

// catalogOf is the run's catalog: the tools offered to its model calls
// (the first definition of a name wins), the tools its tool spans
// describe, and, for a called tool defined nowhere, a definition inferred
// from its arguments (counted).
func catalogOf(rn *run, steps []*suite.Step) ([]json.RawMessage, int) {
	var defs []toolDef
	seen := map[string]bool{}
	add := func(d toolDef) {
		if d.name != "" && !seen[d.name] {
			seen[d.name] = true
			defs = append(defs, d)
		}
	}
	for _, t := range rn.turns {
		for _, d := range t.tools {
			add(d)
		}
	}
	for _, x := range rn.tools {
		if x.description != "" || x.params != nil {
			add(toolDef{name: x.name, description: x.description, params: x.params})
		}
	}
	inferred := 0
	for _, st := range steps {
		for _, c := range st.ObservedCalls {
			if !seen[c.Name] {
				inferred++
				add(toolDef{name: c.Name, description: "(inferred from its calls in the trace)", params: inferParams(c.Arguments)})
			}
		}
	}
	docs := make([]json.RawMessage, len(defs))
	for i, d := range defs {
		params := d.params
		if _, ok := params.(map[string]any); !ok {
			params = map[string]any{"type": "object", "properties": map[string]any{}}
		}
		fn := map[string]any{"name": d.name, "parameters": params}
		if d.description != "" {
			fn["description"] = d.description
		}
		docs[i] = rawJSON(map[string]any{"type": "function", "function": fn})
	}
	return docs, inferred
}

// inferParams is a JSON Schema for arguments seen once: each member's
// JSON type, none required.
func inferParams(args json.RawMessage) any {
	var m map[string]any
	if json.Unmarshal(args, &m) != nil {
		return nil
	}
	props := map[string]any{}
	for k, v := range m {
		props[k] = map[string]any{"type": jsonType(v)}
	}
	return map[string]any{"type": "object", "properties": props}
}

func jsonType(v any) string {
	switch x := v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

// catalogName names a catalog by its content, so runs offered the same
// tools share one file.
func catalogName(docs []json.RawMessage) string {
	h := sha256.New()
	for _, d := range docs {
		h.Write(d)
		h.Write([]byte{'\n'})
	}
	return "catalogs/" + hex.EncodeToString(h.Sum(nil))[:12] + ".json"
}
