package suite

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// Step is one turn of a multi-step case (a trajectory): the model output
// of that step, the tool results that were fed back after it, and the
// calls that step should make.
type Step struct {
	// Query is a new user message given before this step (a later user
	// turn); retrieval runs on it as on the case's query and its tools
	// join the injected set. Empty for the first step and for steps that
	// only follow tool results.
	Query string `json:"query,omitempty"`
	// Transcript is the model's output at this step; nil when the model
	// never took the step (it stopped before).
	Transcript *Transcript `json:"transcript,omitempty"`
	// ToolResults are what the tools returned after this step, keyed by
	// the call id in the transcript or by the decimal index of the gold
	// call they answer (the recorder feeds them back to a live model;
	// replay reports them). A string value is the text the tool returned;
	// any other JSON value is its structured result.
	ToolResults map[string]json.RawMessage `json:"tool_results,omitempty"`
	// GoldCalls are the calls expected at this step (possible-answer
	// semantics, like Case.GoldCalls): [] when no call is expected (the
	// final answer, or a step that only searches), nil when the step is not
	// checked. Calls to the search tool are never listed: a search is
	// judged by what it surfaced.
	GoldCalls []metrics.GoldCall `json:"gold_calls,omitzero"`
	// ObservedCalls are the calls the recorded run made at this step
	// (see Case.ObservedCalls); never checked.
	ObservedCalls []ObservedCall `json:"observed_calls,omitempty"`
	// Stop says why a recording ended after this step: StopOffScript (a
	// call had no canned result) or StopBudget (the step budget ran out).
	Stop string `json:"stop,omitempty"`
}

// ObservedCall is a call a recorded run made, as its trace holds it: the
// call id (the key of its tool result), the tool and the arguments.
type ObservedCall struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// Why a recorded trajectory ended early (Step.Stop).
const (
	StopOffScript = "off_script"
	StopBudget    = "budget"
)

// SearchTool is the tool a model calls to search the tool corpus again (a
// re-retrieval). Declared per suite (a settings line) or per case; the
// zero value is search_tools(query).
type SearchTool struct {
	Name       string `json:"name,omitempty"`
	QueryParam string `json:"query_param,omitempty"`
	// search is the search the tool runs (strategy.Regex: the model
	// writes a pattern; else keywords), which its description tells.
	search string
}

// For returns the search tool as it is shown for a search of the given
// kind (strategy.BM25 or strategy.Regex): a regex search tool asks for a
// pattern.
func (s SearchTool) For(search string) SearchTool {
	s.search = search
	return s
}

// Search is the kind of search the tool runs ("" for keywords, as For
// set it).
func (s SearchTool) Search() string { return s.search }

// The search tool's defaults.
const (
	DefaultSearchTool  = "search_tools"
	DefaultSearchParam = "query"
)

// Resolved returns the search tool with its defaults filled in.
func (s SearchTool) Resolved() SearchTool {
	if s.Name == "" {
		s.Name = DefaultSearchTool
	}
	if s.QueryParam == "" {
		s.QueryParam = DefaultSearchParam
	}
	return s
}

// Tool is the search tool's definition as a model sees it.
func (s SearchTool) Tool() toolcall.Tool {
	s = s.Resolved()
	q, _ := json.Marshal(s.QueryParam)
	desc, param := "Search the tool corpus again for tools not listed yet; their descriptions are added for the next step.", "What the needed tool does, in keywords."
	if s.search == strategy.Regex {
		desc = "Search the tool corpus for tools not listed yet with a regular expression matched against tool names, descriptions and parameter names; their descriptions are added for the next step."
		param = fmt.Sprintf("An RE2 pattern of at most %d bytes, case-insensitive unless it starts with (?-i), e.g. ^read_|file.", retrieval.MaxRegexPatternBytes)
	}
	pj, _ := json.Marshal(param)
	return toolcall.Tool{
		Name:        s.Name,
		Description: desc,
		Parameters:  json.RawMessage(`{"type":"object","properties":{` + string(q) + `:{"type":"string","description":` + string(pj) + `}},"required":[` + string(q) + `]}`),
		Params:      []toolcall.Param{{Name: s.QueryParam, Types: []string{"string"}, Required: true, Description: param}},
	}
}

