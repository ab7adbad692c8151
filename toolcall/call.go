package toolcall

import "encoding/json"

// Call is one complete tool call as parsed from a stream.
type Call struct {
	// Index is the call's position among the calls of one message, from 0.
	Index int `json:"index"`
	// ID is the provider's call id, or one the parser made up
	// ("call_<index>") when the protocol has none.
	ID   string `json:"id"`
	Name string `json:"name"`
	// Arguments is the JSON object of the arguments ("{}" when none).
	Arguments json.RawMessage `json:"arguments"`
}

// Clone returns a deep copy of c that owns its Arguments bytes.
func (c Call) Clone() Call {
	if c.Arguments != nil {
		c.Arguments = append(json.RawMessage(nil), c.Arguments...)
	}
	return c
}
