package report

// The caps on a report, one home for each: WriteJSON and replay never
// produce what ReadJSON (--baseline, merge) would refuse, so every report
// tooleval writes, it reads back. A report has no cap on its whole size:
// it is read one record at a time, and it is as large as the results of
// the cases it holds (a run that wrote it held them all).
const (
	// MaxRecordBytes caps the JSON of one record of a report: one case
	// result, or the fields of a configuration or of the report besides
	// their lists.
	MaxRecordBytes = 1 << 30
	// MaxConfigs caps the configurations of a run (each k of each
	// retrieval setting) and of a report read back.
	MaxConfigs = 1024
)

// maxRecordBytes is MaxRecordBytes (tests lower it).
var maxRecordBytes int64 = MaxRecordBytes
