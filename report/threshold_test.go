package report

import (
	"testing"
)

// A threshold on a share (a rate, recall, noise…) over 1 could never fail
// (--max-drop recall=2, --min noise=5) or never pass: it is refused, while
// counts (tokens, parser failures) take any finite value ≥ 0.
func TestParseThresholdRange(t *testing.T) {
	for _, tc := range []struct {
		spec string
		ok   bool
	}{
		{"recall=1", true},
		{"recall=0", true},
		{"recall=1.5", false},
		{"noise=5", false},
		{"pass_rate=80", false},
		{"trajectory_success=2", false},
		{"wrong_argument_rate=1.01", false},
		{"injected_tokens=2500", true},
		{"noise_tokens=300", true},
		{"parser_failures=3", true},
		{"trajectory_injected_tokens=9000", true},
		{"recall=-0.1", false},
		{"recall=NaN", false},
		{"injected_tokens=Inf", false},
	} {
		_, err := ParseThreshold(tc.spec)
		if (err == nil) != tc.ok {
			t.Errorf("ParseThreshold(%q): err %v, want ok=%v", tc.spec, err, tc.ok)
		}
	}
}
