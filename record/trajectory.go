package record

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// DefaultSteps is the step budget of a multi-step recording.
const DefaultSteps = 8

// defaultSearchK is how many tools a search call returns when the run
// sends the whole catalog (K = 0).
const defaultSearchK = 5

// trajectory drives a model through a multi-step case: it sends the query,
// parses each streamed answer with the transcript format's parser, feeds
// back the suite's canned tool_results for the calls the model made (a
// call matches a gold call of the step by the possible-answer rules), runs
// calls to the search tool as BM25 retrievals whose tools join the
// injected set, and stops at a final answer, at a call the suite has no
// result for (off_script) or at the step budget. No tool is executed.
// The recorded steps keep each step's raw stream with its chunk times;
// gold steps the model never reached follow without a transcript.
//
// oneTurn marks a single-turn case driven as a trajectory (under a
// strategy): its answer, the first turn that is not only searches, ends
// the recording (there is no result to feed back).
func (r *Recorder) trajectory(ctx context.Context, su *suite.Suite, c *suite.Case, lim *limiter, indexes *sync.Map, oneTurn bool) ([]*suite.Step, error) {
	opt := r.Options
	cat := su.Catalog(c)
	if cat == nil {
		return nil, fmt.Errorf("catalog %s not loaded", c.Catalog)
	}
	d := &driver{r: r, cat: cat, c: c, indexes: indexes}
	if opt.Strategy != nil {
		d.strat = opt.Strategy.Resolved()
	}
	tools, err := d.firstTools()
	if err != nil {
		return nil, err
	}
	d.tools = tools
	if s := c.Search(); s != nil || d.strat.Strategy == strategy.Search {
		st := suite.SearchTool{}.Resolved()
		if s != nil {
			st = *s
		}
		st = st.For(d.strat.Search)
		t := st.Tool()
		d.search, d.searchTool = &st, &t
	}
	budget := opt.Steps
	if budget <= 0 {
		budget = DefaultSteps
	}
	var (
		out     []*suite.Step
		history []Message
		next    int  // the next gold step
		asked   = -1 // the gold step whose user turn was sent
	)
	for len(out) < budget {
		var query string
		if len(out) > 0 && next < len(c.Steps) && c.Steps[next].Query != "" && asked != next {
			asked = next
			query = c.Steps[next].Query
			history = append(history, Message{Role: RoleUser, Text: query})
			// Under search and all only the model's searches bring tools in.
			if d.strat.Strategy == "" || d.strat.Strategy == strategy.Inject {
				if _, err := d.retrieve(query); err != nil {
					return nil, err
				}
			}
		}
		req, err := d.request(history)
		if err != nil {
			return nil, err
		}
		t, err := r.exchange(ctx, req, lim)
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", len(out)+1, err)
		}
		parsed, err := d.parse(&t)
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", len(out)+1, err)
		}
		step := &suite.Step{Query: query, Transcript: &t}
		out = append(out, step)
		searchOnly := len(parsed.Calls) > 0 && !slices.ContainsFunc(parsed.Calls, func(call toolcall.Call) bool { return !d.isSearch(call) })
		var gold *suite.Step
		switch {
		case searchOnly:
			// A step that only searches expects no call; the gold step
			// still lies ahead.
			step.GoldCalls = []metrics.GoldCall{}
		case next < len(c.Steps):
			gold = c.Steps[next]
			step.GoldCalls = gold.GoldCalls
			next++
		}
		if len(parsed.Calls) == 0 || oneTurn && !searchOnly {
			break // the final answer
		}
		assistant := Message{Role: RoleAssistant, Text: parsed.Text, Calls: parsed.Calls}
		if !isNative(opt.Variant) {
			assistant.Text = strings.Join(t.Chunks, "")
		}
		history = append(history, assistant)
		offScript := false
		for _, call := range parsed.Calls {
			var result json.RawMessage
			var key string
			if d.isSearch(call) {
				if result, err = d.runSearch(call); err != nil {
					return nil, err
				}
				key = call.ID
			} else if key, result = d.canned(call, gold, step); result == nil {
				offScript = true
				break
			}
			if step.ToolResults == nil {
				step.ToolResults = map[string]json.RawMessage{}
			}
			step.ToolResults[key] = result
			history = append(history, Message{Role: RoleTool, CallID: call.ID, Name: call.Name, Result: resultText(result)})
		}
		if offScript {
			step.Stop = suite.StopOffScript
			break
		}
		if len(out) == budget {
			step.Stop = suite.StopBudget
		}
	}
	for ; next < len(c.Steps); next++ {
		st := &suite.Step{GoldCalls: c.Steps[next].GoldCalls}
		if asked != next {
			st.Query = c.Steps[next].Query
		}
		out = append(out, st)
	}
	return out, nil
}

