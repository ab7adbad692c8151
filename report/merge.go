package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/tooleval/tooleval/prompt"
	"io"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Merge combines the reports of the shards of one run (`replay --shard
// i/n`, every i from 1 to n exactly once, in any order) into the report
// the unsharded run gives: the same case results in suite order and the
// same aggregates, because aggregates are merged from their sufficient
// statistics (counts, exact sums, sample lists), never from averages. A
// single unsharded report is returned as it is. Comparison and Verdict
// are dropped: gate the merged report again.
func Merge(shards []*Report) (*Report, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("no report to merge")
	}
	first := shards[0]
	if len(shards) == 1 && first.Shard == "" {
		if err := checkShard(first); err != nil {
			return nil, fmt.Errorf("report 1: %v", err)
		}
		out := *first
		out.Comparison, out.Verdict = nil, nil
		return &out, nil
	}
	n := 0
	have := map[int]bool{}
	for si, r := range shards {
		if r.Shard == "" {
			return nil, fmt.Errorf("report %d is not a shard (no \"shard\"); merge takes the reports of replay --shard i/n", si+1)
		}
		i, m, err := ParseShard(r.Shard)
		if err != nil {
			return nil, fmt.Errorf("report %d: %v", si+1, err)
		}
		if n == 0 {
			n = m
		}
		if m != n {
			return nil, fmt.Errorf("report %d is shard %s, report 1 is of %d shards", si+1, r.Shard, n)
		}
		if have[i] {
			return nil, fmt.Errorf("shard %d/%d is given twice", i, n)
		}
		have[i] = true
		if err := sameRun(first, r); err != nil {
			return nil, fmt.Errorf("report %d (shard %s) is not from the same run as report 1: %v", si+1, r.Shard, err)
		}
		if err := checkShard(r); err != nil {
			return nil, fmt.Errorf("report %d (shard %s): %v", si+1, r.Shard, err)
		}
	}
	if len(shards) > n {
		return nil, fmt.Errorf("%d reports for %d shards", len(shards), n)
	}
	var missing []string
	for i := 1; i <= n; i++ {
		if !have[i] {
			missing = append(missing, fmt.Sprintf("%d/%d", i, n))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing %s: %s", Plural(len(missing), "shard"), strings.Join(missing, ", "))
	}

	// Every aggregate is computed again from the case results, in suite
	// order, exactly as the unsharded run computes it: a shard's own
	// statistics were checked against its results and are not used.
	out := &Report{Suite: first.Suite, SuiteHash: first.SuiteHash, Filter: first.Filter, Repair: first.Repair, Seed: first.Seed, Encoding: first.Encoding,
		Variants: first.Variants, Counting: first.Counting}
	tokens := first.Encoding != prompt.EncodingNone
	for ci, fc := range first.Configs {
		cr := &ConfigResult{Config: fc.Config, Results: []*CaseResult{}}
		seen := map[string]int{}
		for si, r := range shards {
			for _, res := range r.Configs[ci].Results {
				if sj, dup := seen[res.ID]; dup {
					return nil, fmt.Errorf("case %q is in report %d and report %d", res.ID, sj+1, si+1)
				}
				seen[res.ID] = si
				cr.Results = append(cr.Results, res)
			}
		}
		sort.SliceStable(cr.Results, func(i, j int) bool { return cr.Results[i].Line < cr.Results[j].Line })
		cr.Summarise(first.Variants, tokens)
		out.Configs = append(out.Configs, cr)
		out.Cases = len(cr.Results)
	}
	return out, nil
}

// Summarise computes the aggregates of a configuration from its results:
// what a run does and what merge does again, so both give the same.
func (cr *ConfigResult) Summarise(variants []string, tokens bool) {
	cr.Metrics = Summarise(cr.Results, tokens)
	cr.Variants = SummariseVariants(variants, cr.Results, tokens)
	cr.Groups = SummariseGroups(cr.Results, tokens)
	cr.Flaky = FlakyCases(cr.Results)
}

