package toolcall

import (
	"testing"
)

func errorEvents(n int) []Event {
	evs := make([]Event, 0, 2*n)
	for i := range n {
		evs = append(evs, Event{Kind: KindText, Offset: 2 * i, Data: []byte("x"), Index: -1},
			Event{Kind: KindError, Offset: 2*i + 1, Index: -1, Err: Error{Offset: 2*i + 1, Code: CodeInvalidJSON, Message: "m", Index: -1}})
	}
	return evs
}

// A Collector and a Recorder keep the first MaxKeptErrors errors and
// count the rest; Run keeps every one.
func TestErrorsCapped(t *testing.T) {
	for _, n := range []int{0, 1, MaxKeptErrors, MaxKeptErrors + 1, 5000} {
		kept, dropped := min(n, MaxKeptErrors), max(0, n-MaxKeptErrors)
		var c Collector
		c.Add(errorEvents(n))
		r := c.Result("f")
		if len(r.Errors) != kept || r.ErrorsDropped != dropped || len(r.Text) != n {
			t.Errorf("Collector, %d errors: kept %d dropped %d text %d, want %d %d %d", n, len(r.Errors), r.ErrorsDropped, len(r.Text), kept, dropped, n)
		}
		if n > 0 && r.Errors[len(r.Errors)-1].Offset != 2*kept-1 {
			t.Errorf("Collector, %d errors: not the first ones kept", n)
		}
		var rec Recorder
		rec.Add(errorEvents(n))
		errs := 0
		for _, ev := range rec.Events() {
			if ev.Kind == KindError {
				errs++
			}
		}
		if errs != kept || rec.ErrorsDropped() != dropped {
			t.Errorf("Recorder, %d errors: kept %d dropped %d, want %d %d", n, errs, rec.ErrorsDropped(), kept, dropped)
		}
		all := Recorder{KeepAllErrors: true}
		all.Add(errorEvents(n))
		if all.ErrorsDropped() != 0 || len(all.Events()) != 2*n {
			t.Errorf("KeepAllErrors, %d errors: %d events, %d dropped", n, len(all.Events()), all.ErrorsDropped())
		}
	}
}
