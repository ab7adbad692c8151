package pyliteral

import (
	"math"
	"testing"
)

func TestParseIntFloat(t *testing.T) {
	for _, c := range []struct {
		in      string
		ok      bool
		kind    Kind
		display string
	}{
		{" 42\n", true, KindInt, "42"},
		{"+1_000", true, KindInt, "1000"},
		{"-7", true, KindInt, "-7"},
		{"1__0", false, 0, ""},
		{"_1", false, 0, ""},
		{"0x10", false, 0, ""},
		{"4.0", false, 0, ""},
		{"99999999999999999999999", true, KindInt, "99999999999999999999999"},
	} {
		v, ok := ParseInt(c.in)
		if ok != c.ok || ok && (v.Kind != c.kind || v.Short() != c.display) {
			t.Errorf("int(%q) = %s, %v; want %s, %v", c.in, v.Short(), ok, c.display, c.ok)
		}
	}
	for _, c := range []struct {
		in   string
		ok   bool
		want float64
	}{
		{"2.5", true, 2.5}, {" .5 ", true, 0.5}, {"1_0.5e1", true, 105}, {"5.", true, 5}, {"1e999", true, math.Inf(1)},
		{"-Infinity", true, math.Inf(-1)}, {"+inf", true, math.Inf(1)}, {"--inf", false, 0}, {"1.5f", false, 0},
		{"", false, 0}, {".", false, 0}, {"1e", false, 0},
	} {
		v, ok := ParseFloat(c.in)
		if ok != c.ok || ok && (v.Kind != KindFloat || v.Float != c.want) {
			t.Errorf("float(%q) = %v, %v; want %v, %v", c.in, v.Float, ok, c.want, c.ok)
		}
	}
	if v, ok := ParseFloat("NaN"); !ok || !math.IsNaN(v.Float) {
		t.Errorf("float('NaN') = %v, %v", v.Float, ok)
	}
	if got := Strip("\x1c\t a b \v\f"); got != "a b" {
		t.Errorf("strip = %q", got)
	}
}
