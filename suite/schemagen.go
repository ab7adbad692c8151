package suite

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/internal/lazyre"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/repair"
	"github.com/tooleval/tooleval/strategy"
)

// The suite schema (suite.schema.json, embedded as SchemaJSON) is generated:
// GenerateSchema fills the lists other packages own into the hand-written
// suite.schema.tmpl.json and checks that the schema and the Go types name
// the same fields. TestSuiteSchemaGenerated fails when the committed file
// differs from what it produces; regenerate it with
//
//go:generate go test -run TestSuiteSchemaGenerated -update .

//go:embed suite.schema.tmpl.json
var schemaTemplate []byte

// schemaLists are the template's placeholders and what fills them.
func schemaLists() map[string]any {
	formats := anyparse.Formats()
	return map[string]any{
		"@generated":           "Generated from suite.schema.tmpl.json by go generate ./replay: transcript.format is every format of the parser registry (anyparse.Formats), transcript.variant every prompt variant, the match modes metrics lists, the repairs of package repair and the strategies of package strategy. Do not edit.",
		"@formats":             formats,
		"@variants":            append(slices.Clone(prompt.TextVariants()), prompt.VariantNative),
		"@trajectory_modes":    metrics.TrajectoryModes,
		"@arg_modes":           metrics.ArgModes,
		"@string_modes":        metrics.StringModes,
		"@repairs":             repair.Names(),
		"@strategies":          strategy.Names,
		"@searches":            strategy.Searches,
		"@recorded_strategies": strategy.Spellings(),
	}
}

// schemaTypes pairs each schema object with the Go type a suite line of
// that part decodes into: their fields must be the same.
var schemaTypes = []struct {
	pointer string
	typ     reflect.Type
}{
	{"", reflect.TypeFor[Case]()},
	{"$defs/transcript", reflect.TypeFor[Transcript]()},
	{"$defs/step", reflect.TypeFor[Step]()},
	{"$defs/search_tool", reflect.TypeFor[SearchTool]()},
	{"$defs/observed_call", reflect.TypeFor[ObservedCall]()},
	{"$defs/suite_settings/properties/suite", reflect.TypeFor[SuiteSettings]()},
	{"$defs/match", reflect.TypeFor[metrics.Match]()},
	{"$defs/strategy", reflect.TypeFor[strategy.Strategy]()},
	{"$defs/tool_match", reflect.TypeFor[metrics.ToolMatch]()},
	{"$defs/param_match", reflect.TypeFor[metrics.ParamMatch]()},
}

var placeholder = lazyre.New(`"@[a-z_]+"`)

// GenerateSchema returns the suite schema: the template with the format
// registry and the prompt variants filled in. It is an error when a
// placeholder is unknown or when a schema object and its Go type do not
// list the same fields (a field the loader would refuse, or one the schema
// lets through that nothing reads).
func GenerateSchema() ([]byte, error) {
	lists := schemaLists()
	var err error
	out := placeholder().ReplaceAllFunc(schemaTemplate, func(m []byte) []byte {
		v, ok := lists[string(bytes.Trim(m, `"`))]
		if !ok {
			err = fmt.Errorf("suite.schema.tmpl.json: unknown placeholder %s", m)
			return m
		}
		b, _ := json.Marshal(v)
		return b
	})
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := json.Unmarshal(out, &doc); err != nil {
		return nil, fmt.Errorf("suite.schema.tmpl.json: %v", err)
	}
	for _, st := range schemaTypes {
		if err := sameFields(doc, st.pointer, st.typ); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sameFields checks that the properties of the schema object at pointer
// are the JSON names of typ's fields.
func sameFields(doc map[string]any, pointer string, typ reflect.Type) error {
	obj := doc
	if pointer != "" {
		for _, k := range strings.Split(pointer, "/") {
			next, ok := obj[k].(map[string]any)
			if !ok {
				return fmt.Errorf("suite schema: no object at #/%s", pointer)
			}
			obj = next
		}
	}
	props, _ := obj["properties"].(map[string]any)
	var fields []string
	for f := range typ.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields = append(fields, name)
		if _, ok := props[name]; !ok {
			return fmt.Errorf("suite schema: #/%s has no property %q for %s.%s", pointer, name, typ.Name(), f.Name)
		}
	}
	for name := range props {
		if !slices.Contains(fields, name) {
			return fmt.Errorf("suite schema: #/%s property %q is no field of %s", pointer, name, typ.Name())
		}
	}
	return nil
}
