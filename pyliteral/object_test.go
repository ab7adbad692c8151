package pyliteral

import (
	"math"
	"testing"
)

func mustJSON(t *testing.T, s string) Object {
	t.Helper()
	v, err := DecodeJSON([]byte(s))
	if err != nil {
		t.Fatalf("DecodeJSON(%s): %v", s, err)
	}
	return v
}

func TestEqual(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{`1`, `1.0`, true},
		{`true`, `1`, true},
		{`false`, `0.0`, true},
		{`1`, `"1"`, false},
		{`null`, `null`, true},
		{`null`, `0`, false},
		{`[1, 2]`, `[1.0, 2]`, true},
		{`[1, 2]`, `[2, 1]`, false},
		{`{"a": 1, "b": [2]}`, `{"b": [2.0], "a": true}`, true},
		{`{"a": 1}`, `{"a": 1, "b": 2}`, false},
		{`12345678901234567890123`, `12345678901234567890123`, true},
		{`12345678901234567890123`, `12345678901234567890124`, false},
		{`1e999`, `1e999`, true},
		{`1e999`, `-1e999`, false},
	} {
		if got := Equal(mustJSON(t, c.a), mustJSON(t, c.b)); got != c.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	nan := FloatOf(math.NaN())
	if Equal(nan, nan) {
		t.Error("NaN == NaN")
	}
	list, tuple := NewList(Int(1)), Object{Kind: KindTuple, Items: []Object{Int(1)}}
	if Equal(list, tuple) {
		t.Error("[1] == (1,)")
	}
	if !Equal(Object{Kind: KindComplex, Str: "2j"}, Object{Kind: KindComplex, Str: "2j"}) ||
		Equal(Object{Kind: KindComplex, Str: "2j"}, Object{Kind: KindComplex, Str: "3j"}) {
		t.Error("complex equality by literal")
	}
	if Equal(Str("a"), Object{Kind: KindBytes, Str: "a"}) {
		t.Error(`"a" == b"a"`)
	}
}

// A dict keeps its keys in insertion order; setting an equal key (1 and
// True and 1.0 are one key in Python) replaces the value in place.
func TestDictSetItem(t *testing.T) {
	d := NewDict()
	d.SetItem(Int(1), Str("a"))
	d.SetItem(Str("k"), Str("b"))
	d.SetItem(BoolOf(true), Str("c"))
	d.SetItem(FloatOf(1), Str("d"))
	if len(d.Keys) != 2 || d.Keys[0].Kind != KindInt || d.Items[0].Str != "d" || d.Items[1].Str != "b" {
		t.Fatalf("dict = %s", d.Short())
	}
	if v, ok := d.Get(FloatOf(1)); !ok || v.Str != "d" {
		t.Errorf("d[1.0] = %s, %v", v.Short(), ok)
	}
	if _, ok := d.Get(Str("1")); ok {
		t.Error(`d["1"] found`)
	}
	if got := mustJSON(t, `{"a": 1, "b": 2, "a": 3}`).Short(); got != `{"a": 3, "b": 2}` {
		t.Errorf("repeated JSON key: %s", got)
	}
}

func TestDecodeJSONKinds(t *testing.T) {
	for in, want := range map[string]Kind{
		`null`: KindNone, `true`: KindBool, `4`: KindInt, `4.0`: KindFloat, `4e0`: KindFloat,
		`"s"`: KindStr, `[]`: KindList, `{}`: KindDict,
	} {
		if got := mustJSON(t, in).Kind; got != want {
			t.Errorf("DecodeJSON(%s) is %s, want %s", in, got, want)
		}
	}
	for _, bad := range []string{``, `[1,`, `1 2`, `{"a"}`} {
		if _, err := DecodeJSON([]byte(bad)); err == nil {
			t.Errorf("DecodeJSON(%q) did not fail", bad)
		}
	}
}

func TestIterContains(t *testing.T) {
	if items, ok := Str("ab").Iter(); !ok || len(items) != 2 || items[1].Str != "b" {
		t.Errorf(`iter("ab") = %v, %v`, items, ok)
	}
	if _, ok := Int(3).Iter(); ok {
		t.Error("iter(3) did not raise")
	}
	for _, c := range []struct {
		in        Object
		x         Object
		found, ok bool
	}{
		{Str("abc"), Str("bc"), true, true},
		{Str("abc"), Int(1), false, false},
		{NewList(Int(1), Str("")), Str(""), true, true},
		{mustJSON(t, `{"k": 1}`), Str("k"), true, true},
		{mustJSON(t, `{"k": 1}`), Int(1), false, true},
		{Int(1), Int(1), false, false},
	} {
		found, ok := c.in.Contains(c.x)
		if found != c.found || ok != c.ok {
			t.Errorf("%s in %s = %v, %v; want %v, %v", c.x.Short(), c.in.Short(), found, ok, c.found, c.ok)
		}
	}
}

func TestShortAndRepr(t *testing.T) {
	for in, want := range map[string]string{
		`[1, 2.0, "x", null, true, {"k": [false]}]`: `[1, 2.0, "x", None, True, {"k": [False]}]`,
		`1e20`: `1e+20`,
	} {
		if got := mustJSON(t, in).Short(); got != want {
			t.Errorf("Short(%s) = %s, want %s", in, got, want)
		}
	}
	long := NewList()
	for i := 0; i < 50; i++ {
		long.Items = append(long.Items, Int(int64(i)))
	}
	if got := long.Short(); len([]rune(got)) != 80 || got[77:] != "..." {
		t.Errorf("long Short = %q", got)
	}
	for v, want := range map[*Object]string{
		{Kind: KindBytes, Str: "a'"}: `b"a'"`, {Kind: KindNone}: "None", {Kind: KindEllipsis}: "...",
		{Kind: KindFloat, Float: 1e16}: "1e+16", {Kind: KindFloat, Float: 0.5}: "0.5", {Kind: KindStr, Str: "it's"}: `"it's"`,
	} {
		if got := v.Repr(); got != want {
			t.Errorf("Repr(%v) = %s, want %s", *v, got, want)
		}
	}
}

func TestLower(t *testing.T) {
	for in, want := range map[string]string{
		"ABC": "abc", "ΟΔΟΣ": "οδος", "ΣΑ": "σα", "Σ": "σ", "ΑΣ'": "ας'", "İ": "i\u0307", "Straße": "straße",
	} {
		if got := Lower(in); got != want {
			t.Errorf("Lower(%q) = %q, want %q", in, got, want)
		}
	}
}
