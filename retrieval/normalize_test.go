package retrieval

import (
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func TestLightStem(t *testing.T) {
	tests := []struct{ in, want string }{
		// -s
		{"flights", "flight"}, {"files", "file"}, {"tables", "table"}, {"schemas", "schema"},
		{"issues", "issue"}, {"repos", "repo"}, {"reads", "read"}, {"writes", "write"},
		{"tasks", "task"}, {"flight", "flight"},
		// -ies
		{"queries", "query"}, {"policies", "policy"}, {"entries", "entry"}, {"directories", "directory"},
		{"movies", "movie"}, {"cookies", "cookie"}, {"ties", "tie"}, {"lies", "lie"},
		// -es after s, x, z, ch, sh
		{"boxes", "box"}, {"indexes", "index"}, {"classes", "class"}, {"addresses", "address"},
		{"processes", "process"}, {"matches", "match"}, {"branches", "branch"}, {"searches", "search"},
		{"hashes", "hash"}, {"pushes", "push"}, {"buzzes", "buzz"}, {"quizzes", "quiz"},
		// singular ends in -e
		{"databases", "database"}, {"responses", "response"}, {"releases", "release"},
		{"sizes", "size"}, {"caches", "cache"}, {"uses", "use"}, {"cases", "case"},
		// plurals of -us, -as, -is words
		{"statuses", "status"}, {"aliases", "alias"}, {"analyses", "analysis"}, {"buses", "bus"},
		{"indices", "index"},
		// not plurals
		{"status", "status"}, {"process", "process"}, {"address", "address"}, {"analysis", "analysis"},
		{"alias", "alias"}, {"https", "https"}, {"news", "news"}, {"series", "series"},
		{"species", "species"}, {"canvas", "canvas"}, {"virus", "virus"}, {"basis", "basis"},
		{"redis", "redis"}, {"chaos", "chaos"}, {"always", "always"},
		// short words and acronyms
		{"aws", "aws"}, {"dns", "dns"}, {"has", "has"}, {"its", "its"}, {"is", "is"}, {"s", "s"}, {"", ""},
		// not lowercase ASCII letters
		{"v2s", "v2s"}, {"Files", "Files"}, {"café", "café"},
	}
	for _, tc := range tests {
		if got := LightStem(tc.in); got != tc.want {
			t.Errorf("LightStem(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLightStemIdempotent: a folded word folds to itself, so documents and
// queries meet whichever number either uses.
func TestLightStemIdempotent(t *testing.T) {
	for _, w := range []string{"flights", "queries", "boxes", "databases", "statuses", "analyses", "caches", "matches", "movies", "quizzes"} {
		once := LightStem(w)
		if twice := LightStem(once); twice != once {
			t.Errorf("LightStem(%q) = %q but LightStem(%q) = %q", w, once, once, twice)
		}
	}
}

// TestSingularQueryFindsPluralTool is the miss that motivated the light
// normaliser: "flight" in a query must reach a tool described with
// "flights", and the other way round.
func TestSingularQueryFindsPluralTool(t *testing.T) {
	tools := []toolcall.Tool{
		{Name: "search_flights", Description: "Search one-way flights between two airports"},
		{Name: "convert_currency", Description: "Convert an amount between currencies"},
		{Name: "get_forecast", Description: "Weather forecast for a city"},
	}
	for _, cfg := range []AnalyzerConfig{{}, {Normalize: NormalizeSnowball}} {
		ix, err := New(tools, WithAnalyzer(cfg))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"Find me a flight from LIS to AMS", "any flights to AMS?"} {
			hits, err := ix.Search(q, 1)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) != 1 || hits[0].Name != "search_flights" {
				t.Errorf("%+v: %q → %v, want search_flights", cfg, q, hits)
			}
		}
		ix.Close()
	}
}
