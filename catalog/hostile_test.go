package catalog

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/internal/growth"
	"github.com/tooleval/tooleval/toolcall"
)

// deepCatalog is an OpenAI tools array whose schema nests properties
// about n bytes deep.
func deepCatalog(n int) []byte {
	level := `{"type":"object","properties":{"a":`
	d := n / len(level)
	return []byte(`[{"type":"function","function":{"name":"f","description":"d","parameters":` +
		strings.Repeat(level, d) + `{"type":"string"}` + strings.Repeat("}}", d) + `}}]`)
}

// wideCatalog is n bytes of tools with flat schemas: no cap applies and the
// cost must stay linear.
func wideCatalog(n int) []byte {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"type":"function","function":{"name":"tool_%d","description":"does thing %d","parameters":{"type":"object","properties":{"p":{"type":"string","description":"a path"},"q":{"type":"integer"}},"required":["p"]}}}`, i, i)
	}
	b.WriteString("]")
	return []byte(b.String())
}

// A schema nested past MaxNesting is a located error (it used 1.3 GB at
// 10,000 levels and ran for minutes at 100,000); memory stays linear.
func TestDeepSchemaCapped(t *testing.T) {
	for _, n := range []int{64 << 10, 1 << 20} {
		_, err := Parse(deepCatalog(n), "deep.json")
		var le *toolcall.FileError
		if !errors.As(err, &le) || le.Line != 1 || le.Column == 0 || !strings.Contains(le.Message, fmt.Sprintf("deeper than %d", MaxNesting)) {
			t.Fatalf("%d: error %v, want a located nesting error", n, err)
		}
		if len(err.Error()) > 200 {
			t.Fatalf("error message of %d bytes", len(err.Error()))
		}
	}
	growth.Linear(t, 64<<10, deepCatalog, func(in []byte) { _, _ = Parse(in, "deep.json") })
	// JSON Lines: the same error, on the right line.
	_, err := Parse(append([]byte(`{"name":"g","parameters":{}}`+"\n"), deepCatalog(10000)...), "deep.jsonl")
	var le *toolcall.FileError
	if !errors.As(err, &le) || le.Line != 2 || !strings.Contains(le.Message, "deeper than") {
		t.Fatalf("JSON Lines: %v", err)
	}
	// NormalizeSchema has the same cap.
	if _, _, err := NormalizeSchema([]byte(strings.Repeat(`{"items":`, 200) + "{}" + strings.Repeat("}", 200))); err == nil || !strings.Contains(err.Error(), "deeper than") {
		t.Fatalf("NormalizeSchema: %v", err)
	}
}

// Nesting up to the cap loads.
func TestNestingAtCapLoads(t *testing.T) {
	// 4 levels of envelope ([, tool, function, parameters) plus 2 per level.
	d := (MaxNesting - 4) / 2
	in := []byte(`[{"type":"function","function":{"name":"f","description":"d","parameters":` +
		strings.Repeat(`{"type":"object","properties":{"a":`, d) + `{"type":"string"}` + strings.Repeat("}}", d) + `}}]`)
	if _, err := Parse(in, "ok.json"); err != nil {
		t.Fatal(err)
	}
}

func TestWideCatalogLinear(t *testing.T) {
	growth.Linear(t, 64<<10, wideCatalog, func(in []byte) {
		if _, err := Parse(in, "wide.json"); err != nil {
			t.Fatal(err)
		}
	})
}
