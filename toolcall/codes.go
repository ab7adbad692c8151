package toolcall

// Code is a stable, machine-readable class of a problem with a call.
// Scripts match on it. Every code of the project is declared here, once:
// what the parsers report about a stream, what catalog.Check reports
// about a call against its schema, and what the call checkers
// (metrics.CheckCalls and bfclcheck.Check) report against gold calls.
type Code string

// The error codes parsers report.
const (
	// CodeIncompleteCall: the stream ended inside a call. Partial holds
	// the arguments received so far; the call is never emitted complete.
	CodeIncompleteCall Code = "incomplete_call"
	// CodeInvalidJSON: a call's arguments are not valid JSON. Partial
	// holds their raw text when the parser has it (see Error.Partial).
	CodeInvalidJSON Code = "invalid_json"
	// CodeUnknownTool: the call names a tool the catalog lacks.
	CodeUnknownTool Code = "unknown_tool"
	// CodeInvalidToolName: the tool name is not a plausible name (for
	// example an unrendered template such as "{{ tc.name }}").
	CodeInvalidToolName Code = "invalid_tool_name"
	// CodeTooLarge: one call exceeded the configured byte cap.
	CodeTooLarge Code = "too_large"
	// CodeTooDeep: JSON nesting exceeded the configured depth.
	CodeTooDeep Code = "too_deep"
	// CodeInvalidEvent: a wire event of a native stream could not be
	// decoded (not JSON, wrong shape).
	CodeInvalidEvent Code = "invalid_event"
	// CodeArgsMismatch: a provider's authoritative final arguments
	// disagree with the concatenated deltas; the authoritative value wins.
	CodeArgsMismatch Code = "args_mismatch"
	// CodeProviderError: the provider sent an error event mid-stream.
	CodeProviderError Code = "provider_error"
	// CodeMalformedMarkup: broken protocol markup was recovered from.
	CodeMalformedMarkup Code = "malformed_markup"
	// CodeCallInReasoning: call markup met inside reasoning (the model
	// called before closing its reasoning). The call is read as a call,
	// ending the reasoning, unless ParseOptions.KeepCallsInReasoning
	// keeps it as reasoning text; either way the error marks where.
	CodeCallInReasoning Code = "call_in_reasoning"
	// CodeMissingCloser: the output ended after a complete call whose
	// closing token is missing (servers strip closers that are stop
	// strings: GLM's </tool_call>, harmony's <|call|>). The call is
	// emitted; a call cut inside a value is an incomplete_call instead.
	CodeMissingCloser Code = "missing_closer"
	// CodeRepairedValue: a value was not valid in its dialect's syntax,
	// but what it means is not in doubt (a zero-padded integer 07, a raw
	// newline inside a one-line Python string); it is read as meant and
	// the call emitted, as the serving stacks repair it. A warning, like
	// missing_closer: the call stands.
	CodeRepairedValue Code = "repaired_value"
)

// ParseCodes lists the codes the parsers report (the README lists them,
// checked by a test).
var ParseCodes = []Code{
	CodeIncompleteCall, CodeInvalidJSON, CodeUnknownTool, CodeInvalidToolName, CodeTooLarge, CodeTooDeep,
	CodeInvalidEvent, CodeArgsMismatch, CodeProviderError, CodeMalformedMarkup, CodeCallInReasoning, CodeMissingCloser,
	CodeRepairedValue,
}

// The codes of checks of a call's arguments, against its tool's schema
// (catalog.Check) or against gold calls (the call checkers).
const (
	// CodeMissingRequired: a parameter the tool's schema requires is absent.
	CodeMissingRequired Code = "missing_required"
	// CodeUnexpectedParam: a parameter the tool (or the gold answer) does
	// not have.
	CodeUnexpectedParam Code = "unexpected_param"
	// CodeTypeError: a value of the wrong type for the schema (an integer
	// is accepted for a number).
	CodeTypeError Code = "type_error"
	// CodeEnumError: a value outside the schema's enum (or const).
	CodeEnumError Code = "enum_error"
	// CodeSchemaError: any other schema violation (range, pattern, length,
	// item count, anyOf…).
	CodeSchemaError Code = "schema_error"
)

// The codes only the call checkers report, comparing with gold calls.
const (
	// CodeWrongCount: the output has a different number of calls than the
	// gold answer (including any call when no call is right).
	CodeWrongCount Code = "wrong_count"
	// CodeWrongFuncName: a call names another tool than the gold call.
	CodeWrongFuncName Code = "wrong_func_name"
	// CodeValueError: a value not among the allowed ones.
	CodeValueError Code = "value_error"
	// CodeMissingOptional: a parameter the gold answer needs (no "" among
	// its values) but the schema does not require is absent.
	CodeMissingOptional Code = "missing_optional"
	// CodeNotInjected: a step of a trajectory called a tool that had not
	// been injected into the prompt by then — the model used a tool it was
	// never shown. It is checked before every other class of a step.
	CodeNotInjected Code = "not_injected"
)

// CheckCodes lists the call checkers' failure classes in the order they
// check (the leaderboard's order), with invalid_json and incomplete_call
// from the parser ahead; a call's first failing check is its class.
var CheckCodes = []Code{
	CodeInvalidJSON, CodeIncompleteCall, CodeWrongCount, CodeWrongFuncName, CodeMissingRequired,
	CodeUnexpectedParam, CodeTypeError, CodeValueError, CodeMissingOptional,
}

// Rank is the position of c in CheckCodes (other codes last).
func (c Code) Rank() int {
	for i, k := range CheckCodes {
		if k == c {
			return i
		}
	}
	return len(CheckCodes)
}

// IsArgument reports whether c is about a call's arguments (rather than
// which tool was called or how many calls were made).
func (c Code) IsArgument() bool {
	switch c {
	case CodeMissingRequired, CodeUnexpectedParam, CodeTypeError, CodeValueError,
		CodeMissingOptional, CodeInvalidJSON, CodeIncompleteCall:
		return true
	}
	return false
}
