package suite

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// SchemaJSON is the JSON Schema (draft 2020-12) of one suite line.
//
//go:embed suite.schema.json
var SchemaJSON []byte

var caseSchema = sync.OnceValues(func() (*jsonschema.Schema, error) { return compileSchema("") })

// settingsSchema is the schema of a suite's settings line.
var settingsSchema = sync.OnceValues(func() (*jsonschema.Schema, error) { return compileSchema("#/$defs/suite_settings") })

func compileSchema(fragment string) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(SchemaJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	const url = "suite.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url + fragment)
}

var printer = message.NewPrinter(language.English)

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
	err = sch.Validate(v)
	if err == nil {
		return nil, nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return [][2]string{{"", err.Error()}}, nil
	}
	var out [][2]string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		loc := e.InstanceLocation
		switch k := e.ErrorKind.(type) {
		case *kind.OneOf:
			if len(loc) > 0 && loc[len(loc)-1] == "transcript" {
				out = append(out, [2]string{pointerToField(loc), "needs exactly one of text, file or chunks"})
				return
			}
		case *kind.Required:
			for _, m := range k.Missing {
				out = append(out, [2]string{pointerToField(append(loc[:len(loc):len(loc)], m)), "required field is missing"})
			}
			return
		case *kind.Enum:
			if n := len(loc); n >= 2 && loc[n-1] == "format" && loc[n-2] == "transcript" {
				// The list is the parser registry's: long, and growing
				// with every dialect; parse --help describes each one.
				out = append(out, [2]string{pointerToField(loc), fmt.Sprintf("unknown format %s: want one of the formats tooleval parse --help lists", jsonText(k.Got))})
				return
			}
		case *kind.AdditionalProperties:
			for _, m := range k.Properties {
				out = append(out, [2]string{pointerToField(append(loc[:len(loc):len(loc)], m)), "unknown field"})
			}
			return
		}
		if len(e.Causes) == 0 {
			out = append(out, [2]string{pointerToField(loc), e.ErrorKind.LocalizedString(printer)})
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
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
