package record

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/atomicfile"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// Options controls a recording run.
type Options struct {
	// Variant is the prompt variant: names, detailed, xml, retrieved, json
	// (tools described in the system prompt, calls written in Protocol), or
	// native (tools sent in the request's tools field).
	Variant string
	// Protocol is the text calling protocol for text variants (default
	// use_tool); it must be empty with native.
	Protocol string
	// K, when > 0, sends only the case's always-include tools and the K
	// best BM25 matches for its query; 0 sends the whole catalog.
	K int
	// Strategy, when set, is how tools reach the model (package
	// strategy): every case is then driven as a trajectory, so that the
	// model may search. inject sends the always-include tools and the top
	// k (its k, else K); search sends the always-loaded tools and the
	// search tool, and answers the model's searches with BM25 or the
	// regex index (k tools a search: its k, else K, else 5); all sends the
	// whole catalog. Nil records as before strategies.
	Strategy *strategy.Strategy
	// Concurrency is the number of requests in flight (default 1).
	Concurrency int
	// RPS caps the rate of requests started per second (0: no cap).
	RPS float64
	// Steps is the step budget of a multi-step case (default
	// DefaultSteps): the recording stops after that many model turns.
	Steps int
	// Trials is how many times each case is recorded (default 1): with
	// more than one, the case is written with transcripts (a trajectory
	// with step_trials), one recording per trial, for pass@k and pass^k.
	Trials int
	// MaxTokens and Temperature go into every request (see Request).
	MaxTokens   int
	Temperature *float64
	// Filter selects the cases to record (nil: all), as replay's --filter.
	Filter *suite.Filter
	// Logf receives progress lines (never the key).
	Logf func(format string, args ...any)
}

// Summary says what a run did.
type Summary struct {
	Cases    int `json:"cases"`
	Recorded int `json:"recorded"`
	Skipped  int `json:"skipped"` // already in the output
	Failed   int `json:"failed"`
	// Retries is how many attempts were retried (429, 5xx, time-outs,
	// dropped connections), over every case.
	Retries int64       `json:"retries"`
	Errors  []CaseError `json:"errors,omitempty"`
	Output  string      `json:"output"`
}

// CaseError is the failure of one case.
type CaseError struct {
	ID  string `json:"id"`
	Err string `json:"error"`
}

// Recorder records the cases of a suite against one endpoint.
type Recorder struct {
	Client   *Client
	Endpoint Endpoint
	Options  Options
}

