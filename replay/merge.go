package replay

import (
	"encoding/json"
	"fmt"
	"io"
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
	}
	var missing []string
	for i := 1; i <= n; i++ {
		if !have[i] {
			missing = append(missing, fmt.Sprintf("%d/%d", i, n))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing %s: %s", plural(len(missing), "shard"), strings.Join(missing, ", "))
	}

	out := &Report{Suite: first.Suite, Filter: first.Filter, Seed: first.Seed, Encoding: first.Encoding,
		Variants: first.Variants, Counting: first.Counting}
	for ci, fc := range first.Configs {
		cr := &ConfigResult{Config: fc.Config, Results: []*CaseResult{}}
		groups := map[string]*Aggregate{}
		seen := map[string]int{}
		for si, r := range shards {
			c := r.Configs[ci]
			mergeStats(&cr.Metrics, &c.Metrics)
			if cr.Variants == nil {
				cr.Variants = make([]VariantStats, len(c.Variants))
				for vi := range c.Variants {
					cr.Variants[vi].Variant = c.Variants[vi].Variant
				}
			}
			for vi := range c.Variants {
				mergeStats(&cr.Variants[vi], &c.Variants[vi])
			}
			for _, g := range c.Groups {
				if groups[g.Name] == nil {
					groups[g.Name] = &Aggregate{}
				}
				mergeStats(groups[g.Name], &g.Metrics)
			}
			for _, res := range c.Results {
				if sj, dup := seen[res.ID]; dup {
					return nil, fmt.Errorf("case %q is in report %d and report %d", res.ID, sj+1, si+1)
				}
				seen[res.ID] = si
				cr.Results = append(cr.Results, res)
			}
		}
		sort.SliceStable(cr.Results, func(i, j int) bool { return cr.Results[i].Line < cr.Results[j].Line })
		cr.Metrics.derive()
		for vi := range cr.Variants {
			cr.Variants[vi].derive()
		}
		cr.Groups = sortedGroups(groups)
		out.Configs = append(out.Configs, cr)
		out.Cases = len(cr.Results)
	}
	if len(first.Configs) == 0 {
		for _, r := range shards {
			out.Cases += r.Cases
		}
	}
	return out, nil
}

// sameRun checks that two shard reports come from runs with the same
// suite, options and configurations.
func sameRun(a, b *Report) error {
	switch {
	case a.Suite != b.Suite:
		return fmt.Errorf("suite %q, not %q", b.Suite, a.Suite)
	case a.Seed != b.Seed:
		return fmt.Errorf("seed %d, not %d", b.Seed, a.Seed)
	case a.Encoding != b.Encoding:
		return fmt.Errorf("encoding %s, not %s", b.Encoding, a.Encoding)
	case !slices.Equal(a.Variants, b.Variants):
		return fmt.Errorf("variants %v, not %v", b.Variants, a.Variants)
	case !slices.Equal(a.Filter, b.Filter):
		return fmt.Errorf("filter %v, not %v", b.Filter, a.Filter)
	case len(a.Configs) != len(b.Configs):
		return fmt.Errorf("%d configurations, not %d", len(b.Configs), len(a.Configs))
	}
	for i := range a.Configs {
		if x, y := a.Configs[i].Config, b.Configs[i].Config; x.Key != y.Key || x.Name != y.Name {
			return fmt.Errorf("configuration %d is %s, not %s", i+1, describeConfig(y), describeConfig(x))
		}
	}
	return nil
}

// mergeStats adds the sufficient statistics of src into dst, field by
// field: integers and Sums are added, count maps added key by key, sample
// lists concatenated (derive sorts them), nested structs merged the same
// way. Pointer fields are derived values and are left for derive; strings
// are labels and stay. A statistic of any other kind is a programming
// error: a new metric family must keep its statistics in these kinds.
func mergeStats[T any](dst, src *T) {
	addValue(reflect.ValueOf(dst).Elem(), reflect.ValueOf(src).Elem())
}

func addValue(dst, src reflect.Value) {
	switch dst.Kind() {
	case reflect.Int, reflect.Int64:
		dst.SetInt(dst.Int() + src.Int())
	case reflect.Map:
		if src.Len() == 0 {
			return
		}
		if dst.IsNil() {
			dst.Set(reflect.MakeMapWithSize(dst.Type(), src.Len()))
		}
		it := src.MapRange()
		for it.Next() {
			cur := dst.MapIndex(it.Key())
			sum := it.Value().Int()
			if cur.IsValid() {
				sum += cur.Int()
			}
			dst.SetMapIndex(it.Key(), reflect.ValueOf(sum).Convert(dst.Type().Elem()))
		}
	case reflect.Slice:
		if dst.Type().Elem().Kind() != reflect.Float64 {
			panic("replay: mergeStats: slice of " + dst.Type().Elem().String())
		}
		dst.Set(reflect.AppendSlice(dst, src))
	case reflect.Struct:
		for i := 0; i < dst.NumField(); i++ {
			addValue(dst.Field(i), src.Field(i))
		}
	case reflect.Pointer, reflect.String:
	default:
		panic("replay: mergeStats: field of kind " + dst.Kind().String())
	}
}

// WriteJSON writes the report as one line of JSON, markup in model text
// left unescaped. Reports that are equal write equal bytes.
func WriteJSON(w io.Writer, rep *Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(rep)
}

// ReadJSON reads a report written by WriteJSON (`replay --json`); name
// is used in messages.
func ReadJSON(r io.Reader, name string) (*Report, error) {
	var rep Report
	dec := json.NewDecoder(r)
	if err := dec.Decode(&rep); err != nil {
		return nil, fmt.Errorf("%s: not a replay --json report: %v", name, err)
	}
	if len(rep.Configs) == 0 {
		return nil, fmt.Errorf("%s: not a replay --json report: no configs", name)
	}
	return &rep, nil
}
