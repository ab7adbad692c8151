package metrics

import (
	"slices"
	"testing"
)

func TestNotInjected(t *testing.T) {
	injected := func(n string) bool { return n == "a" || n == "b" }
	for _, tc := range []struct {
		calls []string
		want  []string
	}{
		{nil, nil},
		{[]string{"a", "b"}, nil},
		{[]string{"x", "a", "x", "search_tools", "y"}, []string{"x", "y"}},
	} {
		if got := NotInjected(tc.calls, injected, "search_tools"); !slices.Equal(got, tc.want) {
			t.Errorf("NotInjected(%v) = %v, want %v", tc.calls, got, tc.want)
		}
	}
}

func TestAttributeStep(t *testing.T) {
	wrongArgs := &CallsResult{SelectionOK: true}
	wrongTool := &CallsResult{}
	for _, tc := range []struct {
		name                               string
		goldInjected, searched, notInjectd bool
		calls                              *CallsResult
		want                               Cause
	}{
		{"gold missing, no search", false, false, true, wrongTool, CauseRetrievalMiss},
		{"gold missing after a search", false, true, false, wrongTool, CauseSearchQuery},
		{"guessed tool while gold was shown", true, false, true, &CallsResult{Correct: true}, CauseSelection},
		{"wrong tool", true, true, false, wrongTool, CauseSelection},
		{"wrong arguments", true, false, false, wrongArgs, CauseArguments},
		{"unchecked and fine", true, false, false, nil, ""},
	} {
		if got := AttributeStep(tc.goldInjected, tc.searched, tc.notInjectd, tc.calls); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
