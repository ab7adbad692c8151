package suite

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/internal/golden"
)

// TestSuiteSchemaGenerated: the committed suite.schema.json is what the
// template, the parser registry and the Go types produce (go generate
// ./suite, or go test -run TestSuiteSchemaGenerated -update, rewrites it).
func TestSuiteSchemaGenerated(t *testing.T) {
	got, err := GenerateSchema()
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "suite.schema.json", got, *update)
	// Its $id is where it lives in the module (it moved from replay/).
	var doc struct {
		ID string `json:"$id"`
	}
	if err := json.Unmarshal(got, &doc); err != nil || doc.ID != "https://github.com/tooleval/tooleval/suite/suite.schema.json" {
		t.Errorf("$id %q (%v), want the schema's path in the module, suite/suite.schema.json", doc.ID, err)
	}
}

// TestSchemaFormatsAreTheRegistry: transcript.format is exactly every
// format the parsers accept.
func TestSchemaFormatsAreTheRegistry(t *testing.T) {
	var doc struct {
		Defs struct {
			Transcript struct {
				Properties struct {
					Format struct {
						Enum []string `json:"enum"`
					} `json:"format"`
				} `json:"properties"`
			} `json:"transcript"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(SchemaJSON, &doc); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range anyparse.Formats() {
		want = append(want, string(f))
	}
	if got := doc.Defs.Transcript.Properties.Format.Enum; !slices.Equal(got, want) {
		t.Fatalf("schema formats %v, registry %v", got, want)
	}
}

// TestSchemaFieldsCheck: a field the schema lacks, or a property no field
// reads, fails the generation.
func TestSchemaFieldsCheck(t *testing.T) {
	doc := map[string]any{"$defs": map[string]any{"x": map[string]any{"properties": map[string]any{"a": map[string]any{}}}}}
	type hasB struct {
		A int `json:"a"`
		B int `json:"b,omitempty"`
	}
	if err := sameFields(doc, "$defs/x", reflect.TypeFor[hasB]()); err == nil || !strings.Contains(err.Error(), `no property "b"`) {
		t.Errorf("missing property: %v", err)
	}
	type onlyC struct {
		A int `json:"a"`
		C int `json:"-"`
	}
	if err := sameFields(doc, "$defs/x", reflect.TypeFor[onlyC]()); err != nil {
		t.Errorf("matching fields: %v", err)
	}
	doc["$defs"].(map[string]any)["x"].(map[string]any)["properties"].(map[string]any)["z"] = map[string]any{}
	if err := sameFields(doc, "$defs/x", reflect.TypeFor[onlyC]()); err == nil || !strings.Contains(err.Error(), `"z" is no field`) {
		t.Errorf("extra property: %v", err)
	}
}
