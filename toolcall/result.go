package toolcall

import (
	"bytes"
	"encoding/json"
)

// Result is the summary of one parsed message: what `tooleval parse`
// prints and what replay checks against gold calls.
type Result struct {
	Format    string `json:"format"`
	Text      string `json:"text"`
	Reasoning string `json:"reasoning"`
	Calls     []Call `json:"calls"`
	// Errors are the first MaxKeptErrors errors; ErrorsDropped counts
	// the ones after them.
	Errors        []Error `json:"errors"`
	ErrorsDropped int     `json:"errors_dropped,omitempty"`
}

// Collector builds a Result from events as they arrive.
type Collector struct {
	text, reasoning bytes.Buffer
	calls           []Call
	errors          []Error
	log             errorLog
}

// Add consumes events; it copies what it keeps.
func (c *Collector) Add(evs []Event) {
	for i := range evs {
		ev := &evs[i]
		switch ev.Kind {
		case KindText:
			c.text.Write(ev.Data)
		case KindReasoning:
			c.reasoning.Write(ev.Data)
		case KindCallEnd:
			c.calls = append(c.calls, ev.Call.Clone())
		case KindError:
			if c.log.keep() {
				c.errors = append(c.errors, ev.Err)
			}
		}
	}
}

// Result returns what was collected, labelled with format. Calls and Errors
// are never nil, so they marshal as [].
func (c *Collector) Result(format string) Result {
	r := Result{
		Format:    format,
		Text:      c.text.String(),
		Reasoning: c.reasoning.String(),
		Calls:     append([]Call{}, c.calls...),
		Errors:    append([]Error{}, c.errors...),

		ErrorsDropped: c.log.dropped,
	}
	for i := range r.Calls {
		if len(r.Calls[i].Arguments) == 0 {
			r.Calls[i].Arguments = json.RawMessage("{}")
		}
	}
	return r
}

// Collect runs events through a fresh Collector.
func Collect(format string, evs []Event) Result {
	var c Collector
	c.Add(evs)
	return c.Result(format)
}
