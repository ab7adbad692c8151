package suite

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// TestExamplesReadmeCounts: the counts the examples' README states in prose
// (cases, English and Chinese cases) are those of the embedded suite.
func TestExamplesReadmeCounts(t *testing.T) {
	s, err := LoadExamples()
	if err != nil {
		t.Fatal(err)
	}
	langs := map[string]int{}
	for _, c := range s.Cases {
		langs[c.Lang]++
	}
	b, err := os.ReadFile("examples/README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		re   string
		want int
	}{
		{`suite\.jsonl` + "`" + ` \((\d+) cases`, len(s.Cases)},
		{`Overall\s+there are (\d+) English`, langs["en"]},
		{`English and (\d+) Chinese cases`, langs["zh"]},
	} {
		m := regexp.MustCompile(tc.re).FindSubmatch(b)
		if m == nil {
			t.Fatalf("examples/README.md has no match for %s", tc.re)
		}
		if n, _ := strconv.Atoi(string(m[1])); n != tc.want {
			t.Errorf("examples/README.md says %d for %s; the suite has %d", n, tc.re, tc.want)
		}
	}
}
