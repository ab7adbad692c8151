package toolcall

import (
	"encoding/json"
	"strings"
)

// ExampleCall is one call to write in a wire format, with the text the
// model wrote before it. Writers (textparse.WriteExample,
// nativeparse.WriteExample, anyparse.WriteExample) render it in every
// registered format, so tests and suites can be enumerated from the
// registries.
type ExampleCall struct {
	Text string // written before the call
	Name string
	Args []ExampleArg // in order
}

// ExampleArg is one argument of an ExampleCall; Value is anything
// json.Marshal writes (the writers use strings and ints; a
// json.RawMessage is written as it is, compacted).
type ExampleArg struct {
	Key   string
	Value any
}

// JSON returns the value as JSON.
func (a ExampleArg) JSON() string {
	b, _ := json.Marshal(a.Value)
	return string(b)
}

// Raw returns the value as an XML parameter holds it: a string as is,
// anything else as JSON.
func (a ExampleArg) Raw() string {
	if s, ok := a.Value.(string); ok {
		return s
	}
	return a.JSON()
}

// IsString reports whether the value is a string.
func (a ExampleArg) IsString() bool {
	_, ok := a.Value.(string)
	return ok
}

// JSONType names the JSON type of the value ("string", "number",
// "boolean", "null", "object" or "array"), for the dialects that type
// each argument (Kimi K3's type="…").
func (a ExampleArg) JSONType() string {
	switch k := JSONKind([]byte(a.JSON())); k {
	case "":
		return "null"
	case "integer":
		return "number"
	default:
		return k
	}
}

// Arguments returns the arguments as one JSON object, in order.
func (c ExampleCall) Arguments() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, a := range c.Args {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(a.Key)
		b.Write(k)
		b.WriteByte(':')
		b.WriteString(a.JSON())
	}
	b.WriteByte('}')
	return b.String()
}

// PythonArgs returns the arguments as Python keyword arguments
// (key="v", n=3).
func (c ExampleCall) PythonArgs() string {
	parts := make([]string, len(c.Args))
	for i, a := range c.Args {
		parts[i] = a.Key + "=" + a.JSON()
	}
	return strings.Join(parts, ", ")
}