// driver holds one trajectory's state.
type driver struct {
	r          *Recorder
	cat        *catalog.Catalog
	c          *suite.Case
	indexes    *sync.Map
	tools      []toolcall.Tool // injected so far, in order
	search     *suite.SearchTool
	searchTool *toolcall.Tool
	// strat is the run's strategy, resolved (zero: none, as inject).
	strat strategy.Strategy
}

// k is how many tools a retrieval injects or a search returns: the
// strategy's k, else the run's K, else defaultSearchK.
func (d *driver) k() int {
	switch {
	case d.strat.K > 0:
		return d.strat.K
	case d.r.Options.K > 0:
		return d.r.Options.K
	}
	return defaultSearchK
}

// firstTools are the tools of the first request: under search the
// always-loaded ones, under all the whole catalog, else the
// always-include tools and the top k (the whole catalog when K is 0 and
// no strategy names a k).
func (d *driver) firstTools() ([]toolcall.Tool, error) {
	var names []string
	switch d.strat.Strategy {
	case strategy.Search:
		names = strategy.Loaded(d.cat.Tools(), d.c.AlwaysInclude)
	case strategy.All:
		return d.cat.Tools(), nil
	case strategy.Inject:
		return pickTools(d.cat, d.c, d.k(), d.indexes)
	default:
		return pickTools(d.cat, d.c, d.r.Options.K, d.indexes)
	}
	tools := make([]toolcall.Tool, 0, len(names))
	for _, n := range names {
		t, _ := d.cat.Lookup(n)
		tools = append(tools, *t)
	}
	return tools, nil
}

// find runs one of the model's searches under the search strategy (BM25
// or the regex index), leaving out the tools sent already, and injects
// what it found. A pattern the model got wrong is returned as a
// *strategy.QueryError, to be fed back.
func (d *driver) find(query string) ([]toolcall.Tool, error) {
	e := strategy.Engine{}
	if d.strat.Search == strategy.Regex {
		v, _ := d.indexes.LoadOrStore("regex\x00"+d.c.Catalog, retrieval.NewRegex(d.cat.Tools()))
		e.Regex = v.(*retrieval.RegexIndex)
	} else {
		ix, err := catalogIndex(d.cat, d.c.Catalog, d.indexes)
		if err != nil {
			return nil, err
		}
		e.BM25 = ix
	}
	shown := make([]string, len(d.tools))
	for i, t := range d.tools {
		shown[i] = t.Name
	}
	names, err := e.Find(d.strat.Search, query, d.k(), shown)
	if err != nil {
		return nil, err
	}
	var found []toolcall.Tool
	for _, n := range names {
		t, _ := d.cat.Lookup(n)
		found = append(found, *t)
		d.tools = append(d.tools, *t)
	}
	return found, nil
}

func (d *driver) isSearch(call toolcall.Call) bool {
	return d.search != nil && call.Name == d.search.Name
}

// Lookup makes the driver the parsers' tool set: the catalog and the
// search tool.
func (d *driver) Lookup(name string) (*toolcall.Tool, bool) {
	if d.searchTool != nil && name == d.searchTool.Name {
		return d.searchTool, true
	}
	return d.cat.Lookup(name)
}

// request renders the injected tools (and the search tool) as the run's
// variant.
func (d *driver) request(history []Message) (Request, error) {
	opt := d.r.Options
	tools := d.tools
	if d.searchTool != nil {
		tools = append(slices.Clip(tools), *d.searchTool)
	}
	req := Request{Query: d.c.Query, MaxTokens: opt.MaxTokens, Temperature: opt.Temperature, History: history}
	var err error
	if isNative(opt.Variant) {
		req.Tools, err = prompt.Native(tools, string(d.r.Endpoint.API))
		return req, err
	}
	po := prompt.Options{Protocol: protocolOf(opt.Protocol)}
	if d.search != nil {
		po.SearchTool, po.SearchParam = d.search.Name, d.search.QueryParam
	}
	req.System, err = prompt.Render(tools, opt.Variant, po)
	return req, err
}

