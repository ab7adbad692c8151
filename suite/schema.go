package suite

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/tooleval/tooleval/internal/jsonschema"
)

// SchemaJSON is the JSON Schema (draft 2020-12) of one suite line.
//
//go:embed suite.schema.json
var SchemaJSON []byte

// suiteSchema is the compiled suite schema, compiled on first use.
var suiteSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.Decode(SchemaJSON)
	if err != nil {
		return nil, err
	}
	return jsonschema.Compile(doc)
})

var caseSchema = suiteSchema

// settingsSchema is the schema of a suite's settings line.
var settingsSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	s, err := suiteSchema()
	if err != nil {
		return nil, err
	}
	return s.Lookup("#/$defs/suite_settings")
})

// schemaProblems validates one decoded line against the suite schema and
// returns its problems as (field, message) pairs, most specific first.
func schemaProblems(v any) ([][2]string, error) { return problemsOf(caseSchema, v) }

// settingsProblems validates a settings line.
func settingsProblems(v any) ([][2]string, error) { return problemsOf(settingsSchema, v) }

func problemsOf(schema func() (*jsonschema.Schema, error), v any) ([][2]string, error) {
	sch, err := schema()
	if err != nil {
		return nil, fmt.Errorf("suite schema: %w", err)
	}
	var out [][2]string
	var walk func(errs []*jsonschema.Error)
	walk = func(errs []*jsonschema.Error) {
		for _, e := range errs {
			loc := e.Path
			switch e.Keyword {
			case "oneOf", "anyOf":
				if e.Keyword == "oneOf" && len(loc) > 0 && loc[len(loc)-1] == "transcript" {
					out = append(out, [2]string{pointerToField(loc), "needs exactly one of text, file or chunks"})
					continue
				}
				if len(e.Alternatives) > 0 {
					for _, alt := range e.Alternatives {
						walk(alt)
					}
					continue
				}
			case "required":
				for _, m := range e.Missing {
					out = append(out, [2]string{pointerToField(append(loc[:len(loc):len(loc)], m)), "required field is missing"})
				}
				continue
			case "enum":
				if n := len(loc); n >= 2 && loc[n-1] == "format" && loc[n-2] == "transcript" {
					// The list is the parser registry's: long, and growing
					// with every dialect; parse --help describes each one.
					out = append(out, [2]string{pointerToField(loc), fmt.Sprintf("unknown format %s: want one of the formats tooleval parse --help lists", jsonText(e.Value))})
					continue
				}
			case "additionalProperties":
				for _, m := range e.Extra {
					out = append(out, [2]string{pointerToField(append(loc[:len(loc):len(loc)], m)), "unknown field"})
				}
				continue
			}
			out = append(out, [2]string{pointerToField(loc), e.Message})
		}
	}
	walk(sch.Validate(v))
	out = dedupe(out)
	sort.SliceStable(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out, nil
}

func dedupe(ps [][2]string) [][2]string {
	seen := map[[2]string]bool{}
	out := ps[:0]
	for _, p := range ps {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// jsonText writes a decoded JSON value as JSON.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
