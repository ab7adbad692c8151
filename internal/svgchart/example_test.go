package svgchart_test

import (
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/internal/svgchart"
)

func ExampleFrame() {
	f := svgchart.Frame{W: 300, H: 150, PadL: 40, PadB: 30, PadT: 10, PadR: 60, XLabel: "k", YLabel: "recall", XMax: 4, YMax: 1}
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150">`)
	f.Axes(&b)
	f.Line(&b, []float64{1, 2, 4}, []float64{0.5, 0.75, 0.9}, svgchart.Color(0), false)
	f.Legend(&b, 0, svgchart.Color(0), "tuned")
	b.WriteString(`</svg>`)
	fmt.Println(strings.Count(b.String(), "<polyline"), f.X(4), f.Y(0.5))
	// Output: 1 240 65
}