// Run sends every case of the suite (loaded from suitePath) that out does
// not hold yet, and appends each recorded case to out as it completes; at
// the end out is rewritten in suite order. Cases already in out (by id,
// with a transcript) are skipped, so an interrupted run resumes where it
// stopped. A failed case is reported in the summary and left out of out, so
// the next run retries it; Run returns an error only when it cannot run.
func (r *Recorder) Run(ctx context.Context, su *suite.Suite, suitePath, out string) (Summary, error) {
	opt := r.Options
	sum := Summary{Cases: len(su.Cases), Output: out}
	if err := opt.Check(); err != nil {
		return sum, err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return sum, err
	}
	// A bad output path is found before any request is sent.
	if err := atomicfile.Check(out); err != nil {
		return sum, fmt.Errorf("record: --out %w", err)
	}
	done, err := recordedIDs(out)
	if err != nil {
		return sum, err
	}
	trials := max(opt.Trials, 1)
	var todo []*suite.Case
	sum.Cases = 0
	for _, c := range su.Cases {
		if !opt.Filter.Match(c) {
			continue
		}
		sum.Cases++
		if done[c.ID] >= trials {
			sum.Skipped++
		} else {
			todo = append(todo, c)
		}
	}
	if err := repairTail(out); err != nil {
		return sum, err
	}
	// out is opened when the first case is recorded: a run where every
	// case fails leaves no empty file behind.
	var f *os.File
	defer func() {
		if f != nil {
			f.Close()
		}
	}()
	appendLine := func(line []byte) error {
		if f == nil {
			var err error
			if f, err = os.OpenFile(out, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
				return err
			}
		}
		_, err := f.Write(line)
		return err
	}
	suiteDir, outDir := filepath.Dir(suitePath), filepath.Dir(out)

	var (
		mu      sync.Mutex
		wg      sync.WaitGroup
		lim     = newLimiter(opt.RPS)
		jobs    = make(chan *suite.Case)
		indexes sync.Map // catalog path → *retrieval.Index
	)
	red := r.Endpoint.Redactor()
	// An endpoint that cannot be reached before anything was recorded ends
	// the run at once with one message, instead of failing every case.
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	aborted := func() bool {
		cause := context.Cause(ctx)
		return cause != nil && !errors.Is(cause, context.Canceled)
	}
	retriesBefore := r.Client.RetryCount()
	workers := max(opt.Concurrency, 1)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				line, err := r.one(ctx, su, c, lim, &indexes, suiteDir, outDir)
				mu.Lock()
				if err == nil {
					err = appendLine(line)
				}
				var ue *UnreachableError
				if err != nil && sum.Recorded == 0 && errors.As(err, &ue) {
					if !aborted() {
						cancel(errors.New(red.String(fmt.Sprintf("record: %s: %v; nothing was recorded", r.Endpoint.URL(), ue))))
					}
					mu.Unlock()
					continue
				}
				if err != nil && aborted() {
					// A case cut short by that end is not a failure of its own.
					mu.Unlock()
					continue
				}
				if err != nil {
					sum.Failed++
					msg := red.String(err.Error())
					sum.Errors = append(sum.Errors, CaseError{ID: c.ID, Err: msg})
					r.logf("%s: failed: %s", c.ID, msg)
				} else {
					sum.Recorded++
					r.logf("%s: recorded", c.ID)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, c := range todo {
		select {
		case jobs <- c:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	sum.Retries = r.Client.RetryCount() - retriesBefore
	if aborted() {
		return sum, context.Cause(ctx)
	}
	indexes.Range(func(_, v any) bool {
		if ix, ok := v.(*retrieval.Index); ok { // the regex indexes hold nothing to close
			ix.Close()
		}
		return true
	})
	if f != nil {
		err := f.Close()
		f = nil
		if err != nil {
			return sum, err
		}
	}
	if err := sortOutput(out, su); err != nil {
		return sum, err
	}
	return sum, ctx.Err()
}

func (r *Recorder) logf(format string, args ...any) {
	if r.Options.Logf != nil {
		r.Options.Logf(format, args...)
	}
}

// one records one case, Options.Trials times, and returns its suite line.
// A case that holds several trials already is driven by its first (its
// steps are the script a trajectory follows).
func (r *Recorder) one(ctx context.Context, su *suite.Suite, c *suite.Case, lim *limiter, indexes *sync.Map, suiteDir, outDir string) ([]byte, error) {
	c = c.Trial(0)
	trials := max(r.Options.Trials, 1)
	var transcripts []*suite.Transcript
	var stepTrials [][]*suite.Step
	oneTurn := r.Options.Strategy != nil && !c.Trajectory()
	if oneTurn {
		// One turn becomes a trajectory's first step, so that the model
		// may search before it answers.
		one := *c
		one.Steps = []*suite.Step{{GoldCalls: c.GoldCalls}}
		c = &one
	}
	for i := range trials {
		if c.Trajectory() {
			steps, err := r.trajectory(ctx, su, c, lim, indexes, oneTurn)
			if err != nil {
				return nil, trialErr(err, i, trials)
			}
			stepTrials = append(stepTrials, steps)
			continue
		}
		req, err := r.request(su, c, indexes)
		if err != nil {
			return nil, err
		}
		t, err := r.exchange(ctx, req, lim)
		if err != nil {
			return nil, trialErr(err, i, trials)
		}
		transcripts = append(transcripts, &t)
	}
	if r.Options.Strategy != nil {
		stampStrategy(r.Options.Strategy.String(), transcripts, stepTrials)
	}
	oc := suite.Case{
		ID: c.ID, Query: c.Query, Catalog: relocate(c.Catalog, suiteDir, outDir),
		GoldTools: c.GoldTools, AlwaysInclude: c.AlwaysInclude, Lang: c.Lang, Tags: c.Tags,
		GoldCalls: c.GoldCalls, Checker: c.Checker,
	}
	switch {
	case stepTrials != nil:
		oc.GoldCalls, oc.SearchTool = nil, c.Search()
		if r.Options.Strategy != nil && oc.SearchTool == nil && r.Options.Strategy.Strategy == strategy.Search {
			oc.SearchTool = &suite.SearchTool{}
		}
		if trials == 1 {
			oc.Steps = stepTrials[0]
		} else {
			oc.StepTrials = stepTrials
		}
	case trials == 1:
		oc.Transcript = transcripts[0]
	default:
		oc.Transcripts = transcripts
	}
	if oc.GoldTools == nil {
		oc.GoldTools = []string{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(oc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// stampStrategy writes the strategy the recordings were made under into
// each of their transcripts (suite.Transcript.Strategy), so that replay
// judges them under that strategy only.
func stampStrategy(s string, transcripts []*suite.Transcript, stepTrials [][]*suite.Step) {
	for _, t := range transcripts {
		t.Strategy = s
	}
	for _, steps := range stepTrials {
		for _, st := range steps {
			if st.Transcript != nil {
				st.Transcript.Strategy = s
			}
		}
	}
}

// trialErr names the trial that failed when a case is recorded several
// times.
func trialErr(err error, i, trials int) error {
	if trials == 1 {
		return err
	}
	return fmt.Errorf("trial %d of %d: %w", i+1, trials, err)
}

// exchange sends one request and keeps the answer as a transcript: the
// raw stream for the native variant, the model's text under the protocol's
// format otherwise, with the chunk arrival times.
func (r *Recorder) exchange(ctx context.Context, req Request, lim *limiter) (suite.Transcript, error) {
	body, err := r.Endpoint.Body(req)
	if err != nil {
		return suite.Transcript{}, err
	}
	if err := lim.wait(ctx); err != nil {
		return suite.Transcript{}, err
	}
	client := r.Client
	if client == nil {
		client = &Client{}
	}
	rec, err := client.Record(ctx, r.Endpoint, body)
	if err != nil {
		return suite.Transcript{}, err
	}
	var t suite.Transcript
	if isNative(r.Options.Variant) {
		t, err = NativeTranscript(rec, r.Endpoint.API)
	} else {
		t, err = TextTranscript(rec, r.Endpoint.API, protocolOf(r.Options.Protocol))
		t.Protocol = protocolOf(r.Options.Protocol)
	}
	if err != nil {
		return suite.Transcript{}, err
	}
	t.Variant, t.Model = r.Options.Variant, r.Endpoint.Model
	return t, nil
}

// request builds what to send for a case: the tools (whole catalog, or
// retrieved), rendered as the variant.
func (r *Recorder) request(su *suite.Suite, c *suite.Case, indexes *sync.Map) (Request, error) {
	opt := r.Options
	cat := su.Catalog(c)
	if cat == nil {
		return Request{}, fmt.Errorf("catalog %s not loaded", c.Catalog)
	}
	tools, err := pickTools(cat, c, opt.K, indexes)
	if err != nil {
		return Request{}, err
	}
	req := Request{Query: c.Query, MaxTokens: opt.MaxTokens, Temperature: opt.Temperature}
	if isNative(opt.Variant) {
		req.Tools, err = prompt.Native(tools, string(r.Endpoint.API))
		return req, err
	}
	req.System, err = prompt.Render(tools, opt.Variant, prompt.Options{Protocol: protocolOf(opt.Protocol)})
	return req, err
}

func pickTools(cat *catalog.Catalog, c *suite.Case, k int, indexes *sync.Map) ([]toolcall.Tool, error) {
	if k <= 0 {
		return cat.Tools(), nil
	}
	ix, err := catalogIndex(cat, c.Catalog, indexes)
	if err != nil {
		return nil, err
	}
	hits, err := ix.Search(c.Query, k, c.AlwaysInclude...)
	if err != nil {
		return nil, err
	}
	tools := make([]toolcall.Tool, 0, len(hits))
	for _, h := range hits {
		t, _ := cat.Lookup(h.Name)
		tools = append(tools, *t)
	}
	return tools, nil
}

// catalogIndex returns the BM25 index of a catalog, built once per run
// and shared by its workers (indexes: catalog path → *retrieval.Index).
func catalogIndex(cat *catalog.Catalog, key string, indexes *sync.Map) (*retrieval.Index, error) {
	v, ok := indexes.Load(key)
	if !ok {
		ix, err := retrieval.New(cat.Tools())
		if err != nil {
			return nil, err
		}
		if v, ok = indexes.LoadOrStore(key, ix); ok {
			ix.Close()
		}
	}
	return v.(*retrieval.Index), nil
}

func isNative(variant string) bool {
	return variant == prompt.VariantNative || strings.HasPrefix(variant, prompt.VariantNative+":")
}

func protocolOf(p string) string {
	if p == "" {
		return prompt.ProtocolUseTool
	}
	return p
}

// Check rejects an unknown variant or protocol, a protocol given with
// the native variant, or a negative number of trials.
func (o Options) Check() error {
	if o.Strategy != nil {
		if err := o.Strategy.Validate(); err != nil {
			return fmt.Errorf("record: strategy: %v", err)
		}
	}
	if o.Trials < 0 {
		return fmt.Errorf("record: trials must be ≥ 1, got %d", o.Trials)
	}
	return checkVariant(o.Variant, o.Protocol)
}

// checkVariant rejects variant/protocol combinations before any request.
func checkVariant(variant, protocol string) error {
	if isNative(variant) {
		if variant != prompt.VariantNative {
			return fmt.Errorf("record: variant %q: use native (the provider follows the API)", variant)
		}
		if protocol != "" {
			return errors.New("record: the native variant takes no protocol")
		}
		return nil
	}
	for _, v := range prompt.TextVariants() {
		if v == variant {
			if _, err := prompt.Protocol(protocolOf(protocol)); err != nil {
				return fmt.Errorf("record: %w", err)
			}
			return nil
		}
	}
	return fmt.Errorf("record: unknown variant %q (want %s or native)", variant, strings.Join(prompt.TextVariants(), ", "))
}

// relocate rewrites a path relative to the input suite's directory so it
// is relative to the output suite's directory.
func relocate(p, fromDir, toDir string) string {
	if filepath.IsAbs(p) {
		return p
	}
	abs, err1 := filepath.Abs(filepath.Join(fromDir, filepath.FromSlash(p)))
	base, err2 := filepath.Abs(toDir)
	if err1 != nil || err2 != nil {
		return p
	}
	rel, err := filepath.Rel(base, abs)
	if err != nil {
		return abs
	}
	return filepath.ToSlash(rel)
}

// recordedIDs reads the ids of the cases out already holds with a
// recording, and how many trials each holds (transcript or steps: 1;
// transcripts or step_trials: their length). A missing file holds none; a
// line cut short by an interrupted run is ignored (it will be recorded
// again), any other broken line is an error naming it.
func recordedIDs(out string) (map[string]int, error) {
	ids := map[string]int{}
	data, err := os.ReadFile(out)
	if errors.Is(err, os.ErrNotExist) {
		return ids, nil
	}
	if err != nil {
		return nil, err
	}
	lines := bytes.Split(data, []byte{'\n'})
	for i, l := range lines {
		l = bytes.TrimSpace(l)
		if len(l) == 0 {
			continue
		}
		var c struct {
			ID          string            `json:"id"`
			Transcript  json.RawMessage   `json:"transcript"`
			Steps       json.RawMessage   `json:"steps"`
			Transcripts []json.RawMessage `json:"transcripts"`
			StepTrials  []json.RawMessage `json:"step_trials"`
		}
		if err := json.Unmarshal(l, &c); err != nil {
			if i == len(lines)-1 {
				continue // the last line, cut short
			}
			return nil, fmt.Errorf("record: %s:%d: not a suite line: %v", out, i+1, err)
		}
		if c.ID == "" {
			continue
		}
		switch {
		case len(c.Transcripts) > 0 || len(c.StepTrials) > 0:
			ids[c.ID] = max(len(c.Transcripts), len(c.StepTrials))
		case len(c.Transcript) > 0 && string(c.Transcript) != "null" || len(c.Steps) > 0 && string(c.Steps) != "null":
			ids[c.ID] = 1
		}
	}
	return ids, nil
}

// repairTail makes out end with a newline before lines are appended: a
// last line cut short by an interrupted run is dropped, a whole one is
// ended.
func repairTail(out string) error {
	data, err := os.ReadFile(out)
	if errors.Is(err, os.ErrNotExist) || len(data) == 0 || data[len(data)-1] == '\n' {
		return nil
	}
	if err != nil {
		return err
	}
	start := bytes.LastIndexByte(data, '\n') + 1
	if json.Valid(data[start:]) {
		data = append(data, '\n')
	} else {
		data = data[:start]
	}
	return atomicfile.WriteFile(out, data, 0o644)
}

// sortOutput rewrites out with its lines in suite order (lines for ids not
// in the suite last, in file order; a cut-short last line dropped; a later
// line for an id replaces an earlier one).
func sortOutput(out string, su *suite.Suite) error {
	data, err := os.ReadFile(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil // nothing recorded, nothing held
	}
	if err != nil {
		return err
	}
	byID := map[string][]byte{}
	var order []string
	for _, l := range bytes.Split(data, []byte{'\n'}) {
		l = bytes.TrimSpace(l)
		var c struct {
			ID string `json:"id"`
		}
		if len(l) == 0 || json.Unmarshal(l, &c) != nil {
			continue
		}
		if _, seen := byID[c.ID]; !seen {
			order = append(order, c.ID)
		}
		byID[c.ID] = l
	}
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	for _, c := range su.Cases {
		if l, ok := byID[c.ID]; ok {
			w.Write(l)
			w.WriteByte('\n')
			delete(byID, c.ID)
		}
	}
	for _, id := range order {
		if l, ok := byID[id]; ok {
			w.Write(l)
			w.WriteByte('\n')
		}
	}
	w.Flush()
	return atomicfile.WriteFile(out, b.Bytes(), 0o644)
}

// limiter spaces request starts at least 1/rps apart.
type limiter struct {
	mu       sync.Mutex
	interval time.Duration
	next     time.Time
}

func newLimiter(rps float64) *limiter {
	if rps <= 0 {
		return &limiter{}
	}
	return &limiter{interval: time.Duration(float64(time.Second) / rps)}
}

func (l *limiter) wait(ctx context.Context) error {
	if l.interval == 0 {
		return ctx.Err()
	}
	l.mu.Lock()
	now := time.Now()
	at := l.next
	if at.Before(now) {
		at = now
	}
	l.next = at.Add(l.interval)
	l.mu.Unlock()
	return sleepCtx(ctx, time.Until(at))
}
