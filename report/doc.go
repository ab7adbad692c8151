// Package report is the replay report: its model (Report, ConfigResult,
// CaseResult and the Aggregate of a configuration), the aggregation of
// case results into rates, Merge of shard reports into the whole run's,
// Compare against a baseline and the Gate of thresholds, and the report's
// JSON (WriteJSON, ReadJSON).
//
// Aggregates keep their sufficient statistics (counts, exact fixed-point
// sums, whole sample lists) and derive their rates from them — nil (JSON
// null) when nothing was measured — so Merge turns the reports of a
// run's shards into exactly the whole run's report. Gate checks a report
// against a baseline (matching configurations by their settings,
// Config.Key) and thresholds, and never passes silently.
//
// The report is produced by package replay and written as text,
// Markdown, JUnit XML and HTML by package render; it imports neither.
package report
