package bfcl

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/internal/suiteout"
	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// Verdict is the leaderboard checker's verdict on one model result.
type Verdict struct {
	Model    string        `json:"model_name"`
	Category string        `json:"test_category"`
	ID       string        `json:"id"`
	Correct  bool          `json:"valid"`
	Code     toolcall.Code `json:"error_type,omitempty"`
	Message  string        `json:"error,omitempty"`
}

// Scores holds verdicts by model and category.
type Scores struct {
	Verdicts []Verdict
}

// ScoreSuite replays a suite (an imported model suite) and adds the
// leaderboard's verdicts on its cases, as ScoreReport reads them. The run
// is the cheapest replay.Run there is — one k, one prompt variant, no token
// counting — since only the call check counts.
func (s *Scores) ScoreSuite(su *suite.Suite) error {
	rep, err := replay.Run(su, replay.Options{Ks: []int{1}, Variants: []string{"names"}, Encoding: "none"})
	if err != nil {
		return err
	}
	return s.ScoreReport(su, rep)
}

// ScoreReport adds the verdicts of a finished replay of suite: for every
// replayed case that carries the leaderboard's checker and a transcript,
// the call check its result holds (every configuration of a run shares a
// case's call check, so the first is read; nothing is parsed or checked
// again). The model is the transcript's (else the case's model: tag), the
// category the checker's. A case the run could not replay is an error
// naming the suite line; cases the run left out (--filter, --shard) are
// left out of the scores.
func (s *Scores) ScoreReport(su *suite.Suite, rep *report.Report) error {
	if len(rep.Configs) == 0 {
		return nil
	}
	byLine := make(map[int]*suite.Case, len(su.Cases))
	for _, c := range su.Cases {
		byLine[c.Line] = c
	}
	for _, res := range rep.Configs[0].Results {
		c := byLine[res.Line]
		if c == nil || c.ID != res.ID || c.Checker == nil || c.Checker.Checker != "bfcl" || c.Transcript == nil {
			continue
		}
		if res.Error != "" {
			return fmt.Errorf("%s:%d: %s", su.Name, c.Line, res.Error)
		}
		if res.Calls == nil {
			return fmt.Errorf("%s:%d: case %q has no call check in the report", su.Name, c.Line, c.ID)
		}
		v := Verdict{Model: c.Transcript.Model, Category: c.Checker.Category, ID: c.ID, Correct: res.Calls.Correct, Code: res.Calls.Code}
		if v.Model == "" {
			v.Model = modelTag(c.Tags)
		}
		if len(res.Calls.Problems) > 0 {
			v.Message = res.Calls.Problems[0].Message
		}
		s.Verdicts = append(s.Verdicts, v)
	}
	return nil
}

func modelTag(tags []string) string {
	for _, t := range tags {
		if m, ok := strings.CutPrefix(t, "model:"); ok {
			return m
		}
	}
	return "unknown"
}

// catScore is one model's accuracy in one category.
type catScore struct {
	correct, total int
}

func (c catScore) accuracy() float64 {
	if c.total == 0 {
		return 0
	}
	return float64(c.correct) / float64(c.total)
}

// byModel groups the verdicts: model → category → score.
func (s *Scores) byModel() map[string]map[string]catScore {
	out := map[string]map[string]catScore{}
	for _, v := range s.Verdicts {
		m := out[v.Model]
		if m == nil {
			m = map[string]catScore{}
			out[v.Model] = m
		}
		cs := m[v.Category]
		cs.total++
		if v.Correct {
			cs.correct++
		}
		m[v.Category] = cs
	}
	return out
}

// The leaderboard's score tables (its data_non_live.csv and data_live.csv
// column layout).
var (
	nonLiveColumns = []string{"Rank", "Model", "Overall Acc", "AST Acc", "Simple Acc", "Python Simple Acc", "Java Simple Acc",
		"JavaScript Simple Acc", "Multiple Acc", "Parallel Acc", "Parallel Multiple Acc", "Irrelevance Acc"}
	liveColumns = []string{"Rank", "Model", "Overall Acc", "AST Acc", "Simple Acc", "Multiple Acc", "Parallel Acc",
		"Parallel Multiple Acc", "Irrelevance Acc", "Relevance Acc"}
)

// score is an accuracy as the leaderboard aggregates it; na marks a
// category with no results ("N/A" in the tables, 0 in the summaries).
type score struct {
	acc   float64
	total int
	na    bool
}

func (m modelScores) get(names ...string) score {
	for _, n := range names {
		if c, ok := m[n]; ok {
			return score{acc: c.accuracy(), total: c.total}
		}
	}
	return score{na: true}
}

type modelScores map[string]catScore

// unweighted is the mean of the accuracies; naIfMissing shows N/A when one
// is missing.
func unweighted(naIfMissing bool, ss ...score) score {
	var out score
	for _, s := range ss {
		out.acc += s.acc / float64(len(ss))
		out.total += s.total
		out.na = out.na || s.na && naIfMissing
	}
	return out
}

