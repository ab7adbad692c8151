package suite

import (
	"iter"
	"strconv"
)

// A case may hold several recordings of the same configuration, trials:
// Transcripts in place of Transcript for a single-step case, StepTrials in
// place of Steps for a trajectory. Each element of StepTrials is a whole
// trajectory as Steps holds one — its own tool_results keyed by its own
// call ids, its own stop, its own gold calls per step — because a model
// that searched in one trial and not in another took a different number of
// steps. Transcript and Steps are one trial each, as they always were.

// TrialCount is the number of recordings the case holds: the length of
// Transcripts or StepTrials, else 1 (one transcript, one step list, or no
// recording at all, which is still one judgement of the case).
func (c *Case) TrialCount() int {
	switch {
	case len(c.Transcripts) > 0:
		return len(c.Transcripts)
	case len(c.StepTrials) > 0:
		return len(c.StepTrials)
	}
	return 1
}

// Trial returns the case as trial i (0-based, below TrialCount) sees it:
// a copy holding that one recording in Transcript or Steps, and neither
// Transcripts nor StepTrials. A case with one trial is returned as it is.
func (c *Case) Trial(i int) *Case {
	switch {
	case len(c.Transcripts) > 0:
		t := *c
		t.Transcript, t.Transcripts = c.Transcripts[i], nil
		return &t
	case len(c.StepTrials) > 0:
		t := *c
		t.Steps, t.StepTrials = c.StepTrials[i], nil
		return &t
	}
	return c
}

// stepLists yields each trajectory the case holds with the field that
// names it in messages: "steps", or "step_trials[i]" per trial.
func (c *Case) stepLists() iter.Seq2[string, []*Step] {
	return func(yield func(string, []*Step) bool) {
		if len(c.Steps) > 0 && !yield("steps", c.Steps) {
			return
		}
		for i, steps := range c.StepTrials {
			if !yield("step_trials["+strconv.Itoa(i)+"]", steps) {
				return
			}
		}
	}
}

// transcripts resolves the trials of a single-step case and checks that it
// gives one shape only.
func (l *loader) transcripts(c *Case) {
	if c.Transcripts == nil {
		return
	}
	if c.Transcript != nil {
		l.fail(c.Line, "transcripts", "a case has either a transcript (one trial) or transcripts (several), not both")
	}
	for i, t := range c.Transcripts {
		if t == nil {
			l.fail(c.Line, "transcripts["+strconv.Itoa(i)+"]", "a trial is a transcript object, not null")
			continue
		}
		l.resolveTranscript(c.Line, "transcripts["+strconv.Itoa(i)+"]", t)
	}
}
