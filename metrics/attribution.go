package metrics

// Cause says why a case failed.
type Cause string

// The failure causes, in the order they are assigned.
const (
	// CauseRetrievalMiss: a gold tool was not injected into the prompt.
	CauseRetrievalMiss Cause = "retrieval_miss"
	// CauseSelection: every gold tool was injected but the output called
	// other tools, another number of calls, or none.
	CauseSelection Cause = "selection"
	// CauseArguments: the right tools were called with wrong arguments
	// (including arguments that were not valid JSON or were cut off).
	CauseArguments Cause = "arguments"
)

// Attribute names the cause of a failed case, or "" when it passed.
// allInjected says whether every gold tool was injected; calls is the call
// verdict, nil when the case has no transcript or no gold calls.
func Attribute(allInjected bool, calls *CallsResult) Cause {
	switch {
	case !allInjected:
		return CauseRetrievalMiss
	case calls == nil || calls.Correct:
		return ""
	case !calls.SelectionOK:
		return CauseSelection
	default:
		return CauseArguments
	}
}
