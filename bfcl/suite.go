package bfcl

import "encoding/json"

// Case is one line of a replay suite (see the suite format in the README):
// the fields the importer fills.
type Case struct {
	ID            string          `json:"id"`
	Query         string          `json:"query"`
	Catalog       string          `json:"catalog"`
	GoldTools     []string        `json:"gold_tools"`
	AlwaysInclude []string        `json:"always_include,omitempty"`
	Lang          string          `json:"lang,omitempty"`
	Tags          []string        `json:"tags,omitempty"`
	Transcript    *Transcript     `json:"transcript,omitempty"`
	GoldCalls     json.RawMessage `json:"gold_calls,omitempty"`
}

// Transcript is a recorded model output in a suite case.
type Transcript struct {
	Format   string `json:"format"`
	Text     string `json:"text"`
	Variant  string `json:"variant,omitempty"`
	Protocol string `json:"protocol,omitempty"`
	Model    string `json:"model,omitempty"`
}
