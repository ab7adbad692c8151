package report

import (
	"math"
	"slices"

	"github.com/tooleval/tooleval/toolcall"
)

// Latency is when, in a transcript recorded with chunk arrival times
// (chunk_times_ms), the first text, the first call start and the last call
// end reached the client: the arrival time of the chunk whose bytes made
// the parser emit the event. A moment that never happened is nil.
type Latency struct {
	FirstTextMS    *float64 `json:"first_text_ms"`
	FirstCallMS    *float64 `json:"first_call_ms"`
	LastCallEndMS  *float64 `json:"last_call_end_ms"`
	ChunksReceived int      `json:"chunks"`
}

// note records the events of one chunk that arrived at t.
func (l *Latency) Note(evs []toolcall.Event, t float64) {
	for i := range evs {
		switch ev := &evs[i]; ev.Kind {
		case toolcall.KindText:
			if l.FirstTextMS == nil && len(ev.Data) > 0 {
				l.FirstTextMS = Ptr(t)
			}
		case toolcall.KindCallStart:
			if l.FirstCallMS == nil {
				l.FirstCallMS = Ptr(t)
			}
		case toolcall.KindCallEnd:
			l.LastCallEndMS = Ptr(t)
		}
	}
}

func Ptr[T any](v T) *T { return &v }

// LatencyStats is the streaming latency over the cases whose transcripts
// carry chunk times.
type LatencyStats struct {
	FirstText   Samples `json:"first_text_ms"`
	FirstCall   Samples `json:"first_call_ms"`
	LastCallEnd Samples `json:"last_call_end_ms"`
}

func (s *LatencyStats) add(l *Latency) {
	if l == nil {
		return
	}
	s.FirstText.add(l.FirstTextMS)
	s.FirstCall.add(l.FirstCallMS)
	s.LastCallEnd.add(l.LastCallEndMS)
}

func (s *LatencyStats) derive() {
	s.FirstText.derive()
	s.FirstCall.derive()
	s.LastCallEnd.derive()
}

// Samples is a distribution kept whole (sorted values), so shards merge
// into exactly the quantiles of the whole run. P50 and P95 are
// nearest-rank percentiles, nil without values.
type Samples struct {
	Values []float64 `json:"values"`
	P50    *float64  `json:"p50"`
	P95    *float64  `json:"p95"`
}

func (s *Samples) add(v *float64) {
	if v != nil {
		s.Values = append(s.Values, *v)
	}
}

func (s *Samples) derive() {
	if s.Values == nil {
		s.Values = []float64{}
	}
	slices.Sort(s.Values)
	s.P50, s.P95 = percentile(s.Values, 50), percentile(s.Values, 95)
}

// percentile is the nearest-rank percentile of sorted values.
func percentile(sorted []float64, p float64) *float64 {
	if len(sorted) == 0 {
		return nil
	}
	i := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return Ptr(sorted[max(0, min(i, len(sorted)-1))])
}
