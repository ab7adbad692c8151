package bfcl

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/toolcall"
)

// resultLine is one line of a model's result file.
type resultLine struct {
	file   string
	line   int
	id     string
	result json.RawMessage
}

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
		if err := b.model(model, byModel[model], imported); err != nil {
			return err
		}
	}
	return nil
}

// model imports one model's results.
func (b *builder) model(model string, files map[string]dataFile, imported map[string]bool) error {
	ms := ModelSummary{Model: model}
	suite := ModelSuite{Model: model}
	var cats []string
	for cat := range files {
		if imported[cat] {
			cats = append(cats, cat)
		}
	}
	sort.Strings(cats)
	// Read every line first: how the model answered is decided over all
	// of them.
	var lines []resultLine
	lists, texts := 0, 0
	have := map[string]bool{}
	for _, cat := range cats {
		f := files[cat]
		ms.Files++
		err := b.eachLine(f.path, func(line int, raw []byte) error {
			var r struct {
				ID     string          `json:"id"`
				Result json.RawMessage `json:"result"`
			}
			if err := json.Unmarshal(raw, &r); err != nil {
				return b.entry(&toolcall.FileError{File: f.path, Line: line, Err: fmt.Errorf("not a result object: %w", err)})
			}
			if r.ID == "" {
				return b.entry(&toolcall.FileError{File: f.path, Line: line, Field: "id", Err: errors.New("missing")})
			}
			ms.Results++
			if _, ok := b.byID[r.ID]; !ok {
				ms.Unmatched++
				return nil
			}
			if have[r.ID] {
				return b.entry(&toolcall.FileError{File: f.path, Line: line, ID: r.ID, Err: errors.New("second result for this id (the first is kept)")})
			}
			have[r.ID] = true
			if isMultiTurn(b.cats[r.ID]) {
				// Lists of turns in either mode: they say nothing of it.
				lines = append(lines, resultLine{f.path, line, r.ID, r.Result})
				return nil
			}
			switch t := jsonKind(r.Result); t {
			case "a list":
				lists++
			case "a string":
				texts++
			}
			lines = append(lines, resultLine{f.path, line, r.ID, r.Result})
			return nil
		})
		if err != nil {
			return inFile(f.path, err)
		}
	}
	switch {
	case matchAny2(b.opt.FC, model):
		ms.Mode, ms.ModeFrom = ModeFC, "flag"
	case matchAny2(b.opt.Prompting, model):
		ms.Mode, ms.ModeFrom = ModePrompting, "flag"
	default:
		ms.Mode, ms.ModeFrom = guessMode(model, lists, texts)
	}
	type decoded struct {
		resultLine
		calls []rawCall
		err   error
	}
	var ds []decoded
	var multi []resultLine
	underscore, dotted := 0, 0
	for _, l := range lines {
		if isMultiTurn(b.cats[l.id]) {
			multi = append(multi, l)
			continue
		}
		var types map[string]map[string]string
		if ck := b.im.Cases[b.byID[l.id]].Checker; ck != nil {
			types = ck.Types
		}
		calls, err := decodeResult(l.result, ms.Mode, (&bfclcheck.Rules{Category: b.cats[l.id]}).Lang(), types)
		if err != nil && !errors.Is(err, errUndecoded) && !errors.Is(err, errRawText) {
			ms.Rejected++
			if err := b.entry(&toolcall.FileError{File: l.file, Line: l.line, ID: l.id, Field: "result", Err: fmt.Errorf("left out: %w", err)}); err != nil {
				return err
			}
			continue
		}
		u, d := nameStyle(calls, b.names[l.id])
		underscore += u
		dotted += d
		ds = append(ds, decoded{l, calls, err})
	}
	switch {
	case matchAny2(b.opt.UnderscoreNames, model):
		ms.UnderscoreNames, ms.NamesFrom = true, "flag"
	case matchAny2(b.opt.DottedNames, model):
		ms.NamesFrom = "flag"
	case underscore > 0 || dotted > 0:
		ms.UnderscoreNames, ms.NamesFrom = underscore > dotted, "calls"
	}
	for _, d := range ds {
		c := b.im.Cases[b.byID[d.id]]
		c.Tags = append(append([]string(nil), c.Tags...), "model:"+model)
		t := makeTranscript(d.result, d.calls, d.err)
		switch {
		case errors.Is(d.err, errRawText):
			ms.RawText++
		case d.err != nil:
			// As the leaderboard scores it: no call.
			ms.Unparsed++
			c.Tags = append(c.Tags, "bfcl:undecoded")
		default:
			ms.Calls += len(d.calls)
		}
		t.Model = model
		c.Transcript = &t
		if c.Checker != nil {
			r := *c.Checker
			r.UnderscoreNames = ms.UnderscoreNames
			c.Checker = &r
		}
		suite.Cases = append(suite.Cases, c)
		ms.Transcripts++
	}
	for _, l := range multi {
		c, n, err := multiTurnResult(b.im.Cases[b.byID[l.id]], l.result, ms.Mode, model)
		if err != nil {
			ms.Rejected++
			if err := b.entry(&toolcall.FileError{File: l.file, Line: l.line, ID: l.id, Field: "result", Err: fmt.Errorf("left out: %w", err)}); err != nil {
				return err
			}
			continue
		}
		c.Tags = append(append([]string(nil), c.Tags...), "model:"+model)
		if c.Checker != nil {
			r := *c.Checker
			r.UnderscoreNames = ms.UnderscoreNames
			c.Checker = &r
		}
		ms.Calls += n
		ms.Transcripts++
		suite.Cases = append(suite.Cases, c)
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
	return nil
}

func matchAny2(pats []string, s string) bool { return len(pats) > 0 && matchAny(pats, s) }

// nameStyle counts the calls that name a dotted function of the question
// with underscores, and those that name one with its dots.
func nameStyle(calls []rawCall, names []string) (underscore, dotted int) {
	for _, c := range calls {
		for _, f := range names {
			if !strings.Contains(f, ".") {
				continue
			}
			switch c.name {
			case f:
				dotted++
			case strings.ReplaceAll(f, ".", "_"):
				underscore++
			}
		}
	}
	return underscore, dotted
}
