package replay

import (
	"bytes"
	"github.com/tooleval/tooleval/render"
	"github.com/tooleval/tooleval/report"
	"strings"
	"testing"
)

// Hostile case ids and configuration names reach no printer as they are:
// a carriage return cannot end a Markdown table and start a heading or a
// link, and an escape sequence cannot reach the terminal, in the tables or
// in the gate's messages (which quote ids).
func TestPrintersEscapeControls(t *testing.T) {
	const (
		mdID   = "x\r## heading\r[phish](javascript:alert(1))"
		termID = "y\u001b[2J\u001b]0;pwned\u0007"
	)
	s := loadTestSuite(t)
	base := runTest(t, s, Options{Ks: []int{5}})
	rep := runTest(t, s, Options{Ks: []int{5}})
	c := rep.Configs[0]
	c.Config.Name = "k=5\u001b[31m"
	n := 0
	for _, r := range c.Results {
		if !r.Passed && n < 2 {
			r.ID = []string{mdID, termID}[n]
			n++
		}
	}
	if n < 2 {
		t.Fatalf("the test suite has %d failed cases, want 2", n)
	}
	report.Gate{Min: []report.Threshold{{Metric: "pass_rate", Value: 0.9}}}.Check(rep, base)
	var table, md bytes.Buffer
	if err := render.WriteTable(&table, rep, 10); err != nil {
		t.Fatal(err)
	}
	if err := render.WriteMarkdown(&md, rep, 10); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"table": table.String(), "markdown": md.String()} {
		for i := 0; i < len(out); i++ {
			if b := out[i]; b < 0x20 && b != '\n' || b == 0x7f {
				t.Errorf("%s holds control byte %#x at %d: %q", name, b, i, out[max(0, i-20):min(len(out), i+20)])
				break
			}
		}
		if !strings.Contains(out, `pwned\a`) || !strings.Contains(out, `\x1b[2J`) && !strings.Contains(out, `\x1b\[2J`) {
			t.Errorf("%s does not show the escaped id:\n%s", name, out)
		}
	}
	for _, line := range strings.Split(md.String(), "\n") {
		if strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "## tooleval replay") && !strings.HasPrefix(line, "### ") {
			t.Errorf("Markdown has an injected heading: %q", line)
		}
	}
	if strings.Contains(md.String(), "[phish]") {
		t.Errorf("Markdown has an injected link:\n%s", md.String())
	}
	for _, want := range []string{`x\r## heading\r\[phish\](javascript:alert(1))`, "not in the baseline: " + `x\r## heading\r\[phish\]`} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md.String())
		}
	}
}
