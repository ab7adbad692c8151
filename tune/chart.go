package tune

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/tooleval/tooleval/internal/svgchart"
)

// Chart geometry: two panels side by side, each a svgchart.Frame with
// room for a title above and the legend on the right.
const (
	panelW, panelH = 560, 300
	titleH         = 22
)

// WriteSVG draws the result's chart as SVG, with the same chart code as
// the HTML report (internal/svgchart): on the left, recall (solid) and
// noise (dashed) against k for the tuned and the default configuration;
// on the right, recall against the tokens injected per case (tools
// injected when tokens were not counted). A larger dot marks each
// configuration's own k; hovering a dot shows its values.
func WriteSVG(w io.Writer, r *Result) error {
	if len(r.Curves) == 0 {
		return fmt.Errorf("tune: chart: the result has no curves")
	}
	tokens := false
	kmax, cmax := 1.0, 1.0
	for _, cv := range r.Curves {
		for _, p := range cv.Points {
			tokens = tokens || p.Tokens > 0
			kmax = math.Max(kmax, float64(p.K))
		}
	}
	for _, cv := range r.Curves {
		for _, p := range cv.Points {
			cmax = math.Max(cmax, cost(p, tokens))
		}
	}
	left := svgchart.Frame{W: panelW, H: panelH, PadL: 48, PadB: 36, PadT: 16 + titleH, PadR: 120,
		XLabel: "k (tools retrieved besides always-include)", YLabel: "share", XMax: kmax, YMax: 1}
	right := left
	right.XLabel, right.YLabel, right.XMax = "tokens injected per case", "recall", cmax
	rightTitle := "Recall against injected tokens"
	if !tokens {
		right.XLabel, rightTitle = "tools injected per case", "Recall against injected tools"
	}

	// Each panel is drawn into its own builder, the right one then
	// shifted by a <g transform>.
	var lb, rb strings.Builder
	panelTitle(&lb, left, fmt.Sprintf("Recall and noise against k (%s, %d cases)", filepath.Base(r.Suite), r.Cases))
	panelTitle(&rb, right, rightTitle)
	left.Axes(&lb)
	right.Axes(&rb)
	unit := "tools"
	if tokens {
		unit = "tokens"
	}
	for i, cv := range r.Curves {
		col := svgchart.Color(i)
		chosen := r.Default.Config.K
		if cv.Name == "tuned" && len(r.Best) > 0 {
			chosen = r.Best[0].Config.K
		}
		ks := make([]float64, len(cv.Points))
		recall := make([]float64, len(cv.Points))
		noise := make([]float64, len(cv.Points))
		costs := make([]float64, len(cv.Points))
		for j, p := range cv.Points {
			ks[j], recall[j], noise[j], costs[j] = float64(p.K), p.Recall, p.Noise, cost(p, tokens)
		}
		left.Line(&lb, ks, recall, col, false)
		left.Line(&lb, ks, noise, col, true)
		right.Line(&rb, costs, recall, col, false)
		for j, p := range cv.Points {
			radius := 3.0
			if p.K == chosen {
				radius = 5.5
			}
			tip := fmt.Sprintf("%s k=%d: recall %.3f, noise %.3f, %.0f %s", cv.Name, p.K, p.Recall, p.Noise, costs[j], unit)
			left.Dot(&lb, ks[j], recall[j], radius, col, tip)
			right.Dot(&rb, costs[j], recall[j], radius, col, tip)
		}
		left.Legend(&lb, i, col, cv.Name)
		right.Legend(&rb, i, col, cv.Name)
	}
	left.LineKey(&lb, "recall", "noise")

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="tune: recall and noise against k, recall against injected cost" viewBox="0 0 %d %d" width="%d" height="%d" font-family="sans-serif">`,
		2*panelW, panelH, 2*panelW, panelH)
	b.WriteString(`<rect width="100%" height="100%" fill="#fff"/><g>`)
	b.WriteString(lb.String())
	fmt.Fprintf(&b, `</g><g transform="translate(%d 0)">`, panelW)
	b.WriteString(rb.String())
	b.WriteString("</g></svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// panelTitle writes a panel's title, centred above its plot area.
func panelTitle(b *strings.Builder, f svgchart.Frame, title string) {
	fmt.Fprintf(b, `<text x="%d" y="16" font-size="13" font-weight="bold" text-anchor="middle">%s</text>`, (f.PadL+f.W-f.PadR)/2, template.HTMLEscapeString(title))
}

// cost is a point's x on the right panel: tokens, or tools injected when
// tokens were not counted.
func cost(p Score, tokens bool) float64 {
	if tokens {
		return p.Tokens
	}
	return p.Injected
}
