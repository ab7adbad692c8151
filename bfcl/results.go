package bfcl

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
)

// results reads every model's result files for the imported categories and
// builds one suite per model.
func (b *builder) results(root string) error {
	byModel, err := resultFiles(root)
	if err != nil {
		return fmt.Errorf("bfcl: results: %w", err)
	}
	models := make([]string, 0, len(byModel))
	for m := range byModel {
		if matchAny(b.opt.Models, m) {
			models = append(models, m)
		}
	}
	sort.Strings(models)
	imported := map[string]bool{}
	for _, cs := range b.im.Summary.Categories {
		imported[cs.Category] = true
	}
	for _, model := range models {
		ms := ModelSummary{Model: model}
		suite := ModelSuite{Model: model}
		var cats []string
		for cat := range byModel[model] {
			if imported[cat] {
				cats = append(cats, cat)
			}
		}
		sort.Strings(cats)
		have := map[string]bool{}
		for _, cat := range cats {
			f := byModel[model][cat]
			ms.Files++
			err := eachLine(f.path, func(line int, raw []byte) error {
				var r struct {
					ID     string          `json:"id"`
					Result json.RawMessage `json:"result"`
				}
				if err := json.Unmarshal(raw, &r); err != nil {
					return &FileError{File: f.path, Line: line, Err: fmt.Errorf("not a result object: %w", err)}
				}
				if r.ID == "" {
					return &FileError{File: f.path, Line: line, Field: "id", Err: errors.New("missing")}
				}
				ms.Results++
				i, ok := b.byID[r.ID]
				if !ok {
					ms.Unmatched++
					return nil
				}
				if have[r.ID] {
					return &FileError{File: f.path, Line: line, ID: r.ID, Err: errors.New("second result for this id")}
				}
				have[r.ID] = true
				t, n, renamed, err := transcribe(r.Result, b.names[r.ID])
				ms.Renamed += renamed
				switch {
				case errors.Is(err, errUnparsed):
					ms.Unparsed++
				case err != nil:
					ms.Rejected++
					b.warn("%s:%d: id %q: result left out: %v", f.path, line, r.ID, err)
					return nil
				}
				t.Model = model
				c := b.im.Cases[i]
				c.Tags = append(append([]string(nil), c.Tags...), "model:"+model)
				c.Transcript = &t
				suite.Cases = append(suite.Cases, c)
				ms.Transcripts++
				ms.Calls += n
				return nil
			})
			if err != nil {
				return inFile(f.path, err)
			}
		}
		catSet := map[string]bool{}
		for _, c := range cats {
			catSet[c] = true
		}
		for _, c := range b.im.Cases {
			if catSet[b.cats[c.ID]] && !have[c.ID] {
				ms.Missing++
			}
		}
		// Keep the suite in the order of the base suite.
		sort.SliceStable(suite.Cases, func(i, j int) bool {
			return b.byID[suite.Cases[i].ID] < b.byID[suite.Cases[j].ID]
		})
		b.im.Summary.Models = append(b.im.Summary.Models, ms)
		if len(suite.Cases) > 0 {
			b.im.Models = append(b.im.Models, suite)
		}
	}
	return nil
}
