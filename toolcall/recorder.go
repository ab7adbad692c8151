package toolcall

// Recorder keeps a chunking-independent copy of an event stream: it owns
// every byte it keeps, and merges a delta into the previous event when both
// are deltas of the same kind (and, for args_delta, the same call). Feeding
// the same input in any chunking to a correct parser gives a Recorder the
// same Events. It keeps the first MaxKeptErrors error events and counts
// the others (ErrorsDropped), unless KeepAllErrors.
type Recorder struct {
	events []Event
	log    errorLog
	// KeepAllErrors keeps every error event (tests comparing whole
	// streams; Run sets it).
	KeepAllErrors bool
}

// Add appends evs, merging adjacent deltas.
func (r *Recorder) Add(evs []Event) {
	for _, ev := range evs {
		if n := len(r.events); n > 0 && isDelta(ev.Kind) {
			last := &r.events[n-1]
			if last.Kind == ev.Kind && last.Index == ev.Index {
				last.Data = append(last.Data, ev.Data...)
				continue
			}
		}
		if isDelta(ev.Kind) && len(ev.Data) == 0 {
			continue
		}
		if ev.Kind == KindError {
			if r.KeepAllErrors {
				r.log.max = -1
			}
			if !r.log.keep() {
				continue
			}
		}
		r.events = append(r.events, ev.Clone())
	}
}

// Events returns the recorded events. The slice is the Recorder's own.
func (r *Recorder) Events() []Event { return r.events }

// ErrorsDropped is how many error events were counted and not kept.
func (r *Recorder) ErrorsDropped() int { return r.log.dropped }

// Reset empties the recorder, keeping its storage.
func (r *Recorder) Reset() { r.events, r.log = r.events[:0], errorLog{} }

func isDelta(k Kind) bool {
	return k == KindText || k == KindReasoning || k == KindArgsDelta
}

// Run feeds input to p in chunks of chunkSize bytes (the whole input when
// chunkSize <= 0), closes it, and returns the recorded events.
func Run(p StreamParser, input []byte, chunkSize int) []Event {
	r := Recorder{KeepAllErrors: true}
	if chunkSize <= 0 {
		chunkSize = len(input)
	}
	for len(input) > 0 {
		n := min(chunkSize, len(input))
		r.Add(p.Feed(input[:n:n]))
		input = input[n:]
	}
	r.Add(p.Close())
	return r.Events()
}

// RunChunks feeds each chunk in turn to p, closes it, and returns the
// recorded events.
func RunChunks(p StreamParser, chunks [][]byte) []Event {
	r := Recorder{KeepAllErrors: true}
	for _, c := range chunks {
		r.Add(p.Feed(c))
	}
	r.Add(p.Close())
	return r.Events()
}