// checkShard checks what a shard report says against itself: it names a
// suite version, its configurations' keys are the hashes of their
// settings, its case count is its results', no case result holds an
// impossible value, and every aggregate is what its case results give.
func checkShard(r *Report) error {
	if r.SuiteHash == "" {
		return fmt.Errorf("no suite_hash: made by an older tooleval, or edited; replay the shard again")
	}
	got, _ := json.Marshal(r.Counting)
	want, _ := json.Marshal(CountingFor(r.Variants, r.Encoding))
	if !bytes.Equal(got, want) {
		return fmt.Errorf("its counting does not match its variants and encoding")
	}
	tokens := r.Encoding != prompt.EncodingNone
	for _, c := range r.Configs {
		if ConfigKeyOf(c.Config.Settings, c.Config.Strategy) != c.Config.Key || c.Config.Settings.K != c.Config.K {
			return fmt.Errorf("configuration %s: its settings do not match its key", c.Config.Name)
		}
		if len(c.Results) != r.Cases {
			return fmt.Errorf("configuration %s has %d case results, the report says %d cases", c.Config.Name, len(c.Results), r.Cases)
		}
		for _, res := range c.Results {
			if err := checkResult(res); err != nil {
				return fmt.Errorf("configuration %s, case %q (line %d): %v", c.Config.Name, res.ID, res.Line, err)
			}
		}
		again := &ConfigResult{Results: c.Results}
		again.Summarise(r.Variants, tokens)
		for _, part := range []struct {
			name      string
			got, want any
		}{{"metrics", c.Metrics, again.Metrics}, {"variants", c.Variants, again.Variants}, {"groups", c.Groups, again.Groups}, {"flaky", c.Flaky, again.Flaky}} {
			got, _ := json.Marshal(part.got)
			want, _ := json.Marshal(part.want)
			if !bytes.Equal(got, want) {
				return fmt.Errorf("configuration %s: its %s disagree with its case results", c.Config.Name, part.name)
			}
		}
	}
	return nil
}

// maxCount bounds every count in a case result: far above what one case
// can hold, far below what sums over the largest suite could overflow.
const maxCount = 1 << 40

// checkResult rejects a case result with an impossible value: a negative
// or huge count, a number that is not finite or is negative, a share
// over 1, a cause that does not match passed.
func checkResult(r *CaseResult) error {
	if r.Line < 1 {
		return fmt.Errorf("line %d", r.Line)
	}
	if r.NotRecorded && (r.Passed || r.Cause != "") {
		return fmt.Errorf("not recorded, yet passed %t with cause %q", r.Passed, r.Cause)
	}
	if !r.NotRecorded && (r.Passed != (r.Cause == "") || (r.Cause != "" && !slices.Contains(CauseOrder, r.Cause))) {
		return fmt.Errorf("passed %t with cause %q", r.Passed, r.Cause)
	}
	for _, x := range []struct {
		name string
		v    float64
	}{{"recall", r.Recall}, {"comp", r.Comp}, {"ndcg", r.NDCG}, {"precision", r.Precision}, {"noise share", r.Noise.Share},
		{"strategy.recall_first", r.Strategy.recallFirst()}, {"strategy.recall_final", r.Strategy.recallFinal()}} {
		if !(x.v >= 0 && x.v <= 1) {
			return fmt.Errorf("%s %g is not between 0 and 1", x.name, x.v)
		}
	}
	if err := checkTrials(r); err != nil {
		return err
	}
	if c := r.Calls; c != nil && c.WrongArgCalls > c.ToolCalls {
		return fmt.Errorf("%d wrong-argument calls of %d calls", c.WrongArgCalls, c.ToolCalls)
	}
	return checkNumbers(reflect.ValueOf(r).Elem(), "")
}

