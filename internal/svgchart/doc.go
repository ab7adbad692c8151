// Package svgchart draws the small line charts of tooleval as plain SVG
// markup: the recall/noise chart of the HTML report (replay) and the chart
// of `tooleval tune --chart`. It writes elements into a strings.Builder, so
// a caller can put several frames in one <svg> (translated <g> groups) or
// inline them in a page; it needs no plotting library.
package svgchart
