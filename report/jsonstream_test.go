package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/retrieval"
)

// wholeJSON is the JSON of the report encoded whole, as WriteJSON wrote it
// before it streamed.
func wholeJSON(t *testing.T, rep *Report) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rep); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestWriteJSONStreamsTheSameBytes(t *testing.T) {
	tricky := retrieval.Config{K: 5,
		Weights:   map[string]float64{"results": 1, "configs": 2},
		Additions: map[string]string{`"results":null,"flaky":`: `"configs":null`, "results": "null"}}
	result := func(id string) *CaseResult {
		return &CaseResult{ID: id, Line: 3, Passed: true, Injected: []string{"a<b>", "results"}, Variants: []CaseVariant{{Variant: "retrieved"}},
			Error: `"results":null,"flaky":[] & "configs":null`}
	}
	cfg := func(name string, results []*CaseResult) *ConfigResult {
		return &ConfigResult{Config: Config{Name: name, K: 5, Weights: `"results":null,"flaky":`, Settings: tricky, Key: "k"},
			Groups: []Group{{Name: "tag:results"}}, Results: results, Flaky: []FlakyCase{{ID: `"flaky":`}}}
	}
	cases := []struct {
		name string
		rep  *Report
	}{
		{"no configs", &Report{Suite: "s"}},
		{"empty configs", &Report{Suite: `"configs":null`, Configs: []*ConfigResult{}}},
		{"nil config", &Report{Suite: "s", Configs: []*ConfigResult{nil}}},
		{"nil and empty results", &Report{Suite: "s", Configs: []*ConfigResult{cfg("a", nil), cfg("b", []*CaseResult{})}}},
		{"nil result", &Report{Suite: "s", Configs: []*ConfigResult{cfg("a", []*CaseResult{nil, result("x")})}}},
		{"fields after configs", &Report{Suite: "s", Filter: []string{`"configs":null`}, Variants: []string{"retrieved"},
			Configs:    []*ConfigResult{cfg("k=5", []*CaseResult{result("a"), result(`"results":null,"flaky":`)}), cfg("k=3", []*CaseResult{result("b")})},
			Comparison: &Comparison{}, Verdict: &Verdict{Passed: true}, Repair: []string{"configs"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got bytes.Buffer
			if err := WriteJSON(&got, c.rep); err != nil {
				t.Fatal(err)
			}
			if want := wholeJSON(t, c.rep); !bytes.Equal(got.Bytes(), want) {
				t.Errorf("streamed JSON differs from the whole report's:\n got %s\nwant %s", got.Bytes(), want)
			}
		})
	}
}

// TestWriteJSONNamesARecordOverTheCap: a case result the reader would
// refuse is not written; the error names the configuration and the case.
func TestWriteJSONNamesARecordOverTheCap(t *testing.T) {
	defer func(old int64) { maxRecordBytes = old }(maxRecordBytes)
	maxRecordBytes = 3000
	rep := &Report{Suite: "s", Configs: []*ConfigResult{{Config: Config{Name: "k=5"}, Results: []*CaseResult{
		{ID: "small"}, {ID: "big", Error: strings.Repeat("x", 4000)}}}}}
	err := WriteJSON(&bytes.Buffer{}, rep)
	if err == nil || !strings.Contains(err.Error(), "configuration k=5, case big") || !strings.Contains(err.Error(), "over the 3000-byte cap") {
		t.Fatalf("got %v, want an error naming case big and the cap", err)
	}
}
