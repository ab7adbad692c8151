package suite

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/golden"
)

// TestReadmeSuiteFieldsAreTheSchemas: the README's suite format names
// every field of the schema and no other: the case table (with which are
// required), the transcript list and the settings line's keys.
func TestReadmeSuiteFieldsAreTheSchemas(t *testing.T) {
	var schema struct {
		Required   []string                   `json:"required"`
		Properties map[string]json.RawMessage `json:"properties"`
		Defs       struct {
			Transcript struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"transcript"`
			Settings struct {
				Properties struct {
					Suite struct {
						Properties map[string]json.RawMessage `json:"properties"`
					} `json:"suite"`
				} `json:"properties"`
			} `json:"suite_settings"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(SchemaJSON, &schema); err != nil {
		t.Fatal(err)
	}
	doc := golden.ReadDoc(t, "../README.md").Under("## Suite format")
	section := func(start, end string) string {
		_, s, ok := strings.Cut(doc.Text(), start)
		if !ok {
			t.Fatalf("README.md's Suite format section has no %q", start)
		}
		s, _, _ = strings.Cut(s, end)
		return s
	}
	keys := func(m map[string]json.RawMessage) []string {
		out := make([]string, 0, len(m))
		for k := range m {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	code := regexp.MustCompile("`([a-z_]+)`")

	// The case table: "| `a`, `b` | required | … |".
	var fields, required []string
	for _, cells := range doc.Table("| field | | meaning |") {
		for _, m := range code.FindAllStringSubmatch(cells[0], -1) {
			fields = append(fields, m[1])
			if cells[1] == "required" {
				required = append(required, m[1])
			}
		}
	}
	slices.Sort(fields)
	slices.Sort(required)
	want := slices.Clone(schema.Required)
	slices.Sort(want)
	if got := keys(schema.Properties); !slices.Equal(fields, got) {
		t.Errorf("README.md's case field table names %v; the schema's case fields are %v", fields, got)
	}
	if !slices.Equal(required, want) {
		t.Errorf("README.md's case field table requires %v; the schema requires %v", required, want)
	}

	// The transcript list: every item starts with a field, and names every
	// field.
	list := section("\n`transcript`:\n", "\n\n")
	tfields := keys(schema.Defs.Transcript.Properties)
	for _, m := range regexp.MustCompile("(?m)^- (?:exactly one source: )?`([a-z_]+)`").FindAllStringSubmatch(list, -1) {
		if !slices.Contains(tfields, m[1]) {
			t.Errorf("README.md's transcript list has an item for %s, which is not a transcript field", m[1])
		}
	}
	for _, f := range tfields {
		if !strings.Contains(list, "`"+f+"`") {
			t.Errorf("README.md's transcript list does not name the transcript field %s", f)
		}
	}

	// The settings line.
	var settings []string
	for _, m := range code.FindAllStringSubmatch(section("sets what applies to every\ncase: ", ".\n"), -1) {
		settings = append(settings, m[1])
	}
	slices.Sort(settings)
	if got := keys(schema.Defs.Settings.Properties.Suite.Properties); !slices.Equal(settings, got) {
		t.Errorf("README.md's settings line names %v; the schema's settings are %v", settings, got)
	}
}