// SuiteSettings is a suite's settings line: a line {"suite": {…}} before
// the first case.
type SuiteSettings struct {
	// SearchTool, when set, is the search tool of every case that does
	// not declare its own.
	SearchTool *SearchTool `json:"search_tool,omitempty"`
	// KeepCallsInReasoning sets transcript.keep_calls_in_reasoning for
	// every transcript of the suite (steps' included).
	KeepCallsInReasoning bool `json:"keep_calls_in_reasoning,omitempty"`

	// Match is how strictly every case's calls are judged (a case's own
	// match is laid over it); nil is the default.
	Match *metrics.Match `json:"match,omitempty"`
	// Repair lists the repairs (package repair) applied to every case's
	// parsed calls before they are judged; empty: calls are judged as
	// parsed (the report still says what each repair would fix).
	Repair []string `json:"repair,omitempty"`
	// Dialect, when set, is a dialect file (a path relative to the
	// suite): every transcript that gives neither a format nor a dialect
	// of its own is read in the marker dialect it describes.
	Dialect string `json:"dialect,omitempty"`
	// Strategies are the ways of showing tools to the model that replay
	// compares (package strategy): each runs as configurations of its
	// own. Empty: inject only, as before strategies existed.
	Strategies []strategy.Strategy `json:"strategies,omitempty"`

	dialect *textparse.Dialect
}

// Trajectory reports whether the case is multi-step.
func (c *Case) Trajectory() bool { return len(c.Steps) > 0 || len(c.StepTrials) > 0 }

// Search returns the case's search tool (its own, else the suite's), nil
// when it has none.
func (c *Case) Search() *SearchTool { return c.search }

// Tools is the case's catalog with its search tool, if it has one, as the
// parsers see it (they need the tool's name to recognise its calls).
func (c *Case) Tools(cat *catalog.Catalog) toolcall.ToolSet {
	if c.searchTool != nil {
		return withSearch{cat, c.searchTool}
	}
	return cat
}

// withSearch is a case's catalog with its search tool, for the parsers
// (which need the tool's name to recognise its calls).
type withSearch struct {
	cat  *catalog.Catalog
	tool *toolcall.Tool
}

func (w withSearch) Lookup(name string) (*toolcall.Tool, bool) {
	if w.tool != nil && name == w.tool.Name {
		return w.tool, true
	}
	return w.cat.Lookup(name)
}

// settings reads a settings line; it reports false when the line is not
// one (it has no "suite" member).
func (l *loader) settings(n int, doc any) bool {
	m, ok := doc.(map[string]any)
	if !ok {
		return false
	}
	if _, ok := m["suite"]; !ok {
		return false
	}
	probs, err := settingsProblems(doc)
	if err != nil {
		l.fail(n, "", "%v", err)
		return true
	}
	for _, p := range probs {
		l.fail(n, p[0], "%s", p[1])
	}
	if len(probs) > 0 {
		return true
	}
	if l.sawCase || l.haveSettings {
		l.fail(n, "suite", "the settings line must come once, before the first case")
		return true
	}
	l.haveSettings = true
	var w struct {
		Suite SuiteSettings `json:"suite"`
	}
	raw, _ := json.Marshal(doc)
	if err := json.Unmarshal(raw, &w); err != nil {
		l.fail(n, "suite", "%v", err)
		return true
	}
	l.suite.Settings = w.Suite
	l.settingsRepairs(n)
	if i, err := strategy.Check(w.Suite.Strategies); err != nil {
		field, _, _ := strings.Cut(err.Error(), ":")
		l.fail(n, fmt.Sprintf("suite.strategies[%d].%s", i, field), "%s", strings.TrimSpace(strings.TrimPrefix(err.Error(), field+":")))
	}
	if w.Suite.Dialect != "" {
		l.suite.Settings.dialect = l.dialect(n, "suite.dialect", w.Suite.Dialect)
	}
	return true
}

