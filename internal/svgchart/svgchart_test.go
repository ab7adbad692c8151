package svgchart

import (
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
)

func frame() Frame {
	return Frame{W: 200, H: 100, PadL: 20, PadB: 10, PadT: 10, PadR: 80, XLabel: "k", YLabel: "a<b", XMax: 10, YMax: 1}
}

func TestFrameMapsDataToThePlotArea(t *testing.T) {
	f := frame()
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"X(0) is the left padding", f.X(0), 20},
		{"X(XMax) is the right edge of the plot area", f.X(10), 120},
		{"X(5) is the middle", f.X(5), 70},
		{"Y(0) is the bottom of the plot area", f.Y(0), 90},
		{"Y(YMax) is the top padding", f.Y(1), 10},
		{"Y(0.25)", f.Y(0.25), 70},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %g, want %g", c.name, c.got, c.want)
		}
	}
}

func TestLineSkipsNaNAndDashes(t *testing.T) {
	f := frame()
	var b strings.Builder
	f.Line(&b, []float64{0, 5, 10}, []float64{0, math.NaN(), 1}, "#123", true)
	want := `<polyline fill="none" stroke="#123" stroke-width="2" stroke-dasharray="5 4" points="20.0,90.0 120.0,10.0"/>`
	if b.String() != want {
		t.Errorf("got  %s\nwant %s", b.String(), want)
	}
}

// Everything drawn together is well-formed XML with the user's text
// escaped (names come from suites and configs).
func TestMarkupIsWellFormedAndEscaped(t *testing.T) {
	f := frame()
	var b strings.Builder
	b.WriteString(`<svg>`)
	f.Axes(&b)
	f.Dot(&b, 3, 0.5, 3, Color(9), `x & "y" <z>`)
	f.Line(&b, []float64{1, 2}, []float64{0.1, 0.2}, Color(0), false)
	f.Legend(&b, 0, Color(0), "w<1>")
	f.LineKey(&b, "recall", "noise")
	b.WriteString(`</svg>`)
	dec := xml.NewDecoder(strings.NewReader(b.String()))
	var texts []string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, b.String())
		}
		if cd, ok := tok.(xml.CharData); ok {
			texts = append(texts, string(cd))
		}
	}
	all := strings.Join(texts, "|")
	for _, want := range []string{"a<b", `x & "y" <z>`, "w<1>", "— recall", "- - noise", "0.00", "1.00", "|10|"} {
		if !strings.Contains(all, want) {
			t.Errorf("text %q missing from %q", want, all)
		}
	}
	if Color(9) != Palette[1] {
		t.Errorf("Color(9) = %s, want the palette cycled", Color(9))
	}
}
