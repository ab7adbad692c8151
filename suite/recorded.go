package suite

import (
	"fmt"

	"github.com/tooleval/tooleval/strategy"
)

// A recording (a transcript, or a trajectory's steps) says which
// tool-search strategy it was recorded under in its transcripts' strategy
// field. A case may hold recordings made under several strategies in
// transcripts or step_trials; under a configuration of strategy S, replay
// judges the case by the recordings made under S only (see Under). A
// recording without the field was made with the tools injected: it stands
// for inject and for all (the model was shown tools and called them
// directly), never for search, where the model must find a tool before it
// can call it. The schema checks the field's spelling (the enum is
// strategy.Spellings); the loader, that one trajectory names one strategy.

// RecordedUnder reports whether a recording made under strategy rec (""
// when the recording names none) is one to judge under configuration
// strategy conf (as strategy.Strategy.String spells it).
func RecordedUnder(rec, conf string) bool {
	if rec == "" {
		return conf == strategy.Inject || conf == strategy.All
	}
	return rec == conf
}

// Recordings lists the strategy of each recording the case holds, in
// order: its transcript or transcripts, else its step list or step trials
// (a trajectory's strategy is its first transcript's). Nil for a case
// without a recording.
func (c *Case) Recordings() []string {
	var out []string
	switch {
	case c.Transcript != nil:
		out = append(out, c.Transcript.Strategy)
	case len(c.Transcripts) > 0:
		for _, t := range c.Transcripts {
			out = append(out, t.Strategy)
		}
	case len(c.Steps) > 0:
		out = append(out, stepsStrategy(c.Steps))
	default:
		for _, steps := range c.StepTrials {
			out = append(out, stepsStrategy(steps))
		}
	}
	return out
}

// stepsStrategy is the strategy a trajectory was recorded under: its
// first transcript's.
func stepsStrategy(steps []*Step) string {
	for _, s := range steps {
		if s != nil && s.Transcript != nil {
			return s.Transcript.Strategy
		}
	}
	return ""
}

// Under returns the case as a configuration of strategy conf judges it:
// a copy holding only the recordings made under conf (the case itself
// when that is all of them), and whether it holds any. A case whose
// recordings were all made under other strategies is not recorded under
// conf: Under returns it without recordings, and false. A case without a
// recording checks retrieval alone, which inject and all measure and a
// search strategy cannot (the model's searches bring its tools in): it
// counts as recorded without a strategy.
func (c *Case) Under(conf string) (*Case, bool) {
	recs := c.Recordings()
	if len(recs) == 0 {
		return c, RecordedUnder("", conf)
	}
	keep := make([]int, 0, len(recs))
	for i, r := range recs {
		if RecordedUnder(r, conf) {
			keep = append(keep, i)
		}
	}
	if len(keep) == len(recs) {
		return c, true
	}
	t := *c
	t.Transcript, t.Transcripts, t.Steps, t.StepTrials = nil, nil, nil, nil
	if len(keep) == 0 {
		return &t, false
	}
	switch {
	case len(c.Transcripts) > 0:
		for _, i := range keep {
			t.Transcripts = append(t.Transcripts, c.Transcripts[i])
		}
		if len(t.Transcripts) == 1 {
			t.Transcript, t.Transcripts = t.Transcripts[0], nil
		}
	default:
		for _, i := range keep {
			t.StepTrials = append(t.StepTrials, c.StepTrials[i])
		}
		if len(t.StepTrials) == 1 {
			t.Steps, t.StepTrials = t.StepTrials[0], nil
		}
	}
	return &t, true
}

// checkStepsStrategy checks that every transcript of one trajectory names
// the strategy its first one does; prefix names the trajectory.
func (l *loader) checkStepsStrategy(c *Case, prefix string, steps []*Step) {
	want, first := "", -1
	for i, s := range steps {
		if s == nil || s.Transcript == nil {
			continue
		}
		if first < 0 {
			want, first = s.Transcript.Strategy, i
			continue
		}
		if got := s.Transcript.Strategy; got != want {
			l.fail(c.Line, fmt.Sprintf("%s[%d].transcript.strategy", prefix, i), "%q differs from %s[%d]'s %q: one trajectory is recorded under one strategy", got, prefix, first, want)
			return
		}
	}
}
