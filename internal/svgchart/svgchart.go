package svgchart

import (
	"fmt"
	"html/template"
	"math"
	"strings"
)

// Palette is the colour of each series, in order (cycled when there are more).
var Palette = []string{"#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#4d7c0f", "#be185d"}

// Color is the i-th series colour of Palette.
func Color(i int) string { return Palette[i%len(Palette)] }

// Frame is one plot area: a W×H box whose axes run from 0 to XMax and
// 0 to YMax, with the given padding around them (PadR holds the legend).
type Frame struct {
	W, H                   int
	PadL, PadB, PadT, PadR int
	XLabel, YLabel         string
	XMax, YMax             float64
}

// X maps a data x value to its horizontal position.
func (f Frame) X(v float64) float64 { return float64(f.PadL) + v/f.XMax*float64(f.W-f.PadL-f.PadR) }

// Y maps a data y value to its vertical position.
func (f Frame) Y(v float64) float64 {
	return float64(f.H-f.PadB) - v/f.YMax*float64(f.H-f.PadB-f.PadT)
}

// Axes draws both axes, five y ticks with grid lines, about ten x ticks
// and the axis labels.
func (f Frame) Axes(b *strings.Builder) {
	x0, y0 := float64(f.PadL), float64(f.H-f.PadB)
	fmt.Fprintf(b, `<line x1="%g" y1="%g" x2="%d" y2="%g" stroke="#888"/><line x1="%g" y1="%d" x2="%g" y2="%g" stroke="#888"/>`, x0, y0, f.W-f.PadR, y0, x0, f.PadT, x0, y0)
	for i := 0; i <= 4; i++ {
		v := f.YMax * float64(i) / 4
		yy := y0 - float64(i)/4*float64(f.H-f.PadB-f.PadT)
		fmt.Fprintf(b, `<text x="%g" y="%.1f" font-size="10" text-anchor="end">%.2f</text><line x1="%g" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/>`, x0-4, yy+3, v, x0, yy, f.W-f.PadR, yy)
	}
	step := math.Max(1, math.Ceil(f.XMax/10))
	for k := 0.0; k <= f.XMax; k += step {
		fmt.Fprintf(b, `<text x="%.1f" y="%g" font-size="10" text-anchor="middle">%g</text>`, f.X(k), y0+14, k)
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11" text-anchor="middle">%s</text>`, (f.PadL+f.W-f.PadR)/2, f.H-4, template.HTMLEscapeString(f.XLabel))
	fmt.Fprintf(b, `<text x="12" y="%d" font-size="11" transform="rotate(-90 12 %d)" text-anchor="middle">%s</text>`, f.H/2, f.H/2, template.HTMLEscapeString(f.YLabel))
}

// Dot draws a filled circle of radius r at data point (x, y) with a
// hover title.
func (f Frame) Dot(b *strings.Builder, x, y, r float64, color, title string) {
	fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%g" fill="%s"><title>%s</title></circle>`, f.X(x), f.Y(y), r, color, template.HTMLEscapeString(title))
}

// Line draws a polyline through the data points (xs[i], ys[i]), skipping
// NaN values of ys; dashed lines stand for the second measure of a series.
func (f Frame) Line(b *strings.Builder, xs, ys []float64, color string, dashed bool) {
	var pts []string
	for i := range xs {
		if !math.IsNaN(ys[i]) {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", f.X(xs[i]), f.Y(ys[i])))
		}
	}
	dash := ""
	if dashed {
		dash = ` stroke-dasharray="5 4"`
	}
	fmt.Fprintf(b, `<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s"/>`, color, dash, strings.Join(pts, " "))
}

// Legend writes the i-th legend entry in the right padding, in color.
func (f Frame) Legend(b *strings.Builder, i int, color, name string) {
	fmt.Fprintf(b, `<text x="%d" y="%d" fill="%s" font-size="12">%s</text>`, f.W-f.PadR+8, f.PadT+14+i*16, color, template.HTMLEscapeString(name))
}

// LineKey explains solid and dashed lines at the bottom of the legend.
func (f Frame) LineKey(b *strings.Builder, solid, dashed string) {
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11" fill="#555">— %s</text><text x="%d" y="%d" font-size="11" fill="#555">- - %s</text>`,
		f.W-f.PadR+8, f.H-f.PadB-20, template.HTMLEscapeString(solid), f.W-f.PadR+8, f.H-f.PadB-6, template.HTMLEscapeString(dashed))
}
