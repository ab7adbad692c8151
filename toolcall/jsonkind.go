package toolcall

import "bytes"

// JSONKind is the JSON type of a raw value: "string", "integer" (a number
// written without fraction or exponent), "number", "boolean", "null",
// "array" or "object".
func JSONKind(v []byte) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return ""
	}
	switch v[0] {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	if bytes.ContainsAny(v, ".eE") {
		return "number"
	}
	return "integer"
}
