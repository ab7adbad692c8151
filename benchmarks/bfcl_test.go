package benchmarks

import (
	"encoding/json"
	"testing"

	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/pyliteral"
	"github.com/tooleval/tooleval/toolcall"
)

// The leaderboard's checker on a parallel Python entry and a Java entry,
// and the Python-ast reader on a prompting model's output.

var bfclCatalog = func() *catalog.Catalog {
	c, err := catalog.Parse([]byte(`[
 {"name":"convert_units","description":"Convert.","parameters":{"type":"dict","properties":{
   "value":{"type":"float"},"from_unit":{"type":"string"},"to_unit":{"type":"string"},"precision":{"type":"integer"},
   "tags":{"type":"array","items":{"type":"string"}}},"required":["value","from_unit","to_unit"]}},
 {"name":"Timer.set","description":"Set a timer.","parameters":{"type":"dict","properties":{
   "seconds":{"type":"double"},"ids":{"type":"ArrayList","items":{"type":"integer"}}},"required":["seconds"]}}]`), "bench.json")
	if err != nil {
		panic(err)
	}
	return c
}()

func BenchmarkCheckBFCL(b *testing.B) {
	cases := []struct {
		name, gold string
		rules      *bfclcheck.Rules
		calls      []toolcall.Call
	}{
		{"parallel_python",
			`[{"convert_units":{"value":[5.0],"from_unit":["kg","kilogram"],"to_unit":["lb","pounds"],"precision":[2,""],"tags":[["a b","c"],""]}},
			  {"convert_units":{"value":[2.0],"from_unit":["l","litres"],"to_unit":["gal","gallons"],"precision":[""]}}]`,
			&bfclcheck.Rules{Checker: "bfcl", Category: "parallel"},
			[]toolcall.Call{
				{Index: 0, Name: "convert_units", Arguments: json.RawMessage(`{"value":2,"from_unit":"Litres","to_unit":"gallons"}`)},
				{Index: 1, Name: "convert_units", Arguments: json.RawMessage(`{"value":5,"from_unit":"KG","to_unit":"pounds","precision":2,"tags":["A-B","c"]}`)},
			}},
		{"simple_java",
			`[{"Timer.set":{"seconds":[2.5],"ids":[[1,2,3]]}}]`,
			&bfclcheck.Rules{Checker: "bfcl", Category: "simple_java", Types: map[string]map[string]string{"Timer.set": {"seconds": "double", "ids": "ArrayList<integer>"}}},
			[]toolcall.Call{{Name: "Timer.set", Arguments: json.RawMessage(`{"seconds":"2.5","ids":"new ArrayList<>(Arrays.asList(1, 2, 3))"}`)}}},
	}
	for _, tc := range cases {
		var gold []metrics.GoldCall
		if err := json.Unmarshal([]byte(tc.gold), &gold); err != nil {
			b.Fatal(err)
		}
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := bfclcheck.Check(bfclCatalog, tc.calls, gold, nil, tc.rules); !r.Correct {
					b.Fatal(r.Problems)
				}
			}
		})
	}
}

func BenchmarkParseCallsAST(b *testing.B) {
	src := `[get_weather(city='San Francisco, CA', unit="celsius", days=3, detail=params), ` +
		`plan_route(origin='北京南站', stops=[(39.9, 116.4), (40.0, 116.3)], avoid={'tolls': True, 'ferries': False}, depart=datetime.now())]`
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pyliteral.ParseCallsOptions(src, pyliteral.Options{AST: true}); err != nil {
			b.Fatal(err)
		}
	}
}
