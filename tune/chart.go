package tune

import (
	"fmt"
	"image/color"
	"io"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Chart size.
const (
	chartWidth  = 12 * vg.Inch
	chartHeight = 4.5 * vg.Inch
)

var (
	tunedColor   = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	defaultColor = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
)

// WriteSVG draws the result's chart as SVG: on the left, recall (solid)
// and noise (dashed) against k for the tuned and the default
// configuration; on the right, recall against the tokens injected per
// case (tools injected when tokens were not counted). A filled dot marks
// each configuration's own k.
func WriteSVG(w io.Writer, r *Result) error {
	c := vgsvg.New(chartWidth, chartHeight)
	if err := draw2(c, r); err != nil {
		return err
	}
	_, err := c.WriteTo(w)
	return err
}

// WritePNG draws the chart of WriteSVG as a PNG image (96 dpi).
func WritePNG(w io.Writer, r *Result) error {
	c := vgimg.NewWith(vgimg.UseWH(chartWidth, chartHeight), vgimg.UseDPI(96))
	if err := draw2(c, r); err != nil {
		return err
	}
	_, err := vgimg.PngCanvas{Canvas: c}.WriteTo(w)
	return err
}

func draw2(c vg.CanvasSizer, r *Result) error {
	if len(r.Curves) == 0 {
		return fmt.Errorf("tune: chart: the result has no curves")
	}
	left, right := plot.New(), plot.New()
	left.Title.Text = fmt.Sprintf("Recall and noise against k (%s, %d cases)", filepath.Base(r.Suite), r.Cases)
	left.X.Label.Text = "k (tools retrieved besides always-include)"
	left.Y.Label.Text = "share"
	left.Y.Min, left.Y.Max = 0, 1
	left.Add(plotter.NewGrid())
	tokens := false
	for _, cv := range r.Curves {
		for _, p := range cv.Points {
			if p.Tokens > 0 {
				tokens = true
			}
		}
	}
	right.Title.Text = "Recall against injected tokens"
	right.X.Label.Text = "tokens injected per case"
	if !tokens {
		right.Title.Text = "Recall against injected tools"
		right.X.Label.Text = "tools injected per case"
	}
	right.Y.Label.Text = "recall"
	right.Y.Min, right.Y.Max = 0, 1
	right.Add(plotter.NewGrid())
	for _, cv := range r.Curves {
		col := tunedColor
		if cv.Name != "tuned" {
			col = defaultColor
		}
		recall := make(plotter.XYs, len(cv.Points))
		noise := make(plotter.XYs, len(cv.Points))
		cost := make(plotter.XYs, len(cv.Points))
		for i, p := range cv.Points {
			recall[i] = plotter.XY{X: float64(p.K), Y: p.Recall}
			noise[i] = plotter.XY{X: float64(p.K), Y: p.Noise}
			x := p.Tokens
			if !tokens {
				x = p.Injected
			}
			cost[i] = plotter.XY{X: x, Y: p.Recall}
		}
		rl, rp, err := plotter.NewLinePoints(recall)
		if err != nil {
			return err
		}
		rl.Color, rp.Color = col, col
		rl.Width = vg.Points(1.5)
		nl, err := plotter.NewLine(noise)
		if err != nil {
			return err
		}
		nl.Color = col
		nl.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		left.Add(rl, rp, nl)
		left.Legend.Add(cv.Name+" recall", rl, rp)
		left.Legend.Add(cv.Name+" noise", nl)

		cl, cp, err := plotter.NewLinePoints(cost)
		if err != nil {
			return err
		}
		cl.Color, cp.Color = col, col
		cl.Width = vg.Points(1.5)
		right.Add(cl, cp)
		right.Legend.Add(cv.Name, cl, cp)

		// Mark the configuration's own k.
		chosen := r.Default.Config.K
		if cv.Name == "tuned" && len(r.Best) > 0 {
			chosen = r.Best[0].Config.K
		}
		for i, p := range cv.Points {
			if p.K != chosen {
				continue
			}
			for _, m := range []struct {
				pl *plot.Plot
				xy plotter.XY
			}{{left, recall[i]}, {right, cost[i]}} {
				sc, err := plotter.NewScatter(plotter.XYs{m.xy})
				if err != nil {
					return err
				}
				sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(5), Shape: draw.CircleGlyph{}}
				m.pl.Add(sc)
			}
		}
	}
	left.Legend.Top, left.Legend.Left = false, false
	right.Legend.Top, right.Legend.Left = false, false
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Millimeter * 6, PadTop: vg.Millimeter * 3,
		PadBottom: vg.Millimeter * 3, PadLeft: vg.Millimeter * 3, PadRight: vg.Millimeter * 3}
	canvases := plot.Align([][]*plot.Plot{{left, right}}, tiles, dc)
	left.Draw(canvases[0][0])
	right.Draw(canvases[0][1])
	return nil
}
