package replay

import (
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/toolcall"
)

// Report is the result of a run: per configuration, every case's result
// and the aggregates. It is what `tooleval replay --json` prints and what
// --baseline reads back.
type Report struct {
	Suite string `json:"suite"`
	// Cases is the number of cases replayed (this shard's, when sharded).
	Cases int `json:"cases"`
	// Shard is "i/n" when the run was one shard of the suite.
	Shard    string `json:"shard,omitempty"`
	Seed     int64  `json:"seed"`
	Encoding string `json:"encoding"`
	// Variants lists the prompt variants measured; the first is the one
	// the configurations' token numbers use.
	Variants []string        `json:"variants"`
	Configs  []*ConfigResult `json:"configs"`
	// Comparison is set when the run was compared with a baseline.
	Comparison *Comparison `json:"comparison,omitempty"`
}

// Config is one retrieval setting the cases are replayed under.
type Config struct {
	// Name labels the configuration in reports and baselines, e.g.
	// "k=5" or "k=5 weights=name-heavy".
	Name string `json:"name"`
	K    int    `json:"k"`
	// Weights names the retrieval setting ("default" unless given).
	Weights string `json:"weights"`
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
}

// Group is the aggregate over the cases of one language or tag.
type Group struct {
	Name    string    `json:"name"`
	Metrics Aggregate `json:"metrics"`
}

// Aggregate sums up one configuration over the cases. Rates are in [0, 1];
// a rate over no cases is 0 and its count says so.
type Aggregate struct {
	Cases  int `json:"cases"`
	Passed int `json:"passed"`
	Failed int `json:"failed"`
	// Broken counts cases that could not be replayed at all.
	Broken   int     `json:"broken"`
	PassRate float64 `json:"pass_rate"`

	// Retrieval, averaged over the cases with at least one gold tool
	// outside always_include (RetrievalCases).
	RetrievalCases int     `json:"retrieval_cases"`
	Recall         float64 `json:"recall"`
	Comp           float64 `json:"comp"`
	NDCG           float64 `json:"ndcg"`
	Precision      float64 `json:"precision"`

	// Noise and tokens for the first variant, averaged over all cases.
	Noise          float64 `json:"noise"`
	NoiseTokens    float64 `json:"noise_tokens"`
	InjectedTools  float64 `json:"injected_tools"`
	InjectedTokens float64 `json:"injected_tokens"`
	CatalogTokens  float64 `json:"catalog_tokens"`
	// TokenReduction is 1 − Σ injected tokens / Σ whole-catalog tokens.
	TokenReduction float64 `json:"token_reduction"`

	// Calls, over the cases with a transcript and gold calls.
	CallCases    int     `json:"call_cases"`
	CallAccuracy float64 `json:"call_accuracy"`
	// WrongArgRate = WrongArgCalls / ToolCalls: calls to a correct tool
	// that fail any argument check, over calls to a correct tool.
	ToolCalls     int     `json:"correct_tool_calls"`
	WrongArgCalls int     `json:"wrong_argument_calls"`
	WrongArgRate  float64 `json:"wrong_argument_rate"`
	// SelectionAccuracy: share of call cases whose called tools are the
	// gold tools (abstention cases included: no tool is the right set).
	SelectionAccuracy float64 `json:"tool_selection_accuracy"`
	// AbstentionAccuracy: share of the cases whose gold is no call in
	// which no call was made.
	AbstentionCases    int     `json:"abstention_cases"`
	AbstentionAccuracy float64 `json:"abstention_accuracy"`
	// ParserFailures counts transcripts whose parses disagreed across
	// chunkings.
	Transcripts    int `json:"transcripts"`
	ParserFailures int `json:"parser_failures"`

	// Causes counts failed cases by cause; Codes counts call cases by
	// their first failing check.
	Causes map[string]int `json:"causes"`
	Codes  map[string]int `json:"codes"`
}

// VariantStats is the prompt-variant view of one configuration: what
// injecting the retrieved tools costs in that variant and how many
// parameters of the gold calls the rendered prompt does not show.
type VariantStats struct {
	Variant        string  `json:"variant"`
	InjectedTokens float64 `json:"injected_tokens"`
	NoiseTokens    float64 `json:"noise_tokens"`
	CatalogTokens  float64 `json:"catalog_tokens"`
	TokenReduction float64 `json:"token_reduction"`
	// GoldParams counts the parameters used in gold calls of injected
	// tools; HiddenParams those of them the rendered prompt never names.
	GoldParams   int `json:"gold_params"`
	HiddenParams int `json:"hidden_params"`
}

// CaseResult is one case replayed under one configuration.
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

	Noise         metrics.Noise `json:"noise"`
	CatalogTokens int           `json:"catalog_tokens"`
	// Variants holds the token cost and hidden gold parameters per variant
	// (same order as Report.Variants).
	Variants []CaseVariant `json:"variants"`

	// Parse is the transcript's parse, nil without a transcript.
	Parse *ParseResult `json:"parse,omitempty"`
	// Calls is the call check, nil without a transcript or gold calls.
	Calls *metrics.CallsResult `json:"calls,omitempty"`
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
	// Chunkings is how many chunkings were compared.
	Chunkings int `json:"chunkings"`
	// Disagreement describes the first difference between chunkings, ""
	// when they all agreed.
	Disagreement string `json:"disagreement,omitempty"`
}

// The failure causes beyond metrics.Cause.
const (
	// CauseParser: parsing the transcript in different chunkings gave
	// different events.
	CauseParser = "parser"
	// CauseError: the case could not be replayed.
	CauseError = "error"
)
