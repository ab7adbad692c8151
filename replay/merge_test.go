package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
	"strings"
	"testing"
)

func reportJSON(t testing.TB, rep *report.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteJSON(&b, rep); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// readBack decodes a report as `tooleval merge` reads a shard file.
func readBack(t testing.TB, s string) *report.Report {
	t.Helper()
	rep, err := report.ReadJSON(strings.NewReader(s), "shard.json")
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// mergeShards replays s in n shards, given to the merge last shard first
// (their order does not matter), each read back from its JSON as
// `tooleval merge` reads it, and returns the merge.
func mergeShards(t testing.TB, s *suite.Suite, opts Options, n int) *report.Report {
	t.Helper()
	var shards []*report.Report
	for i := n; i >= 1; i-- {
		o := opts
		o.Shard, o.Shards = i, n
		shards = append(shards, readBack(t, reportJSON(t, runTest(t, s, o))))
	}
	merged, err := report.Merge(shards)
	if err != nil {
		t.Fatalf("%d shards: %v", n, err)
	}
	return merged
}

// TestMergeShardsIsTheWholeRun: for the embedded suite and n = 1…7, the
// merge of the n shard reports (read back from their JSON, given in any
// order) is byte for byte the JSON of the unsharded run (token counts,
// trajectories and streaming latency included), and gates the same.
func TestMergeShardsIsTheWholeRun(t *testing.T) {
	s, err := suite.LoadExamples()
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Ks: []int{1, 5}, Variants: []string{"names"}, Encoding: "o200k_base", RandomChunkings: -1}
	whole := runTest(t, s, opts)
	want := reportJSON(t, whole)
	if whole.Configs[0].Metrics.Latency.FirstCall.P50 == nil {
		t.Fatal("the embedded suite should measure streaming latency")
	}
	if whole.Configs[0].Metrics.ZeroMatch == 0 {
		t.Fatal("the embedded suite should have a zero-match query, so that merging shows zero_match sums")
	}
	gate := report.Gate{Min: []report.Threshold{{Metric: "recall", Value: 0.99}, {Metric: "call_accuracy", Value: 0.1}}}
	wantVerdict := gate.Check(whole, nil)
	for n := 1; n <= 7; n++ {
		var shards []*report.Report
		for i := n; i >= 1; i-- { // reverse order: merge must not care
			o := opts
			o.Shard, o.Shards = i, n
			shards = append(shards, readBack(t, reportJSON(t, runTest(t, s, o))))
		}
		merged, err := report.Merge(shards)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if got := reportJSON(t, merged); got != want {
			i := firstDiff(got, want)
			t.Fatalf("n=%d: merged JSON differs from the whole run at byte %d:\n%s\n%s", n, i, got[max(0, i-200):min(len(got), i+100)], want[max(0, i-200):min(len(want), i+100)])
		}
		v := gate.Check(merged, nil)
		if fmt.Sprint(v) != fmt.Sprint(wantVerdict) {
			t.Fatalf("n=%d: verdict %+v, whole run %+v", n, v, wantVerdict)
		}
	}
}

func firstDiff(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func TestMergeErrors(t *testing.T) {
	s := loadTestSuite(t)
	shard := func(i, n int, o Options) *report.Report {
		o.Shard, o.Shards = i, n
		o.Ks = []int{3}
		return runTest(t, s, o)
	}
	whole := runTest(t, s, Options{Ks: []int{3}})
	for _, tc := range []struct {
		name   string
		shards []*report.Report
		want   string
	}{
		{"none", nil, "no report"},
		{"missing shard", []*report.Report{shard(1, 3, Options{}), shard(3, 3, Options{})}, "missing 1 shard: 2/3"},
		{"twice", []*report.Report{shard(1, 2, Options{}), shard(1, 2, Options{})}, "shard 1/2 is given twice"},
		{"other n", []*report.Report{shard(1, 2, Options{}), shard(2, 3, Options{})}, "report 2 is shard 2/3"},
		{"not a shard", []*report.Report{shard(1, 2, Options{}), whole}, "report 2 is not a shard"},
		{"other seed", []*report.Report{shard(1, 2, Options{}), shard(2, 2, Options{Seed: 9})}, "seed 9, not 1"},
		{"other k", []*report.Report{shard(1, 2, Options{}), func() *report.Report { o := Options{Shard: 2, Shards: 2, Ks: []int{4}}; return runTest(t, s, o) }()}, "configuration 1 is"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := report.Merge(tc.shards)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
	// One unsharded report merges to itself.
	got, err := report.Merge([]*report.Report{whole})
	if err != nil || reportJSON(t, got) != reportJSON(t, whole) {
		t.Fatalf("single report: %v", err)
	}
}

func TestSumIsExact(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want report.Sum
	}{{"0", 0}, {"1", report.SumScale}, {"5.333333333", 5333333333}, {"-0.5", -report.SumScale / 2}, {"12.000000001", 12000000001}} {
		var s report.Sum
		if err := json.Unmarshal([]byte(tc.in), &s); err != nil || s != tc.want {
			t.Errorf("%s: %d %v", tc.in, s, err)
		}
		if b, _ := json.Marshal(s); string(b) != tc.in {
			t.Errorf("%s marshals to %s", tc.in, b)
		}
	}
	for _, bad := range []string{"1e3", "0.1234567891", `"1"`, "x", "", ".5"} {
		var s report.Sum
		if err := json.Unmarshal([]byte(bad), &s); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// Order does not matter.
	a := report.SumOf(1.0/3) + report.SumOf(2.0/3) + report.SumOf(0.1)
	b := report.SumOf(0.1) + report.SumOf(2.0/3) + report.SumOf(1.0/3)
	if a != b {
		t.Fatal("sums depend on order")
	}
}