// weighted is the accuracy over all entries.
func weighted(naIfMissing bool, ss ...score) score {
	var out score
	sum := 0.0
	for _, s := range ss {
		sum += s.acc * float64(s.total)
		out.total += s.total
		out.na = out.na || s.na && naIfMissing
	}
	if out.total > 0 {
		out.acc = sum / float64(out.total)
	}
	return out
}

func (s score) String() string {
	if s.na {
		return "N/A"
	}
	return fmt.Sprintf("%.2f%%", s.acc*100)
}

// Write writes the leaderboard's score layout to dir: data_non_live.csv
// and data_live.csv (one row per model, ranked by overall accuracy, the
// leaderboard's columns and aggregation), and per model
// <model>/BFCL_v4_<category>_score.json (a first line with accuracy,
// correct_count and total_count, then one line per failed entry). It
// returns the files written, relative to dir.
func (s *Scores) Write(dir string) ([]string, error) {
	out, err := suiteout.Open(dir)
	if err != nil {
		return nil, err
	}
	defer out.Close()
	put := func(rel string, write func(w *bufio.Writer) error) error { return out.Put(rel, 0, write) }
	groups := s.byModel()
	models := make([]string, 0, len(groups))
	for m := range groups {
		models = append(models, m)
	}
	sort.Strings(models)
	var nonLive, live [][]string
	var nonLiveKey, liveKey []float64
	for _, model := range models {
		m := modelScores(groups[model])
		pySimple := m.get("simple_python", "simple")
		java := m.get("simple_java", "java")
		js := m.get("simple_javascript", "javascript")
		simple := unweighted(true, pySimple, java, js)
		multiple, parallel, parMult := m.get("multiple"), m.get("parallel"), m.get("parallel_multiple")
		irr := m.get("irrelevance")
		ast := unweighted(true, simple, multiple, parallel, parMult)
		overall := unweighted(false, simple, multiple, parallel, parMult, irr)
		nonLive = append(nonLive, []string{"", model, overall.String(), ast.String(), simple.String(), pySimple.String(), java.String(),
			js.String(), multiple.String(), parallel.String(), parMult.String(), irr.String()})
		nonLiveKey = append(nonLiveKey, overall.acc)

		lSimple, lMultiple := m.get("live_simple"), m.get("live_multiple")
		lParallel, lParMult := m.get("live_parallel"), m.get("live_parallel_multiple")
		lIrr, lRel := m.get("live_irrelevance"), m.get("live_relevance")
		lAST := weighted(true, lSimple, lMultiple, lParallel, lParMult)
		lOverall := weighted(false, lSimple, lMultiple, lParallel, lParMult, lIrr, lRel)
		live = append(live, []string{"", model, lOverall.String(), lAST.String(), lSimple.String(), lMultiple.String(),
			lParallel.String(), lParMult.String(), lIrr.String(), lRel.String()})
		liveKey = append(liveKey, lOverall.acc)
	}
	if err := put("data_non_live.csv", func(w *bufio.Writer) error { return writeTable(w, nonLiveColumns, nonLive, nonLiveKey) }); err != nil {
		return nil, err
	}
	if err := put("data_live.csv", func(w *bufio.Writer) error { return writeTable(w, liveColumns, live, liveKey) }); err != nil {
		return nil, err
	}
	for _, model := range models {
		cats := make([]string, 0, len(groups[model]))
		for c := range groups[model] {
			cats = append(cats, c)
		}
		sort.Strings(cats)
		for _, cat := range cats {
			cs := groups[model][cat]
			var failed []Verdict
			for _, v := range s.Verdicts {
				if v.Model == model && v.Category == cat && !v.Correct {
					failed = append(failed, v)
				}
			}
			err := put(fileSafe(model)+"/BFCL_v4_"+fileSafe(cat)+"_score.json", func(w *bufio.Writer) error {
				enc := json.NewEncoder(w)
				enc.SetEscapeHTML(false)
				head := struct {
					Accuracy float64 `json:"accuracy"`
					Correct  int     `json:"correct_count"`
					Total    int     `json:"total_count"`
				}{cs.accuracy(), cs.correct, cs.total}
				if err := enc.Encode(head); err != nil {
					return err
				}
				for _, v := range failed {
					if err := enc.Encode(v); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
		}
	}
	return out.Files, nil
}

// writeTable writes rows ranked by key (highest first, then by model) as
// the leaderboard's comma-separated table.
func writeTable(w *bufio.Writer, header []string, rows [][]string, key []float64) error {
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return key[idx[a]] > key[idx[b]] })
	cw := csv.NewWriter(w)
	cw.Write(header)
	for rank, i := range idx {
		row := rows[i]
		row[0] = fmt.Sprint(rank + 1)
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}