// steps resolves the steps' transcripts and checks the fields that tie
// steps together. It runs after the case's own transcript.
func (l *loader) steps(c *Case) {
	if c.SearchTool != nil {
		st := c.SearchTool.Resolved()
		c.search = &st
	} else if l.suite.Settings.SearchTool != nil {
		st := l.suite.Settings.SearchTool.Resolved()
		c.search = &st
	}
	if c.search != nil {
		t := c.search.Tool()
		c.searchTool = &t
	}
	if len(c.Steps) == 0 && len(c.StepTrials) == 0 {
		return
	}
	shape := "steps"
	if len(c.StepTrials) > 0 {
		shape = "step_trials"
		if c.Steps != nil {
			l.fail(c.Line, "steps", "a case has either steps (one trial) or step_trials (several), not both")
		}
	}
	if c.Transcript != nil || c.Transcripts != nil {
		field := "transcript"
		if c.Transcript == nil {
			field = "transcripts"
		}
		l.fail(c.Line, field, "a case has either a %s or %s, not both", field, shape)
	}
	if c.GoldCalls != nil {
		l.fail(c.Line, "gold_calls", "a case with %s gives its gold calls per step", shape)
	}
	for prefix, steps := range c.stepLists() {
		l.stepList(c, prefix, steps)
		l.checkStepsStrategy(c, prefix, steps)
	}
}

// stepList checks one trajectory's steps; prefix names it in messages
// ("steps", "step_trials[1]").
func (l *loader) stepList(c *Case, prefix string, steps []*Step) {
	stopped := -1
	for i, st := range steps {
		field := prefix + "[" + strconv.Itoa(i) + "]"
		if st.Query != "" && i == 0 {
			l.fail(c.Line, field+".query", "the first step's user message is the case's query")
		}
		if st.Transcript == nil {
			if stopped < 0 {
				stopped = i
			}
		} else {
			if stopped >= 0 {
				l.fail(c.Line, field+".transcript", "step %d has a transcript but step %d has none (a model that stopped takes no later step)", i+1, stopped+1)
			}
			l.resolveTranscript(c.Line, field+".transcript", st.Transcript)
		}
		if st.Stop != "" && (st.Transcript == nil || slices.ContainsFunc(steps[i+1:], func(s *Step) bool { return s.Transcript != nil })) {
			l.fail(c.Line, field+".stop", "only the last step the model took can end the recording")
		}
		for key := range st.ToolResults {
			// A decimal key is a gold call's index; any other key is a call id.
			if idx, err := strconv.Atoi(key); err == nil && (idx < 0 || idx >= len(st.GoldCalls)) {
				l.fail(c.Line, field+".tool_results."+key, "no gold call %d in this step (it has %d)", idx, len(st.GoldCalls))
			}
		}
		for j, g := range st.GoldCalls {
			if c.search != nil && g.Name == c.search.Name {
				l.fail(c.Line, fmt.Sprintf("%s.gold_calls[%d]", field, j), "calls to the search tool %q are not checked against gold calls; leave them out (a search is judged by what it surfaces)", g.Name)
			}
		}
	}
}

// stepTools checks the tools the steps name against the case's catalog.
func (l *loader) stepTools(c *Case, cat *catalog.Catalog) {
	if c.search != nil {
		if _, clash := cat.Lookup(c.search.Name); clash {
			field := "search_tool"
			if c.SearchTool == nil {
				field = "catalog"
			}
			l.fail(c.Line, field, "the search tool %q has the name of a catalog tool; name it differently", c.search.Name)
		}
	}
	for prefix, steps := range c.stepLists() {
		for i, st := range steps {
			l.goldCalls(c, cat, fmt.Sprintf("%s[%d].gold_calls", prefix, i), st.GoldCalls, func(name string) bool {
				return c.search != nil && name == c.search.Name
			})
		}
	}
}
