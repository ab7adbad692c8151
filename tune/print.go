package tune

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/internal/safetext"
	"github.com/tooleval/tooleval/internal/texttable"
	"github.com/tooleval/tooleval/retrieval"
)

// WriteTable prints the result for people: the best configurations with
// the default beside them, the cross-validation folds and their mean and
// spread, and the held-out score.
func WriteTable(w io.Writer, r *Result) error {
	fmt.Fprintf(w, "tune %s: %d cases, objective %s, %s search over %s (%d evaluations, seed %d)\n\n",
		safetext.Terminal(r.Suite), r.Cases, r.Objective.Formula(), r.Method, strings.Join(r.Tuned, ", "), r.Evaluations, r.Seed)

	t := texttable.New(1, "config", "objective", "recall", "comp", "ndcg", "P", "noise", "tools", "tokens", "k", "k1", "b", "weights", "analyzer", "always")
	t.Num[11], t.Num[12], t.Num[13], t.Num[14] = false, false, false, false // b, weights, analyzer, always are text
	row := func(name string, rk Ranked) {
		s := rk.Score
		t.Add(name, f4(s.Objective), f4(s.Recall), f4(s.Comp), f4(s.NDCG), f4(s.Precision), f4(s.Noise),
			fmt.Sprintf("%.2f", s.Injected), fmt.Sprintf("%.0f", s.Tokens), strconv.Itoa(rk.Config.K), fmt.Sprintf("%g", rk.Config.K1),
			FormatB(rk.Config), FormatWeights(rk.Config.Weights), FormatAnalyzer(rk.Config.Analyzer), strings.Join(rk.Config.Always, ","))
	}
	for i, b := range r.Best {
		row(fmt.Sprintf("tuned #%d", i+1), b)
	}
	row("default", r.Default)
	if d := r.DefaultAtBestK; d != nil {
		row(fmt.Sprintf("default k=%d", d.Config.K), *d)
	}
	if err := t.Text(w); err != nil {
		return err
	}

	if len(r.Folds) > 0 {
		fmt.Fprintf(w, "\n%d-fold cross-validation (objective on the held-out fold)\n", len(r.Folds))
		t := texttable.New(1, "fold", "cases", "train", "test", "default", "winner", "test recall", "default recall", "test noise", "default noise", "k")
		t.Num[5] = false // winner
		for _, f := range r.Folds {
			if f.Winner == WinnerEmpty {
				t.Add(strconv.Itoa(f.Fold), strconv.Itoa(f.TestCases), "", "", "", "empty", "", "", "", "", "")
				continue
			}
			t.Add(strconv.Itoa(f.Fold), strconv.Itoa(f.TestCases), f4(f.Train.Objective), f4(f.Test.Objective), f4(f.DefaultTest.Objective),
				f.Winner, f4(f.Test.Recall), f4(f.DefaultTest.Recall), f4(f.Test.Noise), f4(f.DefaultTest.Noise), strconv.Itoa(f.Config.K))
		}
		cv := r.CV
		t.Add("mean ± sd", "", f4(cv.TrainMean), fmt.Sprintf("%.4f ± %.4f", cv.TestMean, cv.TestStd), fmt.Sprintf("%.4f ± %.4f", cv.DefaultMean, cv.DefaultStd),
			"", f4(cv.TestRecallMean), f4(cv.DefaultRecallMean), f4(cv.TestNoiseMean), f4(cv.DefaultNoiseMean), "")
		if err := t.Text(w); err != nil {
			return err
		}
		fmt.Fprintf(w, "tuned beat the default on %d of %d folds, lost on %d", cv.FoldsBetterThanDflt, cv.Folds, cv.FoldsWorseThanDflt)
		if cv.EmptyFolds > 0 {
			fmt.Fprintf(w, "; %d empty (no case with a gold tool), left out of the means", cv.EmptyFolds)
		}
		fmt.Fprintln(w)
		if msg := r.LossWarning(); msg != "" {
			fmt.Fprintf(w, "\n%s\n", msg)
		}
	}
	if h := r.Holdout; h != nil {
		fmt.Fprintf(w, "\nheld-out suite %s (%d cases, scored once)\n", h.Suite, h.Cases)
		fmt.Fprintf(w, "  tuned:   objective %.4f  recall %.4f  comp %.4f  ndcg %.4f  noise %.4f\n", h.Best.Objective, h.Best.Recall, h.Best.Comp, h.Best.NDCG, h.Best.Noise)
		fmt.Fprintf(w, "  default: objective %.4f  recall %.4f  comp %.4f  ndcg %.4f  noise %.4f\n", h.Default.Objective, h.Default.Recall, h.Default.Comp, h.Default.NDCG, h.Default.Noise)
	}
	return nil
}

// f4 writes a score with four decimals, as every tune table does.
func f4(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }

// FormatWeights renders weights as "name=3,description=1.5,…" in
// retrieval.Fields order (the form --weights reads).
func FormatWeights(w map[string]float64) string {
	var parts []string
	for _, f := range retrieval.Fields {
		if v, ok := w[f]; ok {
			parts = append(parts, fmt.Sprintf("%s=%g", f, v))
		}
	}
	var extra []string
	for f, v := range w {
		if !contains(retrieval.Fields, f) {
			extra = append(extra, fmt.Sprintf("%s=%g", f, v))
		}
	}
	sort.Strings(extra)
	return strings.Join(append(parts, extra...), ",")
}

// FormatB renders the global b followed by each field's own b:
// "0.75" or "0.75,param_desc=0.3".
func FormatB(c retrieval.Config) string {
	out := fmt.Sprintf("%g", c.B)
	for _, f := range retrieval.Fields {
		if v, ok := c.FieldB[f]; ok {
			out += fmt.Sprintf(",%s=%g", f, v)
		}
	}
	return out
}

// FormatAnalyzer renders analyzer options compactly:
// tokenizer/cjk/normalize[/stop][/nosplit], e.g. "mixed/both/light/stop".
func FormatAnalyzer(a retrieval.AnalyzerConfig) string {
	a = normAnalyzer(a)
	s := a.Tokenizer + "/" + a.CJK + "/" + a.Normalize
	if a.StopWords {
		s += "/stop"
	}
	if a.NoSplit {
		s += "/nosplit"
	}
	return s
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
