package report

import (
	"time"

	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/toolcall"
)

// Report is the result of a run: per configuration, every case's result
// and the aggregates. It is what `tooleval replay --json` writes, what
// --baseline reads back and what `tooleval merge` combines: every
// aggregate carries its sufficient statistics (counts and sums), so the
// merge of a run's shards is exactly the report of the whole run.
type Report struct {
	Suite string `json:"suite"`
	// SuiteHash identifies the suite file's content (Suite.Hash).
	SuiteHash string `json:"suite_hash,omitempty"`
	// Cases is the number of cases replayed (this shard's, when sharded).
	Cases int `json:"cases"`
	// Shard is "i/n" when the run was one shard of the suite.
	Shard string `json:"shard,omitempty"`
	// Filter lists the --filter patterns the cases were selected with.
	Filter   []string `json:"filter,omitempty"`
	Seed     int64    `json:"seed"`
	Encoding string   `json:"encoding"`
	// Variants lists the prompt variants measured; the first is the one
	// the configurations' token numbers use.
	Variants []string `json:"variants"`
	// Counting says, per variant, what was counted and with which
	// encoding, and whether that count is exact for the provider.
	Counting []Counting      `json:"counting,omitempty"`
	Configs  []*ConfigResult `json:"configs"`
	// Comparison is set when the run was compared with a baseline.
	Comparison *Comparison `json:"comparison,omitempty"`
	// Verdict is set when the run was gated (baseline or thresholds).
	Verdict *Verdict `json:"verdict,omitempty"`
	// Repair lists the repairs the suite asked to judge the calls after
	// (its settings' repair list): every verdict and gate metric is then
	// that of the repaired calls. Empty: the calls were judged as parsed.
	Repair []string `json:"repair,omitempty"`

	// Started and Elapsed time the run (not in the JSON: a report's JSON
	// depends only on the suite and the options).
	Started time.Time     `json:"-"`
	Elapsed time.Duration `json:"-"`
}

// Config is one retrieval setting at one k the cases are replayed under.
// Configurations are matched against a baseline by Key, never by Name.
type Config struct {
	// Name labels the configuration in reports, e.g. "k=5" or
	// "k=5 config=tuned".
	Name string `json:"name"`
	K    int    `json:"k"`
	// Weights names the retrieval setting ("default" unless given).
	Weights string `json:"weights"`
	// Settings are the retrieval settings, K included.
	Settings retrieval.Config `json:"settings"`
	// Key identifies the settings: a hash of their canonical JSON (and
	// of the strategy, other than inject: ConfigKeyOf).
	Key string `json:"key"`
	// Strategy names how the configuration shows tools to the model
	// ("inject", "search:bm25", "search:regex", "all"; package strategy);
	// absent when the run declared no strategies (inject).
	Strategy string `json:"strategy,omitempty"`
}

// ConfigResult is one configuration's aggregates and case results, the
// cases in suite order.
type ConfigResult struct {
	Config   Config         `json:"config"`
	Metrics  Aggregate      `json:"metrics"`
	Variants []VariantStats `json:"variants"`
	// Groups holds the aggregates per language ("lang:zh") and per tag
	// ("tag:parallel"), keys sorted.
	Groups  []Group       `json:"groups"`
	Results []*CaseResult `json:"results"`
	// Flaky lists the cases that both passed and failed across their
	// trials.
	Flaky []FlakyCase `json:"flaky"`
}

// Group is the aggregate over the cases of one language or tag.
type Group struct {
	Name    string    `json:"name"`
	Metrics Aggregate `json:"metrics"`
}

