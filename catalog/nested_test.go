package catalog

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func TestNestedParams(t *testing.T) {
	schema := `{"type":"object","properties":{
	  "flight":{"type":"object","description":"航班","required":["no"],"properties":{
	    "no":{"type":"string","description":"航班号"},
	    "seat":{"type":"object","properties":{"class":{"enum":["economy","business"]}}}}},
	  "passengers":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string","title":"passenger name"}}}},
	  "payment":{"anyOf":[{"type":"object","properties":{"card":{"description":"card number"}}},{"type":"null"}]},
	  "headers":{"type":"object","additionalProperties":{"type":"object","properties":{"value":{"type":"string","description":"header value"}}}},
	  "plain":{"type":"string","description":"a flat parameter"}}}`
	params, err := ParamsOf(json.RawMessage(schema))
	if err != nil {
		t.Fatal(err)
	}
	got, err := NestedParams(params)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name, desc string
		required   bool
		enum       string
	}{
		{"flight.no", "航班号", true, ""},
		{"flight.seat", "", false, ""},
		{"flight.seat.class", "", false, `"economy" "business"`},
		{"passengers[].name", "passenger name", false, ""},
		{"payment.card", "card number", false, ""},
		{"headers.*.value", "header value", false, ""},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d nested params %v, want %d", len(got), paramNames(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		var enum []string
		for _, e := range g.Enum {
			enum = append(enum, string(e))
		}
		if g.Name != w.name || g.Description != w.desc || g.Required != w.required || strings.Join(enum, " ") != w.enum {
			t.Errorf("nested[%d] = %s %q required=%v enum=%v, want %s %q required=%v enum=%s", i, g.Name, g.Description, g.Required, enum, w.name, w.desc, w.required, w.enum)
		}
	}
}

func TestNestedParamsDepthCapAndFlat(t *testing.T) {
	// 40 levels of nesting: the walk stops at the cap instead of recursing.
	s := `{"type":"string"}`
	for i := 0; i < 40; i++ {
		s = `{"type":"object","properties":{"x":` + s + `}}`
	}
	got, err := NestedParams([]toolcall.Param{{Name: "root", Schema: json.RawMessage(s)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != maxNestedDepth {
		t.Errorf("got %d nested params, want the cap %d", len(got), maxNestedDepth)
	}
	flat, err := NestedParams([]toolcall.Param{{Name: "q", Schema: json.RawMessage(`{"type":"string","description":"has no properties"}`)}})
	if err != nil || len(flat) != 0 {
		t.Errorf("flat parameter: %v, %v", flat, err)
	}
	if _, err := NestedParams([]toolcall.Param{{Name: "bad", Schema: json.RawMessage(`{"properties":`)}}); err == nil || !strings.Contains(err.Error(), "parameter bad") {
		t.Errorf("invalid schema: error %v should name the parameter", err)
	}
}

func paramNames(ps []toolcall.Param) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

// A tool whose parameters sit in top-level alternatives (MiniMax-M3's
// "one of two argument shapes") has the parameters of every alternative,
// typed by the first that names them; required applies only from the
// schema itself and its allOf.
func TestParamsOfAlternatives(t *testing.T) {
	schema := `{"type":"object","required":["mode"],"properties":{"mode":{"type":"string"}},
	  "oneOf":[{"type":"object","required":["count"],"properties":{"count":{"type":"integer"},"mode":{"type":"integer"}}},
	           {"type":"object","properties":{"kind":{"const":"other"}}}],
	  "allOf":[{"required":["trace"],"properties":{"trace":{"type":"boolean"}}}]}`
	params, err := ParamsOf(json.RawMessage(schema))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range params {
		got = append(got, p.Name+":"+strings.Join(p.Types, "|")+map[bool]string{true: "!", false: ""}[p.Required])
	}
	want := "mode:string! trace:boolean! count:integer kind:string"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("params %q, want %q", s, want)
	}
}

// A parameter that anyOf or oneOf alternatives type differently (a union
// discriminated by a sibling, as SGLang's GLM-4.7 schema tests write it)
// takes every alternative's type, so an integer stays an integer; a
// parameter the schema's own properties type is not widened.
func TestParamsOfAlternativesWidenTypes(t *testing.T) {
	schema := `{"properties":{"id":{"type":"string"}},
	  "anyOf":[{"properties":{"kind":{"const":"text"},"value":{"type":"string"},"id":{"type":"integer"}}},
	           {"properties":{"kind":{"const":"count"},"value":{"type":"integer"}}},
	           {"properties":{"value":{"type":"string"}}}]}`
	params, err := ParamsOf(json.RawMessage(schema))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range params {
		got = append(got, p.Name+":"+strings.Join(p.Types, "|"))
	}
	want := "id:string kind:string value:string|integer"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("params %q, want %q", s, want)
	}
}
