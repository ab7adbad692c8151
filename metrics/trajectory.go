package metrics

import "slices"

// CauseSearchQuery: a gold tool of the failing step was not injected, and
// the model had searched the tool corpus again but its queries did not
// surface it. (Without any search the cause is CauseRetrievalMiss.)
const CauseSearchQuery Cause = "search_query"

// NotInjected lists the names of the calls whose tool is not among
// injected, in call order, each once; skip names tools that are always
// available (the search tool).
func NotInjected(calls []string, injected func(string) bool, skip string) []string {
	var out []string
	for _, name := range calls {
		if name == skip || injected(name) || slices.Contains(out, name) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// AttributeStep names the cause of a failed trajectory step, or "" when
// it passed. goldInjected says whether every tool the step's gold calls
// use had been injected by the step; searched whether the model had
// searched the tool corpus before it; notInjected whether the step called
// a tool never injected; calls is the step's call verdict (nil: not
// checked).
func AttributeStep(goldInjected, searched, notInjected bool, calls *CallsResult) Cause {
	switch {
	case !goldInjected && searched:
		return CauseSearchQuery
	case !goldInjected:
		return CauseRetrievalMiss
	case notInjected:
		return CauseSelection
	}
	return Attribute(true, calls)
}