// Aggregate sums up one configuration over the cases. It holds the
// sufficient statistics — counts (int), exact sums (Sum), count maps and
// sample lists — from which derive computes the rates (*float64, in
// [0, 1]; nil, JSON null, when there was nothing to measure). Merging
// aggregates adds the statistics field by field (see mergeStats) and
// derives again; it never averages averages.
type Aggregate struct {
	Cases  int `json:"cases"`
	Passed int `json:"passed"`
	Failed int `json:"failed"`
	// NotRecorded counts the cases not recorded under the
	// configuration's strategy (CaseResult.NotRecorded): they are not in
	// Cases, so every figure is over the cases recorded under it.
	NotRecorded int `json:"not_recorded"`
	// Broken counts cases that could not be replayed at all.
	Broken   int      `json:"broken"`
	PassRate *float64 `json:"pass_rate"`

	// Retrieval, averaged over the cases with at least one gold tool
	// outside always_include (RetrievalCases).
	RetrievalCases int      `json:"retrieval_cases"`
	RecallSum      Sum      `json:"recall_sum"`
	CompSum        Sum      `json:"comp_sum"`
	NDCGSum        Sum      `json:"ndcg_sum"`
	PrecisionSum   Sum      `json:"precision_sum"`
	Recall         *float64 `json:"recall"`
	Comp           *float64 `json:"comp"`
	NDCG           *float64 `json:"ndcg"`
	Precision      *float64 `json:"precision"`
	// ZeroMatch counts the cases whose query has no term in common with
	// the catalog (retrieval found nothing, whatever k), over the cases
	// that could be replayed.
	ZeroMatch int `json:"zero_match"`

	// Noise, over the cases that could be replayed (MeasuredCases); tokens
	// for the first variant, over the cases whose tokens were counted
	// (TokenCases: none with encoding "none").
	MeasuredCases     int      `json:"measured_cases"`
	NoiseSum          Sum      `json:"noise_sum"`
	InjectedToolsSum  int      `json:"injected_tools_sum"`
	TokenCases        int      `json:"token_cases"`
	NoiseTokensSum    int      `json:"noise_tokens_sum"`
	InjectedTokensSum int      `json:"injected_tokens_sum"`
	CatalogTokensSum  int      `json:"catalog_tokens_sum"`
	Noise             *float64 `json:"noise"`
	InjectedTools     *float64 `json:"injected_tools"`
	NoiseTokens       *float64 `json:"noise_tokens"`
	InjectedTokens    *float64 `json:"injected_tokens"`
	CatalogTokens     *float64 `json:"catalog_tokens"`
	// TokenReduction is 1 − Σ injected tokens / Σ whole-catalog tokens.
	TokenReduction *float64 `json:"token_reduction"`

	// Calls, over the cases with a transcript and gold calls.
	CallCases        int      `json:"call_cases"`
	CorrectCallCases int      `json:"correct_call_cases"`
	CallAccuracy     *float64 `json:"call_accuracy"`
	// WrongArgRate = WrongArgCalls / ToolCalls: calls to a correct tool
	// that fail any argument check, over calls to a correct tool.
	ToolCalls     int      `json:"correct_tool_calls"`
	WrongArgCalls int      `json:"wrong_argument_calls"`
	WrongArgRate  *float64 `json:"wrong_argument_rate"`
	// SelectionAccuracy: share of call cases whose called tools are the
	// gold tools (abstention cases included: no tool is the right set).
	SelectionCorrect  int      `json:"selection_correct_cases"`
	SelectionAccuracy *float64 `json:"tool_selection_accuracy"`
	// AbstentionAccuracy: share of the cases whose gold is no call in
	// which no call was made.
	AbstentionCases    int      `json:"abstention_cases"`
	AbstentionCorrect  int      `json:"abstention_correct_cases"`
	AbstentionAccuracy *float64 `json:"abstention_accuracy"`
	// ParserFailures counts transcripts whose parses disagreed across
	// chunkings.
	Transcripts    int `json:"transcripts"`
	ParserFailures int `json:"parser_failures"`
	// CallsInReasoning counts transcripts in which the model wrote a call
	// inside its reasoning, passed or not (a failed one has the cause
	// call_in_reasoning).
	CallsInReasoning int `json:"calls_in_reasoning,omitempty"`

	// Causes counts failed cases by cause; Codes counts call cases by
	// their first failing check.
	Causes map[string]int `json:"causes"`
	Codes  map[string]int `json:"codes"`

	// Latency is the streaming latency over transcripts with chunk times.
	Latency LatencyStats `json:"latency"`

	// Trajectory sums up the multi-step cases.
	Trajectory TrajectoryStats `json:"trajectory"`

	// RepairFixes counts, per repair (package repair), the failed cases
	// that repair alone would have made pass (a case several repairs fix
	// counts under each); absent when no failure is fixable.
	RepairFixes map[string]int `json:"repair_fixes,omitempty"`
	// Trials sums up the cases' trials: per case n trials and c passed
	// (one trial for a case with one recording), pass@k and pass^k.
	Trials metrics.Trials `json:"trials"`
	// Strategy sums up what the configuration's strategy showed the
	// model (nil when the run declared no strategies).
	Strategy *StrategyStats `json:"strategy,omitempty"`
}

// VariantStats is the prompt-variant view of one configuration: what
// injecting the retrieved tools costs in that variant and how many
// parameters of the gold calls the rendered prompt does not show.
type VariantStats struct {
	Variant           string   `json:"variant"`
	TokenCases        int      `json:"token_cases"`
	InjectedTokensSum int      `json:"injected_tokens_sum"`
	NoiseTokensSum    int      `json:"noise_tokens_sum"`
	CatalogTokensSum  int      `json:"catalog_tokens_sum"`
	InjectedTokens    *float64 `json:"injected_tokens"`
	NoiseTokens       *float64 `json:"noise_tokens"`
	CatalogTokens     *float64 `json:"catalog_tokens"`
	TokenReduction    *float64 `json:"token_reduction"`
	// GoldParams counts the parameters used in gold calls of injected
	// tools; HiddenParams those of them the rendered prompt never names.
	GoldParams   int `json:"gold_params"`
	HiddenParams int `json:"hidden_params"`
}

