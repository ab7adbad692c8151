package replay

import (
	"encoding/json"
	"fmt"
	"github.com/tooleval/tooleval/report"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// honestShards replays the test suite in n shards and returns their JSON
// and the JSON of the unsharded run.
func honestShards(t *testing.T, n int) ([]string, string) {
	t.Helper()
	s := loadTestSuite(t)
	opts := Options{Ks: []int{3}, Variants: []string{"names", "detailed"}, Encoding: "o200k_base"}
	var out []string
	for i := 1; i <= n; i++ {
		o := opts
		o.Shard, o.Shards = i, n
		out = append(out, reportJSON(t, runTest(t, s, o)))
	}
	return out, reportJSON(t, runTest(t, s, opts))
}

// mergeJSON reads shard JSON as `tooleval merge` does and merges it.
func mergeJSON(shards []string) (*report.Report, error) {
	var reps []*report.Report
	for i, s := range shards {
		r, err := report.ReadJSON(strings.NewReader(s), fmt.Sprintf("shard-%d.json", i+1))
		if err != nil {
			return nil, err
		}
		reps = append(reps, r)
	}
	return report.Merge(reps)
}

// setPath sets the value at a path of a decoded JSON document.
func setPath(doc any, path []any, v any) {
	for i, p := range path {
		last := i == len(path)-1
		switch k := p.(type) {
		case string:
			m := doc.(map[string]any)
			if last {
				m[k] = v
				return
			}
			doc = m[k]
		case int:
			a := doc.([]any)
			if last {
				a[k] = v
				return
			}
			doc = a[k]
		}
	}
}

// leaves lists the paths of every number and string in doc.
func leaves(doc any, path []any, out *[][]any) {
	switch d := doc.(type) {
	case map[string]any:
		keys := make([]string, 0, len(d))
		for k := range d {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			leaves(d[k], append(path[:len(path):len(path)], k), out)
		}
	case []any:
		for i, v := range d {
			leaves(v, append(path[:len(path):len(path)], i), out)
		}
	case float64, string:
		*out = append(*out, path)
	}
}

// inResults reports whether a path is inside a case result.
func inResults(path []any) bool {
	for _, p := range path {
		if p == "results" {
			return true
		}
	}
	return false
}

// TestMergeTamperProperty: tampering with a shard's statistics, its
// metadata (shard, suite hash, seed, encoding, variants, configuration
// settings and keys, case counts) or giving a case result an impossible
// value (negative, huge, a rate over 1) is either rejected by merge or
// leaves the merged report byte for byte the honest one. (A case result
// changed to another possible value cannot be told from an honest one
// without replaying the case; that is out of this property.)
func TestMergeTamperProperty(t *testing.T) {
	const n = 3
	shards, want := honestShards(t, n)
	if got, err := mergeJSON(shards); err != nil || reportJSON(t, got) != want {
		t.Fatalf("honest shards do not merge to the whole run: %v", err)
	}
	rng := rand.New(rand.NewPCG(23, 4))
	numbers := []float64{-1, 0, 1, 2, 0.5, 497.9, 1e300, -9.223372036854776e18, 9.223372036854776e18, 4294967296}
	strs := []string{"", "x", "1/9223372036854775807", "2/3", "1/1", "sha256:0000", "none", "k=3"}
	rejected, same := 0, 0
	for iter := range 400 {
		si := rng.IntN(n)
		var doc any
		if err := json.Unmarshal([]byte(shards[si]), &doc); err != nil {
			t.Fatal(err)
		}
		var all [][]any
		leaves(doc, nil, &all)
		path := all[rng.IntN(len(all))]
		var v any
		switch old := mustGet(doc, path).(type) {
		case float64:
			v = numbers[rng.IntN(len(numbers))]
			if inResults(path) {
				// Only values impossible in every field of a case result
				// (-1 is "none" in index fields).
				v = []float64{-2, -9.223372036854776e18, 1e300}[rng.IntN(3)]
			}
			if v == old {
				continue
			}
		case string:
			if inResults(path) {
				continue
			}
			v = strs[rng.IntN(len(strs))]
			if v == old {
				continue
			}
		}
		setPath(doc, path, v)
		b, _ := json.Marshal(doc)
		tampered := append([]string(nil), shards...)
		tampered[si] = string(b)
		merged, err := mergeJSON(tampered)
		if err != nil {
			rejected++
			continue
		}
		// Decoding a shard into a map re-orders the keys of call
		// arguments: compare canonical forms.
		if got := canonical(t, reportJSON(t, merged)); got != canonical(t, want) {
			want := canonical(t, want)
			i := firstDiff(got, want)
			t.Fatalf("iteration %d: shard %d with %v = %v merged without error into a different report at byte %d:\n%s\nhonest:\n%s",
				iter, si+1, path, v, i, got[max(0, i-150):min(len(got), i+100)], want[max(0, i-150):min(len(want), i+100)])
		}
		same++
	}
	t.Logf("%d tamperings rejected, %d merged to the honest report", rejected, same)
}

func canonical(t *testing.T, s string) string {
	var doc any
	if err := json.Unmarshal([]byte(s), &doc); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(doc)
	return string(b)
}

func mustGet(doc any, path []any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			doc = doc.(map[string]any)[k]
		case int:
			doc = doc.([]any)[k]
		}
	}
	return doc
}

// The tamperings of issue 23, each rejected with a message that says why.
func TestMergeRejectsTampering(t *testing.T) {
	shards, _ := honestShards(t, 2)
	edit := func(s string, f func(doc map[string]any)) string {
		var doc map[string]any
		if err := json.Unmarshal([]byte(s), &doc); err != nil {
			t.Fatal(err)
		}
		f(doc)
		b, _ := json.Marshal(doc)
		return string(b)
	}
	metricsOf := func(doc map[string]any) map[string]any {
		return doc["configs"].([]any)[0].(map[string]any)["metrics"].(map[string]any)
	}
	for _, tc := range []struct {
		name string
		f    func(doc map[string]any)
		want string
	}{
		{"overflowing counts", func(d map[string]any) {
			metricsOf(d)["cases"], metricsOf(d)["passed"] = json.Number("9223372036854775807"), json.Number("9223372036854775807")
		}, "disagree with its case results"},
		{"aggregate disagrees", func(d map[string]any) { metricsOf(d)["passed"] = 0.0 }, "disagree with its case results"},
		{"negative wrong_argument_calls", func(d map[string]any) { metricsOf(d)["wrong_argument_calls"] = -50.0 }, "disagree with its case results"},
		{"inflated recall_sum", func(d map[string]any) { metricsOf(d)["recall_sum"] = 497.9 }, "disagree with its case results"},
		{"impossible case recall", func(d map[string]any) {
			d["configs"].([]any)[0].(map[string]any)["results"].([]any)[0].(map[string]any)["recall"] = 497.9
		}, "recall 497.9 is not between 0 and 1"},
		{"other suite version", func(d map[string]any) { d["suite_hash"] = "sha256:0000" }, "suite_hash"},
		{"no suite hash", func(d map[string]any) { delete(d, "suite_hash") }, "suite_hash"},
		{"huge shard count", func(d map[string]any) { d["shard"] = "1/9223372036854775807" }, "at most"},
		{"other settings, same key", func(d map[string]any) {
			d["configs"].([]any)[0].(map[string]any)["config"].(map[string]any)["settings"].(map[string]any)["k1"] = 3.0
		}, "settings do not match its key"},
		{"case count", func(d map[string]any) { d["cases"] = 1e6 }, "cases"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tampered := []string{edit(shards[0], tc.f), shards[1]}
			_, err := mergeJSON(tampered)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}
