package benchmarks

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/toolcall"
)

// bigCatalogJSON generates an MCP tools/list result with n tools of 2–6
// parameters each (strings, integers with ranges, enums, arrays, nullable
// values), with descriptions of realistic length.
func bigCatalogJSON(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	verbs := []string{"get", "list", "create", "update", "delete", "search", "export", "sync"}
	nouns := []string{"invoice", "customer", "order", "ticket", "repo", "sheet", "route", "file", "user", "report"}
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		v, o := verbs[i%len(verbs)], nouns[(i/len(verbs))%len(nouns)]
		fmt.Fprintf(&b, `{"name":"%s_%s_%d","description":"%s a %s in workspace %d. Use it when the user asks to %s one or more %ss; results are paginated and sorted by last change.",`, v, o, i, strings.Title(v), o, i%37, v, o)
		b.WriteString(`"inputSchema":{"type":"object","properties":{`)
		fmt.Fprintf(&b, `"%s_id":{"type":"string","description":"Id of the %s"}`, o, o)
		params := 2 + i%5
		for p := 1; p < params; p++ {
			switch p {
			case 1:
				b.WriteString(`,"limit":{"type":"integer","minimum":1,"maximum":500,"default":50,"description":"Page size"}`)
			case 2:
				b.WriteString(`,"status":{"type":"string","enum":["open","closed","archived"],"description":"Filter by status"}`)
			case 3:
				b.WriteString(`,"tags":{"type":"array","items":{"type":"string"},"description":"Only items with all these tags"}`)
			case 4:
				b.WriteString(`,"since":{"type":["string","null"],"format":"date","description":"Changed after this date"}`)
			}
		}
		fmt.Fprintf(&b, `},"required":["%s_id"]},"annotations":{"readOnlyHint":%v}}`, o, v == "get" || v == "list" || v == "search")
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

func bigCatalog(b *testing.B, n int) *catalog.Catalog {
	c, err := catalog.Parse(bigCatalogJSON(n), "big.json")
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkCatalogLoad1000 parses and normalises a 1,000-tool MCP catalog.
func BenchmarkCatalogLoad1000(b *testing.B) {
	data := bigCatalogJSON(1000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := catalog.Parse(data, "big.json"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRender1000 renders a 1,000-tool catalog in every variant;
// bytes/s is output bytes.
func BenchmarkRender1000(b *testing.B) {
	tools := bigCatalog(b, 1000).Tools()
	for _, v := range prompt.Variants() {
		b.Run(strings.ReplaceAll(v, ":", "_"), func(b *testing.B) {
			out, err := prompt.Render(tools, v, prompt.Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := prompt.Render(tools, v, prompt.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCountTokens1000 counts the tokens of the detailed and native
// renderings of a 1,000-tool catalog (encoders loaded beforehand).
func BenchmarkCountTokens1000(b *testing.B) {
	tools := bigCatalog(b, 1000).Tools()
	for _, v := range []string{prompt.VariantDetailed, prompt.VariantRetrieved, "native:openai-chat"} {
		text, _ := prompt.Render(tools, v, prompt.Options{})
		for _, enc := range prompt.Encodings() {
			b.Run(strings.ReplaceAll(v, ":", "_")+"/"+enc, func(b *testing.B) {
				if _, err := prompt.CountTokens("warm up", enc); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if _, err := prompt.CountTokens(text, enc); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkEncoderLoad is the one-time cost of loading an embedded BPE
// table (measured once; later calls hit the cache).
func BenchmarkEncoderLoad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := prompt.CountTokens("x", prompt.EncodingO200k); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheck validates calls against a 1,000-tool catalog: a valid
// call and one with three problems (compiled schemas cached).
func BenchmarkCheck(b *testing.B) {
	c := bigCatalog(b, 1000)
	calls := map[string]toolcall.Call{
		"valid":   {Name: "list_invoice_1", Arguments: json.RawMessage(`{"invoice_id":"in_1","limit":20}`)},
		"invalid": {Name: "list_invoice_1", Arguments: json.RawMessage(`{"limit":"20","bogus":true}`)},
	}
	for name, call := range calls {
		b.Run(name, func(b *testing.B) {
			c.Check(call)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c.Check(call)
			}
		})
	}
}
