package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
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

// tricky are reports whose strings and map keys hold what WriteJSON
// splits the JSON at.
func tricky() []struct {
	name string
	rep  *Report
} {
	settings := retrieval.Config{K: 5,
		Weights:   map[string]float64{"results": 1, "configs": 2},
		Additions: map[string]string{`"results":null,"flaky":`: `"configs":null`, "results": "null"}}
	result := func(id string) *CaseResult {
		return &CaseResult{ID: id, Line: 3, Passed: true, Injected: []string{"a<b>", "results"}, Variants: []CaseVariant{{Variant: "retrieved"}},
			Error: `"results":null,"flaky":[] & "configs":null`}
	}
	cfg := func(name string, results []*CaseResult) *ConfigResult {
		return &ConfigResult{Config: Config{Name: name, K: 5, Weights: `"results":null,"flaky":`, Settings: settings, Key: "k"},
			Groups: []Group{{Name: "tag:results"}}, Results: results, Flaky: []FlakyCase{{ID: `"flaky":`}}}
	}
	return []struct {
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
}

func TestWriteJSONStreamsTheSameBytes(t *testing.T) {
	for _, c := range tricky() {
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

// decodeWhole decodes a report's JSON at once, as ReadJSON did before it
// streamed.
func decodeWhole(t *testing.T, b []byte) *Report {
	t.Helper()
	var rep Report
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	return &rep
}

func TestReadJSONReadsWhatWriteJSONWrote(t *testing.T) {
	for _, c := range tricky() {
		if len(c.rep.Configs) == 0 {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteJSON(&b, c.rep); err != nil {
				t.Fatal(err)
			}
			got, err := ReadJSON(bytes.NewReader(b.Bytes()), "r.json")
			if err != nil {
				t.Fatal(err)
			}
			if want := decodeWhole(t, b.Bytes()); !reflect.DeepEqual(got, want) {
				t.Errorf("read back:\n got %+v\nwant %+v", got, want)
			}
			var again bytes.Buffer
			if err := WriteJSON(&again, got); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again.Bytes(), b.Bytes()) {
				t.Errorf("written again:\n got %s\nwant %s", again.Bytes(), b.Bytes())
			}
		})
	}
}

// TestReadJSONHasNoWholeReportCap: a report many times the record cap is
// read back, record by record.
func TestReadJSONHasNoWholeReportCap(t *testing.T) {
	defer func(old int64) { maxRecordBytes = old }(maxRecordBytes)
	maxRecordBytes = 4000
	results := make([]*CaseResult, 2000)
	for i := range results {
		results[i] = &CaseResult{ID: fmt.Sprintf("case-%d", i), Injected: []string{"search", "fetch"}, Variants: []CaseVariant{{Variant: "retrieved"}}}
	}
	rep := &Report{Suite: "s", Cases: len(results), Configs: []*ConfigResult{{Config: Config{Name: "k=5"}, Results: results}}}
	var b bytes.Buffer
	if err := WriteJSON(&b, rep); err != nil {
		t.Fatal(err)
	}
	if b.Len() < 100*int(maxRecordBytes) {
		t.Fatalf("the report is %d bytes, want more than 100 records' cap", b.Len())
	}
	got, err := ReadJSON(&b, "big.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Configs[0].Results) != len(results) || got.Configs[0].Results[1999].ID != "case-1999" {
		t.Errorf("read back %d results", len(got.Configs[0].Results))
	}
}

// endless is a report that never ends: prefix, then the byte fill forever.
type endless struct {
	prefix string
	fill   byte
	read   int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := copy(p, e.prefix)
	e.prefix = e.prefix[n:]
	for i := n; i < len(p); i++ {
		p[i] = e.fill
	}
	e.read += int64(len(p))
	return len(p), nil
}

func TestReadJSONRefusesARecordOverTheCap(t *testing.T) {
	defer func(old int64) { maxRecordBytes = old }(maxRecordBytes)
	maxRecordBytes = 1 << 16
	cases := []struct {
		name, prefix string
		fill         byte
		want         string
	}{
		{"endless header string", `{"suite":"`, 'x', "the report suite, from byte 9: over the 65536-byte cap"},
		{"endless case result", `{"suite":"s","configs":[{"config":{"name":"k=5"},"results":[{"id":"a"},{"id":"`, 'x', "configuration 1, case result 2, from byte"},
		{"endless whitespace in a result", `{"configs":[{"results":[{"id":"a",`, ' ', "configuration 1, case result 1, from byte"},
		{"endless configuration fields", `{"configs":[{` + strings.Repeat(`"note":"`+strings.Repeat("x", 1000)+`",`, 100), ' ', "configuration 1: its fields are over the 65536-byte cap"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := &endless{prefix: c.prefix, fill: c.fill}
			_, err := ReadJSON(src, "r.json")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
			if src.read > int64(len(c.prefix))+4*maxRecordBytes {
				t.Errorf("read %d bytes before refusing, want about the cap", src.read)
			}
		})
	}
}

func TestReadJSONRefusesTooManyConfigurations(t *testing.T) {
	b := []byte(`{"configs":[` + strings.Repeat(`{"results":[]},`, MaxConfigs) + `{"results":[]}]}`)
	if _, err := ReadJSON(bytes.NewReader(b), "r.json"); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d configurations", MaxConfigs)) {
		t.Fatalf("got %v", err)
	}
}

func TestReadJSONRefusesWhatIsNotAReport(t *testing.T) {
	for _, in := range []string{``, `null`, `[]`, `{}`, `{"configs":null}`, `{"configs":[]}`, `{"configs":{}}`, `{"configs":[{"results":{}}]}`,
		`{"configs":[{"results":[{"id":5}]}]}`, `{"configs":[{"results":[`, `{"cases":"x","configs":[{}]}`} {
		if rep, err := ReadJSON(strings.NewReader(in), "r.json"); err == nil || !strings.Contains(err.Error(), "r.json: not a replay --json report") {
			t.Errorf("%s: got %+v, %v; want an error", in, rep, err)
		}
	}
}
