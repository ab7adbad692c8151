package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/tooleval/tooleval/retrieval"
)

// ConfigKey identifies retrieval settings: the first 16 hex digits of the
// SHA-256 of their canonical JSON (fields in declaration order, map keys
// sorted). Two configurations with the same settings have the same key
// whatever they are called.
func ConfigKey(c retrieval.Config) string {
	b, err := json.Marshal(c)
	if err != nil {
		panic(err) // a Config always marshals
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}
