package main

import (
	"encoding/json"
	"io"
)

// writeJSON writes v as one line of JSON without HTML escaping, so that
// markup in model text stays readable.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
