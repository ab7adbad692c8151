package tune

import (
	"fmt"
	"github.com/tooleval/tooleval/internal/safetext"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/tooleval/tooleval/retrieval"
)

// WriteTable prints the result for people: the best configurations with
// the default beside them, the cross-validation folds and their mean and
// spread, and the held-out score.
func WriteTable(w io.Writer, r *Result) error {
	fmt.Fprintf(w, "tune %s: %d cases, objective %s, %s search over %s (%d evaluations, seed %d)\n\n",
		safetext.Terminal(r.Suite), r.Cases, r.Objective.Formula(), r.Method, strings.Join(r.Tuned, ", "), r.Evaluations, r.Seed)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(tw, "config\tobjective\trecall\tcomp\tndcg\tP\tnoise\ttools\ttokens\tk\tk1\tb\tweights\tanalyzer\talways\t")
	row := func(name string, rk Ranked) {
		s := rk.Score
		fmt.Fprintf(tw, "%s\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.2f\t%.0f\t%d\t%g\t%s\t%s\t%s\t%s\t\n",
			name, s.Objective, s.Recall, s.Comp, s.NDCG, s.Precision, s.Noise, s.Injected, s.Tokens,
			rk.Config.K, rk.Config.K1, FormatB(rk.Config), FormatWeights(rk.Config.Weights), FormatAnalyzer(rk.Config.Analyzer),
			safetext.Terminal(strings.Join(rk.Config.Always, ",")))
	}
	for i, b := range r.Best {
		row(fmt.Sprintf("tuned #%d", i+1), b)
	}
	row("default", r.Default)
	if d := r.DefaultAtBestK; d != nil {
		row(fmt.Sprintf("default k=%d", d.Config.K), *d)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	if len(r.Folds) > 0 {
		fmt.Fprintf(w, "\n%d-fold cross-validation (objective on the held-out fold)\n", len(r.Folds))
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight|tabwriter.Debug)
		fmt.Fprintln(tw, "fold\tcases\ttrain\ttest\tdefault\twinner\ttest recall\tdefault recall\ttest noise\tdefault noise\tk\t")
		for _, f := range r.Folds {
			if f.Winner == WinnerEmpty {
				fmt.Fprintf(tw, "%d\t%d\t\t\t\tempty\t\t\t\t\t\t\n", f.Fold, f.TestCases)
				continue
			}
			fmt.Fprintf(tw, "%d\t%d\t%.4f\t%.4f\t%.4f\t%s\t%.4f\t%.4f\t%.4f\t%.4f\t%d\t\n", f.Fold, f.TestCases,
				f.Train.Objective, f.Test.Objective, f.DefaultTest.Objective, f.Winner, f.Test.Recall, f.DefaultTest.Recall,
				f.Test.Noise, f.DefaultTest.Noise, f.Config.K)
		}
		cv := r.CV
		fmt.Fprintf(tw, "mean ± sd\t\t%.4f\t%.4f ± %.4f\t%.4f ± %.4f\t\t%.4f\t%.4f\t%.4f\t%.4f\t\t\n", cv.TrainMean,
			cv.TestMean, cv.TestStd, cv.DefaultMean, cv.DefaultStd, cv.TestRecallMean, cv.DefaultRecallMean,
			cv.TestNoiseMean, cv.DefaultNoiseMean)
		if err := tw.Flush(); err != nil {
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
