package toolcall

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Kind says what an Event is.
type Kind uint8

// The event kinds, in the order they typically occur.
const (
	// KindText is a delta of visible text (Data).
	KindText Kind = iota + 1
	// KindReasoning is a delta of reasoning/thinking text (Data).
	KindReasoning
	// KindCallStart opens call Index with its ID and Name.
	KindCallStart
	// KindArgsDelta is a raw JSON fragment (Data) of call Index's
	// arguments. The concatenated deltas of a call equal its final
	// Arguments; a fragment is never taken back.
	KindArgsDelta
	// KindCallEnd closes call Index; Call holds the complete call.
	KindCallEnd
	// KindError reports a problem (Err); parsing goes on.
	KindError
)

var kindNames = [...]string{
	KindText:      "text",
	KindReasoning: "reasoning",
	KindCallStart: "call_start",
	KindArgsDelta: "args_delta",
	KindCallEnd:   "call_end",
	KindError:     "error",
}

// String returns the kind's wire name ("text", "call_start", …).
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// ParseKind is the inverse of Kind.String.
func ParseKind(s string) (Kind, bool) {
	for k, n := range kindNames {
		if n != "" && n == s {
			return Kind(k), true
		}
	}
	return 0, false
}

// Event is one thing a parser found in the stream.
//
// Data may alias the chunk passed to Feed or the parser's internal buffers:
// it is valid only until the next call to Feed or Close, and read-only. So
// is a call_end's Call.Arguments, which may share the bytes of the
// args_delta before it. Use Clone or a Recorder to keep events.
type Event struct {
	Kind Kind
	// Offset is the byte offset in the whole input where the event's bytes
	// (or, for native streams, the wire event carrying it) begin.
	Offset int
	// Data is the delta of text, reasoning and args_delta events.
	Data []byte
	// Index is the call index of call_start, args_delta and call_end
	// events, and of error events tied to a call; -1 otherwise.
	Index int
	// ID and Name are set on call_start (and on call_end via Call).
	ID   string
	Name string
	// Call is the complete call of a call_end event.
	Call Call
	// Err is the problem of an error event.
	Err Error
}

// Clone returns a copy of e that owns all its bytes.
func (e Event) Clone() Event {
	if e.Data != nil {
		e.Data = append([]byte(nil), e.Data...)
	}
	e.Call = e.Call.Clone()
	return e
}

// eventJSON is the wire shape of an event in `tooleval parse --events`.
type eventJSON struct {
	Type    string          `json:"type"`
	Offset  int             `json:"offset"`
	Index   *int            `json:"index,omitempty"`
	ID      string          `json:"id,omitempty"`
	Name    string          `json:"name,omitempty"`
	Text    *string         `json:"text,omitempty"`
	Delta   *string         `json:"delta,omitempty"`
	Call    *Call           `json:"call,omitempty"`
	Code    Code            `json:"code,omitempty"`
	Message string          `json:"message,omitempty"`
	Partial json.RawMessage `json:"partial_arguments,omitempty"`
}

// MarshalJSON writes the event as one JSON object with a "type" field.
func (e Event) MarshalJSON() ([]byte, error) {
	w := eventJSON{Type: e.Kind.String(), Offset: e.Offset}
	idx := e.Index
	switch e.Kind {
	case KindText, KindReasoning:
		s := string(e.Data)
		w.Text = &s
	case KindCallStart:
		w.Index, w.ID, w.Name = &idx, e.ID, e.Name
	case KindArgsDelta:
		s := string(e.Data)
		w.Index, w.Delta = &idx, &s
	case KindCallEnd:
		c := e.Call
		w.Index, w.Call = &idx, &c
	case KindError:
		if ei := e.Err.Index; ei >= 0 {
			w.Index = &ei
		}
		w.Code, w.Message = e.Err.Code, e.Err.Message
		if e.Err.Partial != "" {
			w.Partial, _ = marshalJSON(e.Err.Partial)
		}
	}
	return marshalJSON(w)
}

// StreamParser is what both parsers implement: feed chunks, read events.
type StreamParser interface {
	// Feed consumes the next chunk and returns the events it completed. The
	// returned slice and the events' Data are reused by the next call.
	Feed(chunk []byte) []Event
	// Close ends the stream: held-back bytes are flushed and unfinished
	// calls are reported as incomplete_call errors.
	Close() []Event
}

// marshalJSON is json.Marshal without HTML escaping: model output is full
// of markup, and "<tool_call>" reads better than "\u003ctool_call\u003e".
// An outer json.Marshal still escapes if its caller wants that.
func marshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