// CaseResult is one case replayed under one configuration. The results
// of a run share their lists (Injected, Variants, Tags…) where they are
// equal: treat them as read-only.
type CaseResult struct {
	ID   string   `json:"id"`
	Line int      `json:"line"`
	Lang string   `json:"lang,omitempty"`
	Tags []string `json:"tags,omitempty"`
	// Passed: every gold tool was injected and, when checked, the calls
	// are right and the parses agreed.
	Passed bool `json:"passed"`
	// Cause is why a failed case failed: retrieval_miss, selection,
	// arguments, parser (the chunkings disagreed) or error (broken case).
	Cause string `json:"cause,omitempty"`
	// Error says why a broken case could not be replayed.
	Error string `json:"error,omitempty"`
	// NotRecorded: the case holds recordings, none made under the
	// configuration's strategy (suite.Case.Under), so it is not judged
	// under it: neither passed nor failed (no cause), and left out of
	// the configuration's figures but for the NotRecorded count.
	NotRecorded bool `json:"not_recorded,omitempty"`

	// Injected is what went into the prompt: always-include tools, then
	// the retrieved ones in rank order.
	Injected []string `json:"injected"`
	// Scored is false when the case has no gold tool outside
	// always_include; its retrieval metrics are then left out of the
	// averages.
	Scored    bool    `json:"scored"`
	Recall    float64 `json:"recall"`
	Comp      float64 `json:"comp"`
	NDCG      float64 `json:"ndcg"`
	Precision float64 `json:"precision"`
	// Missed lists gold tools that were not injected.
	Missed []string `json:"missed,omitempty"`
	// ZeroMatch is set when the query has no term in common with the
	// catalog: BM25 then retrieves nothing, whatever k.
	ZeroMatch bool `json:"zero_match,omitempty"`

	Noise         metrics.Noise `json:"noise"`
	CatalogTokens int           `json:"catalog_tokens"`
	// Variants holds the token cost and hidden gold parameters per variant
	// (same order as Report.Variants).
	Variants []CaseVariant `json:"variants"`

	// Parse is the transcript's parse, nil without a transcript.
	Parse *ParseResult `json:"parse,omitempty"`
	// Calls is the call check, nil without a transcript or gold calls.
	Calls *metrics.CallsResult `json:"calls,omitempty"`
	// Latency is the streaming latency, nil without chunk times.
	Latency *Latency `json:"latency,omitempty"`
	// Trajectory is the multi-step replay, nil for a single-step case;
	// Passed and Cause are then the trajectory's.
	Trajectory *TrajectoryResult `json:"trajectory,omitempty"`
	// Match names the match mode that judged the case when it is not the
	// default (metrics.Match.String: "subset", "strict; args subset").
	Match string `json:"match,omitempty"`
	// Repaired lists the suite's repairs that changed the case's calls
	// before they were judged (only when the suite asks for repairs).
	Repaired []string `json:"repaired,omitempty"`
	// Strategy is what the configuration's strategy showed the model
	// (nil when the run declared no strategies).
	Strategy *StrategyResult `json:"strategy,omitempty"`
	// Repairs lists, for a case that failed on its calls alone, the
	// repairs each of which, applied alone, would have made it pass.
	Repairs []string `json:"repairs,omitempty"`
	// Trials lists each trial of a case with several recordings (nil for
	// one); Passed is then that every trial passed, and Cause, Parse,
	// Calls, Latency and Trajectory are the first failing trial's (the
	// first trial's when all passed). See CombineTrials.
	Trials []*TrialResult `json:"trials,omitempty"`
	// Elapsed is how long replaying the case took (for JUnit; not in the
	// JSON).
	Elapsed time.Duration `json:"-"`
}

// CaseVariant is one case's cost in one prompt variant.
type CaseVariant struct {
	Variant        string   `json:"variant"`
	InjectedTokens int      `json:"injected_tokens"`
	NoiseTokens    int      `json:"noise_tokens"`
	CatalogTokens  int      `json:"catalog_tokens"`
	GoldParams     int      `json:"gold_params"`
	HiddenParams   []string `json:"hidden_params,omitempty"`
}

// ParseResult is what the transcript parsed to (as recorded), and whether
// the other chunkings agreed.
type ParseResult struct {
	Format string           `json:"format"`
	Calls  []toolcall.Call  `json:"calls"`
	Errors []toolcall.Error `json:"errors"`
	// ErrorsDropped counts the errors past the first
	// toolcall.MaxKeptErrors, which are not kept.
	ErrorsDropped int `json:"errors_dropped,omitempty"`
	// Chunkings is how many chunkings were compared.
	Chunkings int `json:"chunkings"`
	// Disagreement describes the first difference between chunkings, ""
	// when they all agreed.
	Disagreement string `json:"disagreement,omitempty"`
}

// CallInReasoning reports whether the parse found a call written inside
// reasoning.
func (r *ParseResult) CallInReasoning() bool {
	for _, e := range r.Errors {
		if e.Code == toolcall.CodeCallInReasoning {
			return true
		}
	}
	return false
}

// The failure causes beyond metrics.Cause.
const (
	// CauseParser: parsing the transcript in different chunkings gave
	// different events.
	CauseParser = "parser"
	// CauseError: the case could not be replayed.
	CauseError = "error"
	// CauseCallInReasoning: the case failed and its model wrote a call
	// inside its reasoning (the parser's call_in_reasoning), whether the
	// call was read (the default) or kept as reasoning.
	CauseCallInReasoning = string(toolcall.CodeCallInReasoning)
)
