package toolcall

import (
	"encoding/json"
	"fmt"
)

// Error is one problem found in a stream. It implements error.
type Error struct {
	// Offset is the byte offset in the whole input where the problem is.
	Offset  int    `json:"offset"`
	Code    Code   `json:"code"`
	Message string `json:"message"`
	// Index is the call the problem belongs to, or -1.
	Index int `json:"-"`
	// Partial holds the raw arguments of a broken call: those received so
	// far for incomplete_call; for invalid_json the argument text as the
	// model wrote it — a native stream's whole arguments string, a text
	// dialect's bytes up to the call's closer (less the markup around the
	// arguments) or, in a dialect whose calls have no closer, up to the
	// error — and empty when the parser has no such text (arguments that
	// are not an object, or past the call byte cap).
	Partial string `json:"partial_arguments,omitempty"`
}

func (e *Error) Error() string {
	if e.Index >= 0 {
		return fmt.Sprintf("offset %d: call %d: %s: %s", e.Offset, e.Index, e.Code, e.Message)
	}
	return fmt.Sprintf("offset %d: %s: %s", e.Offset, e.Code, e.Message)
}

// ErrorEvent builds an error event.
func ErrorEvent(offset int, code Code, index int, format string, args ...any) Event {
	return Event{
		Kind:   KindError,
		Offset: offset,
		Index:  index,
		Err:    Error{Offset: offset, Code: code, Index: index, Message: fmt.Sprintf(format, args...)},
	}
}

// MarshalJSON writes {"offset","code","message"} plus "index" when the
// error belongs to a call and "partial_arguments" when there are any.
func (e Error) MarshalJSON() ([]byte, error) {
	type plain struct {
		Offset  int    `json:"offset"`
		Code    Code   `json:"code"`
		Message string `json:"message"`
		Index   *int   `json:"index,omitempty"`
		Partial string `json:"partial_arguments,omitempty"`
	}
	w := plain{Offset: e.Offset, Code: e.Code, Message: e.Message, Partial: e.Partial}
	if e.Index >= 0 {
		idx := e.Index
		w.Index = &idx
	}
	return marshalJSON(w)
}

// UnmarshalJSON is the inverse of MarshalJSON (a missing index is -1).
func (e *Error) UnmarshalJSON(b []byte) error {
	var w struct {
		Offset  int    `json:"offset"`
		Code    Code   `json:"code"`
		Message string `json:"message"`
		Index   *int   `json:"index"`
		Partial string `json:"partial_arguments"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*e = Error{Offset: w.Offset, Code: w.Code, Message: w.Message, Index: -1, Partial: w.Partial}
	if w.Index != nil {
		e.Index = *w.Index
	}
	return nil
}
