package report

import (
	"github.com/tooleval/tooleval/metrics"
)

// TrajectoryResult is a multi-step case replayed under one configuration:
// the injected set grows with the model's own searches (and later user
// turns), every step's calls are checked, and the trajectory passes when
// every step does.
type TrajectoryResult struct {
	Passed bool `json:"passed"`
	// FailedStep is the first failing step (1-based), 0 when none failed;
	// Cause and Code are that step's.
	FailedStep int    `json:"failed_step,omitempty"`
	Cause      string `json:"cause,omitempty"`
	Code       string `json:"code,omitempty"`
	// GoldSteps counts the steps with gold calls; StepsTaken the steps the
	// model took (with a transcript). StoppedEarly: a checked step was
	// never taken.
	GoldSteps    int  `json:"gold_steps"`
	StepsTaken   int  `json:"steps_taken"`
	StepsPassed  int  `json:"steps_passed"`
	StoppedEarly bool `json:"stopped_early,omitempty"`
	// Stop is why the recording ended (off_script, budget), if it said.
	Stop string `json:"stop,omitempty"`
	// Searches counts the model's calls to the search tool.
	Searches int `json:"searches"`
	// Needed counts the gold tools outside always_include; RecallFirst is
	// the share of them the first retrieval injected, RecallFinal the
	// share injected by the end of the trajectory (after the model's
	// searches and later user turns). Both 0 when Needed is 0.
	Needed      int     `json:"needed"`
	RecallFirst float64 `json:"recall_first"`
	RecallFinal float64 `json:"recall_final"`
	// MissedFirst lists the needed tools the first retrieval did not
	// inject; Recovered those of them the model's own searches surfaced.
	MissedFirst []string `json:"missed_first,omitempty"`
	Recovered   []string `json:"recovered,omitempty"`
	// InjectedTools, NoiseTools, InjectedTokens and NoiseTokens add up,
	// over the steps taken, what each step's prompt injected (tokens in the
	// first variant; 0 when not counted).
	InjectedTools  int `json:"injected_tools"`
	NoiseTools     int `json:"noise_tools"`
	InjectedTokens int `json:"injected_tokens"`
	NoiseTokens    int `json:"noise_tokens"`
	// Calls counts the calls made (searches not included); ToolCalls and
	// WrongArgCalls are the wrong-argument counts over all steps;
	// NotInjectedCalls the calls to tools never injected.
	Calls            int `json:"calls"`
	ToolCalls        int `json:"correct_tool_calls"`
	WrongArgCalls    int `json:"wrong_argument_calls"`
	NotInjectedCalls int `json:"not_injected_calls"`
	// ParserFailures counts steps whose parses disagreed across chunkings.
	ParserFailures int `json:"parser_failures"`
	// Pooled is the verdict on all the steps' calls pooled, under a pooled
	// trajectory mode (unordered, subset, superset); nil under strict,
	// where each step has its own.
	Pooled *metrics.CallsResult `json:"pooled,omitempty"`
	Steps  []StepResult         `json:"steps"`
}

// StepResult is one step of a trajectory.
type StepResult struct {
	Step int `json:"step"`
	// Taken: the model took the step (it has a transcript).
	Taken  bool `json:"taken"`
	Passed bool `json:"passed"`
	// Checked: the step has gold calls.
	Checked bool   `json:"checked"`
	Cause   string `json:"cause,omitempty"`
	Code    string `json:"code,omitempty"`
	// Added lists the tools injected before this step beyond the previous
	// step's set (by the previous step's searches or this step's user
	// message); Injected is the number of tools in the prompt at the step.
	Added    []string `json:"added,omitempty"`
	Injected int      `json:"injected"`
	// NotInjected lists tools the step called that were not injected.
	NotInjected []string `json:"not_injected,omitempty"`
	// Searches are the step's calls to the search tool; their tools are
	// injected from the next step on.
	Searches []Search             `json:"searches,omitempty"`
	Parse    *ParseResult         `json:"parse,omitempty"`
	Calls    *metrics.CallsResult `json:"calls,omitempty"`
	Latency  *Latency             `json:"latency,omitempty"`
	Stop     string               `json:"stop,omitempty"`
}

// Search is one call to the search tool, run as a retrieval.
type Search struct {
	Query string `json:"query"`
	// Found are the tools it retrieved (top k); New those not injected
	// before.
	Found []string `json:"found"`
	New   []string `json:"new,omitempty"`
	// Error says why the call could not be run (no query argument).
	Error string `json:"error,omitempty"`
}
