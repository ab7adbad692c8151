package metrics

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// GoldCall is one expected call in the Berkeley Function Calling
// Leaderboard's possible-answer form: {"tool_name": {"param": [allowed…]}}.
// An empty string among a parameter's allowed values means the parameter
// may be left out.
type GoldCall struct {
	Name string
	// Params lists the parameters in the order the answer gives them.
	Params []GoldParam
}

// GoldParam is one parameter of a GoldCall with its allowed values.
type GoldParam struct {
	Name    string
	Allowed []json.RawMessage
}

// Param returns the parameter called name, or nil.
func (g *GoldCall) Param(name string) *GoldParam {
	for i := range g.Params {
		if g.Params[i].Name == name {
			return &g.Params[i]
		}
	}
	return nil
}

// Optional reports whether the parameter may be left out: its allowed
// values include "".
func (p *GoldParam) Optional() bool {
	for _, a := range p.Allowed {
		if isEmptyString(a) {
			return true
		}
	}
	return false
}

func isEmptyString(v json.RawMessage) bool {
	return string(bytes.TrimSpace(v)) == `""`
}

// UnmarshalJSON reads the one-key object form, keeping parameter order.
func (g *GoldCall) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := expectDelim(dec, '{', "a gold call must be an object {\"tool\": {\"param\": [values…]}}"); err != nil {
		return err
	}
	*g = GoldCall{}
	n := 0
	for dec.More() {
		name, err := dec.Token()
		if err != nil {
			return err
		}
		n++
		if n > 1 {
			return fmt.Errorf("a gold call must have exactly one key (the tool name), found a second key %q", name)
		}
		g.Name = name.(string)
		if err := expectDelim(dec, '{', fmt.Sprintf("gold call %q: parameters must be an object", g.Name)); err != nil {
			return err
		}
		for dec.More() {
			pn, err := dec.Token()
			if err != nil {
				return err
			}
			var allowed []json.RawMessage
			if err := dec.Decode(&allowed); err != nil {
				return fmt.Errorf("gold call %q: parameter %q: allowed values must be an array: %v", g.Name, pn, err)
			}
			if allowed == nil {
				allowed = []json.RawMessage{} // [] : no value is right (the leaderboard has such answers)
			}
			g.Params = append(g.Params, GoldParam{Name: pn.(string), Allowed: allowed})
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
	}
	if n == 0 {
		return fmt.Errorf("a gold call must have exactly one key (the tool name), found none")
	}
	return nil
}

// MarshalJSON writes the one-key object form, keeping parameter order and
// the allowed values as written (compacted). It leaves HTML characters
// alone, so the caller's encoder decides whether to escape them.
func (g GoldCall) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	writeString(&b, g.Name)
	b.WriteString(":{")
	for i, p := range g.Params {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(&b, p.Name)
		b.WriteString(":[")
		for j, v := range p.Allowed {
			if j > 0 {
				b.WriteByte(',')
			}
			if err := json.Compact(&b, v); err != nil {
				return nil, fmt.Errorf("gold call %q: parameter %q: allowed value %d: %v", g.Name, p.Name, j, err)
			}
		}
		b.WriteByte(']')
	}
	b.WriteString("}}")
	return b.Bytes(), nil
}

// writeString writes s as a JSON string without HTML escaping.
func writeString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	b.Truncate(b.Len() - 1)
}

func expectDelim(dec *json.Decoder, d json.Delim, msg string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != d {
		return fmt.Errorf("%s", msg)
	}
	return nil
}
