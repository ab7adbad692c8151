package retrieval

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/catalog"
)

func TestNamedTools(t *testing.T) {
	names := []string{"read_file", "read_file_lines", "search", "getWeather", "fs.write", "git-log", "Search"}
	for q, want := range map[string]string{
		"use read_file on notes.txt":                   "read_file",
		"use read_file_lines on notes.txt":             "read_file_lines",
		"call read_file.":                              "read_file",
		"call read_files":                              "",
		"xread_file":                                   "",
		"search my notes":                              "",
		"run `search` with q=budget":                   "search",
		"getWeather for Paris, then fs.write it":       "getWeather,fs.write",
		"show git-log and \"Search\"":                  "git-log,Search",
		"READ_FILE":                                    "",
		"(read_file) and read_file again":              "read_file",
		"调用read_file读取文件":                              "",
		"调用 read_file 读取文件":                            "read_file",
		"please use fs.writes":                         "",
		"":                                             "",
		"read_file\nread_file_lines\nsearch\n`search`": "read_file,read_file_lines,search",
	} {
		if got := strings.Join(NamedTools(q, names), ","); got != want {
			t.Errorf("%q: got %q, want %q", q, got, want)
		}
	}
}

func TestExactNameMiss(t *testing.T) {
	hits := []Hit{{Name: "a", Always: true}, {Name: "x"}, {Name: "y"}, {Name: "z"}}
	for _, c := range []struct {
		named []string
		want  string
	}{
		{nil, ""}, {[]string{"x"}, ""}, {[]string{"y", "x"}, ""}, {[]string{"y"}, "y"}, {[]string{"a"}, "a"}, {[]string{"w"}, "w"},
	} {
		if got := ExactNameMiss(hits, c.named); got != c.want {
			t.Errorf("%v: got %q, want %q", c.named, got, c.want)
		}
	}
}

// The exact-name check on the test catalogs: a query naming a tool
// ("use `NAME` to …") must find it first, under BM25 and under a regex
// search for the name. Every miss is listed; the test fails on any.
func TestExactNameFirstOnCatalogs(t *testing.T) {
	for _, file := range []string{"filesystem.mcp.json", "git.mcp.json", "excel.openai.json", "anthropic.json", "responses.json"} {
		cat, err := catalog.LoadFile("../testdata/catalogs/" + file)
		if err != nil {
			t.Fatal(err)
		}
		tools := cat.Tools()
		ix, err := New(tools)
		if err != nil {
			t.Fatal(err)
		}
		rx := NewRegex(tools)
		var misses []string
		for _, tool := range tools {
			q := fmt.Sprintf("use `%s` to do what I asked", tool.Name)
			named := NamedTools(q, cat.Names())
			hits, err := ix.Search(q, 5)
			if err != nil {
				t.Fatal(err)
			}
			if m := ExactNameMiss(hits, named); m != "" {
				misses = append(misses, fmt.Sprintf("bm25 %s: %v", m, hits))
			}
			rhits, err := rx.Search(regexp.QuoteMeta(tool.Name), 0)
			if err != nil {
				t.Fatal(err)
			}
			if m := ExactNameMiss(rhits, named); m != "" {
				misses = append(misses, fmt.Sprintf("regex %s: %v", m, rhits))
			}
		}
		for _, m := range misses {
			t.Errorf("%s: %s", file, m)
		}
		ix.Close()
	}
}
