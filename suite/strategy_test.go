package suite

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/strategy"
)

func TestSettingsStrategies(t *testing.T) {
	fsys := trialFS(t, `{"suite":{"strategies":[{"strategy":"inject"},{"strategy":"search","search":"regex","k":3},{"strategy":"all"}]}}`,
		`{"id":"one",`+trialHead+`}`)
	s, err := Load(fsys, "suite.jsonl", "")
	if err != nil {
		t.Fatal(err)
	}
	want := []strategy.Strategy{{Strategy: "inject"}, {Strategy: "search", Search: "regex", K: 3}, {Strategy: "all"}}
	if len(s.Settings.Strategies) != 3 || s.Settings.Strategies[1] != want[1] {
		t.Errorf("strategies %+v, want %+v", s.Settings.Strategies, want)
	}
	for _, c := range []struct{ settings, want string }{
		{`{"strategies":[{"strategy":"top_k"}]}`, `suite.jsonl:1: suite.strategies[0].strategy`},
		{`{"strategies":[{"strategy":"search","search":"grep"}]}`, `suite.jsonl:1: suite.strategies[0].search`},
		{`{"strategies":[{"strategy":"search"},{"strategy":"all","k":2}]}`, `suite.jsonl:1: suite.strategies[1].k: the all strategy shows the whole catalog; leave k out`},
		{`{"strategies":[{"strategy":"inject","search":"bm25"}]}`, `suite.jsonl:1: suite.strategies[0].search: only the search strategy searches`},
		{`{"strategies":[{"strategy":"search"},{"strategy":"search","search":"bm25"}]}`, `suite.jsonl:1: suite.strategies[1].strategy: search:bm25 is declared twice`},
		{`{"strategies":[{"strategy":"search","search":"regex","k":51}]}`, `suite.jsonl:1: suite.strategies[0].k: a regex search returns at most 50 tools`},
		{`{"strategies":[]}`, `suite.jsonl:1: suite.strategies`},
	} {
		_, err := Load(trialFS(t, `{"suite":`+c.settings+`}`, `{"id":"one",`+trialHead+`}`), "suite.jsonl", "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.settings, err, c.want)
		}
	}
}