// indexFields are the integer fields of a case result that are positions,
// -1 for none; every other integer is a count.
var indexFields = map[string]bool{"Call": true, "Gold": true, "Index": true, "Matches": true}

// checkNumbers rejects a negative or huge integer and a negative or
// non-finite float anywhere in v.
func checkNumbers(v reflect.Value, path string) error {
	switch v.Kind() {
	case reflect.Int, reflect.Int64:
		low := int64(0)
		f := path[strings.LastIndexByte(path, '.')+1:]
		if i := strings.IndexByte(f, '['); i >= 0 {
			f = f[:i]
		}
		if indexFields[f] {
			low = -1 // "none"
		}
		if n := v.Int(); n < low || n > maxCount {
			return fmt.Errorf("%s is %d", strings.TrimPrefix(path, "."), n)
		}
	case reflect.Float64:
		if f := v.Float(); !(f >= 0) || math.IsInf(f, 1) {
			return fmt.Errorf("%s is %g", strings.TrimPrefix(path, "."), f)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return checkNumbers(v.Elem(), path)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Type().Field(i); f.IsExported() {
				if err := checkNumbers(v.Field(i), path+"."+f.Name); err != nil {
					return err
				}
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return nil
		}
		for i := 0; i < v.Len(); i++ {
			if err := checkNumbers(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// sameRun checks that two shard reports come from runs with the same
// suite, options and configurations.
func sameRun(a, b *Report) error {
	switch {
	case a.Suite != b.Suite:
		return fmt.Errorf("suite %q, not %q", b.Suite, a.Suite)
	case a.SuiteHash != b.SuiteHash:
		return fmt.Errorf("suite_hash %s, not %s: another version of the suite", b.SuiteHash, a.SuiteHash)
	case a.Seed != b.Seed:
		return fmt.Errorf("seed %d, not %d", b.Seed, a.Seed)
	case a.Encoding != b.Encoding:
		return fmt.Errorf("encoding %s, not %s", b.Encoding, a.Encoding)
	case !slices.Equal(a.Variants, b.Variants):
		return fmt.Errorf("variants %v, not %v", b.Variants, a.Variants)
	case !slices.Equal(a.Filter, b.Filter):
		return fmt.Errorf("filter %v, not %v", b.Filter, a.Filter)
	case !slices.Equal(a.Repair, b.Repair):
		return fmt.Errorf("repair %v, not %v", b.Repair, a.Repair)
	case len(a.Configs) != len(b.Configs):
		return fmt.Errorf("%d configurations, not %d", len(b.Configs), len(a.Configs))
	}
	for i := range a.Configs {
		if x, y := a.Configs[i].Config, b.Configs[i].Config; x.Key != y.Key || x.Name != y.Name || x.K != y.K || x.Weights != y.Weights || x.Strategy != y.Strategy {
			return fmt.Errorf("configuration %d is %s, not %s", i+1, describeConfig(y), describeConfig(x))
		}
	}
	return nil
}

// WriteJSON writes the report as one line of JSON, markup in model text
// left unescaped. Reports that are equal write equal bytes.
// It streams: one case result's JSON at a time is held (see jsonWriter),
// and a record over MaxRecordBytes is an error naming it.
func WriteJSON(w io.Writer, rep *Report) error {
	return newJSONWriter(w).report(rep)
}

// ReadJSON reads a report written by WriteJSON (`replay --json`); name
// is used in messages. It reads one record at a time (see jsonReader):
// the report is not held as bytes, and a record over MaxRecordBytes or
// more than MaxConfigs configurations are refused.
func ReadJSON(r io.Reader, name string) (*Report, error) {
	rep, err := newJSONReader(r).report()
	if err != nil {
		return nil, fmt.Errorf("%s: not a replay --json report: %v", name, err)
	}
	if len(rep.Configs) == 0 {
		return nil, fmt.Errorf("%s: not a replay --json report: no configs", name)
	}
	return rep, nil
}
