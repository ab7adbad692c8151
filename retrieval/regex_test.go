package retrieval

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func regexTools() []toolcall.Tool {
	return []toolcall.Tool{
		{Name: "read_file", Description: "Read a text file from disk.", Params: []toolcall.Param{{Name: "path"}, {Name: "max_bytes"}}},
		{Name: "write_file", Description: "Write text to a FILE.", Params: []toolcall.Param{{Name: "path"}, {Name: "content"}}},
		{Name: "get_weather", Description: "Current weather for a city.", Params: []toolcall.Param{{Name: "city"}}},
		{Name: "file", Description: "Describe a file.", Params: []toolcall.Param{{Name: "path"}}},
		{Name: "send_email", Description: "Send an email.", Params: []toolcall.Param{{Name: "to"}, {Name: "body"}}},
	}
}

func TestRegexSearch(t *testing.T) {
	ix := NewRegex(regexTools())
	for _, c := range []struct {
		pattern string
		max     int
		want    string
	}{
		{"file", 0, "file read_file write_file"},                     // whole name, then names in catalog order
		{"FILE", 0, "file read_file write_file"},                     // case-insensitive
		{"(?-i)FILE", 0, "write_file"},                               // unless the pattern says otherwise
		{"weather|email", 0, "get_weather send_email"},               // names
		{"disk", 0, "read_file"},                                     // description
		{"^city$", 0, "get_weather"},                                 // parameter name
		{"^(read|write)_", 1, "read_file"},                           // max
		{"path", 0, "read_file write_file file"},                     // parameters, catalog order
		{"nothing-matches-this", 0, ""},                              // no hit, no error
		{"get_weather", 0, "get_weather"},                            // an exact name ranks first
		{"e", 0, "read_file write_file get_weather file send_email"}, // the default cap (5)
	} {
		hits, err := ix.Search(c.pattern, c.max)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		var names []string
		for _, h := range hits {
			names = append(names, h.Name)
		}
		if got := strings.Join(names, " "); got != c.want {
			t.Errorf("%q: got %q, want %q", c.pattern, got, c.want)
		}
	}
}

// Patterns a model gets wrong are errors that say what is wrong.
func TestRegexSearchErrors(t *testing.T) {
	ix := NewRegex(regexTools())
	for pattern, want := range map[string]string{
		"":                             "empty pattern",
		"   ":                          "empty pattern",
		"(unclosed":                    "not an RE2 pattern",
		`(?<=look)behind`:              "not an RE2 pattern",
		strings.Repeat("a", 201):       "over the 200-byte cap",
		"\xff":                         "not valid UTF-8",
		strings.Repeat("(a|", 10) + "": "not an RE2 pattern",
	} {
		_, err := ix.Search(pattern, 0)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want %q", pattern, err, want)
		}
	}
	if hits, err := ix.Search(strings.Repeat("a", 200), 0); err != nil || len(hits) != 0 {
		t.Errorf("a 200-byte pattern: %v %v", hits, err)
	}
	hits, _ := ix.Search(".", 1000)
	if len(hits) != 5 {
		t.Errorf("max over the cap: %d hits", len(hits))
	}
}

// Any tool name, quoted as a literal, finds that tool first.
func TestRegexExactNameFirst(t *testing.T) {
	tools := regexTools()
	ix := NewRegex(tools)
	for _, tool := range tools {
		hits, err := ix.Search(regexp.QuoteMeta(tool.Name), 0)
		if err != nil || len(hits) == 0 || hits[0].Name != tool.Name || hits[0].Score != RegexWholeName {
			t.Errorf("%s: %v %v", tool.Name, hits, err)
		}
	}
}

func FuzzRegexSearch(f *testing.F) {
	for _, s := range []string{"file", "(?-i)FILE", "^$", "a{1000}", "(a|b)*c", "\\p{Han}", "[[:alpha:]]+"} {
		f.Add(s)
	}
	ix := NewRegex(regexTools())
	f.Fuzz(func(t *testing.T, pattern string) {
		hits, err := ix.Search(pattern, 0)
		if err == nil && len(hits) > DefaultRegexMatches {
			t.Fatalf("%d hits", len(hits))
		}
	})
}
