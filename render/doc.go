// Package render writes a replay report (package report) for people and
// CI systems: the 100-column summary and the full tables (WriteSummary,
// WriteTable), Markdown for job summaries (WriteMarkdown), JUnit XML, one
// test case per case and configuration (WriteJUnit), and one
// self-contained HTML page with charts, failures by cause and a
// drill-down per case (WriteHTML, which shows the suite's transcripts
// and tool blocks when given the suite).
//
//	rep, err := replay.Run(s, replay.Options{Ks: []int{3, 5, 10}})
//	if err != nil { … }
//	render.WriteTable(os.Stdout, rep, 8)
package render
