package repair

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/tooleval/tooleval/toolcall"
)

// member is one argument of a call, in the order the model wrote it.
type member struct {
	key   string
	value json.RawMessage
}

// members decodes a call's arguments object in order; empty arguments are
// an empty object.
func members(raw json.RawMessage) ([]member, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, fmt.Errorf("arguments are not a JSON object")
	}
	var out []member
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key: k.(string), value: v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return out, nil
}

// object writes members back as one compact JSON object, in order, through
// toolcall.ExampleCall, the one ordered-object writer.
func object(ms []member) json.RawMessage {
	c := toolcall.ExampleCall{Args: make([]toolcall.ExampleArg, len(ms))}
	for i, m := range ms {
		c.Args[i] = toolcall.ExampleArg{Key: m.key, Value: m.value}
	}
	return json.RawMessage(c.Arguments())
}

// allows reports whether a value of JSON kind k fits types (empty: any).
// An integer fits "number".
func allows(types []string, k string) bool {
	if len(types) == 0 {
		return true
	}
	for _, t := range types {
		if t == k || t == "number" && k == "integer" {
			return true
		}
	}
	return false
}