// parse reads a step's transcript with its format's parser.
func (d *driver) parse(t *suite.Transcript) (toolcall.Result, error) {
	p, err := replay.DefaultParser(t.ParseOptions(d))
	if err != nil {
		return toolcall.Result{}, err
	}
	var c toolcall.Collector
	for _, ch := range t.Chunks {
		c.Add(p.Feed([]byte(ch)))
	}
	c.Add(p.Close())
	return c.Result(t.Format), nil
}

// retrieve runs BM25 on query and injects the tools found that are not
// injected yet; it returns them.
func (d *driver) retrieve(query string) ([]toolcall.Tool, error) {
	ix, err := catalogIndex(d.cat, d.c.Catalog, d.indexes)
	if err != nil {
		return nil, err
	}
	hits, err := ix.Search(query, d.k())
	if err != nil {
		return nil, err
	}
	var found []toolcall.Tool
	for _, h := range hits {
		t, _ := d.cat.Lookup(h.Name)
		found = append(found, *t)
		if !slices.ContainsFunc(d.tools, func(x toolcall.Tool) bool { return x.Name == h.Name }) {
			d.tools = append(d.tools, *t)
		}
	}
	return found, nil
}

// runSearch executes a search call: BM25 on its query; the result fed back
// lists the tools found (their descriptions join the prompt).
func (d *driver) runSearch(call toolcall.Call) (json.RawMessage, error) {
	var args map[string]json.RawMessage
	var q string
	if json.Unmarshal(call.Arguments, &args) != nil || json.Unmarshal(args[d.search.QueryParam], &q) != nil || q == "" {
		msg, _ := json.Marshal(fmt.Sprintf("error: %s needs a non-empty string %q", d.search.Name, d.search.QueryParam))
		return msg, nil
	}
	var found []toolcall.Tool
	var err error
	if d.strat.Strategy == strategy.Search {
		found, err = d.find(q)
		var qe *strategy.QueryError
		if errors.As(err, &qe) {
			msg, _ := json.Marshal(fmt.Sprintf("error: %s: %v", d.search.Name, qe))
			return msg, nil
		}
	} else {
		found, err = d.retrieve(q)
	}
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	if len(found) == 0 {
		b.WriteString("No tools matched.")
	} else {
		b.WriteString("Tools found (now available):")
	}
	for _, t := range found {
		b.WriteString("\n- " + t.Name)
		if t.Description != "" {
			b.WriteString(": " + strings.TrimSpace(strings.SplitN(t.Description, "\n", 2)[0]))
		}
	}
	return json.Marshal(b.String())
}

// canned finds the suite's result for a call: by the call's id, or by the
// gold call it matches (possible-answer rules) in the gold step, then in
// any step. It returns the key to save it under in out (a gold index of
// out's gold calls, else the call id) and the result, nil when the suite
// has none.
func (d *driver) canned(call toolcall.Call, gold *suite.Step, out *suite.Step) (string, json.RawMessage) {
	steps := d.c.Steps
	if gold != nil {
		steps = append([]*suite.Step{gold}, steps...)
	}
	for _, st := range steps {
		if v, ok := st.ToolResults[call.ID]; ok && call.ID != "" {
			return call.ID, v
		}
		for j := range st.GoldCalls {
			v, ok := st.ToolResults[strconv.Itoa(j)]
			if !ok || len(metrics.CheckCall(d.cat, call, &st.GoldCalls[j])) > 0 {
				continue
			}
			if st == gold && out.GoldCalls != nil {
				return strconv.Itoa(j), v
			}
			if call.ID != "" {
				return call.ID, v
			}
			return strconv.Itoa(j), v
		}
	}
	return "", nil
}

// resultText is a tool result as the model reads it: a JSON string's text,
// any other JSON value as written.
func resultText(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	return string(v)
}
