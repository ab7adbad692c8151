package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/jsonscan"
	"github.com/tooleval/tooleval/mcpcatalog"
	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/record"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/retrieval/lexicon"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// limits are the caps of the code, each with the identifier the README's
// Limits table names in its "where it is set" column: the one list the
// table is checked against, both ways.
var limits = []struct {
	ident string
	value any // an int (bytes when it ends in "Bytes", "Window"), or a time.Duration
}{
	{"toolcall.ParseOptions.MaxCallBytes", toolcall.DefaultMaxCallBytes},
	{"toolcall.ParseOptions.MaxDepth", toolcall.DefaultMaxDepth},
	{"nativeparse.MaxDepthLimit", nativeparse.MaxDepthLimit},
	{"toolcall.ParseOptions.MaxRecordBytes", toolcall.DefaultMaxRecordBytes},
	{"nativeparse.SniffWindow", nativeparse.SniffWindow},
	{"jsonscan.MaxExcerpt", jsonscan.MaxExcerpt},
	{"catalog.MaxNesting", catalog.MaxNesting},
	{"catalog.MaxFileBytes", catalog.MaxFileBytes},
	{"suite.LoadOptions.MaxSuiteBytes", suite.DefaultMaxSuiteBytes},
	{"suite.LoadOptions.MaxTranscriptBytes", suite.DefaultMaxTranscriptBytes},
	{"readcap.DefaultInputBytes", readcap.DefaultInputBytes},
	{"readcap.DefaultConfigBytes", readcap.DefaultConfigBytes},
	{"lexicon.MaxCEDICTBytes", lexicon.MaxCEDICTBytes},
	{"report.MaxRecordBytes", report.MaxRecordBytes},
	{"report.MaxConfigs", report.MaxConfigs},
	{"readcap.DefaultDataBytes", readcap.DefaultDataBytes},
	{"record.Client.MaxBodyBytes", record.DefaultMaxBodyBytes},
	{"toolcall.MaxKeptErrors", toolcall.MaxKeptErrors},
	{"report.MaxShards", report.MaxShards},
	{"mcpcatalog.DefaultMaxMessageBytes", mcpcatalog.DefaultMaxMessageBytes},
	{"mcpcatalog.DefaultMaxServerBytes", mcpcatalog.DefaultMaxServerBytes},
	{"mcpcatalog.MaxListingBytes", mcpcatalog.MaxListingBytes},
	{"mcpcatalog.DefaultListingTimeout", mcpcatalog.DefaultListingTimeout},
	{"retrieval.MaxRegexPatternBytes", retrieval.MaxRegexPatternBytes},
	{"retrieval.MaxRegexMatches", retrieval.MaxRegexMatches},
}

// limitSetters are identifiers the table names beside a cap of limits:
// where a caller sets it, not its value.
var limitSetters = []string{
	"Framer.SetMaxRecordBytes", "suite.LoadOptions.MaxCatalogBytes", "suite.LoadOptions.AllowOutside",
	"mcpcatalog.Options.MaxMessageBytes", "mcpcatalog.Options.MaxServerBytes", "mcpcatalog.Options.ListingTimeout",
	"toolcall.Collector", "toolcall.Recorder", "report.Merge",
}

// showLimit writes a cap's value as the table does: 16 MiB, 64 KiB,
// 1 GiB, 40 bytes, 4,096, 5 min.
func showLimit(ident string, v any) string {
	if d, ok := v.(time.Duration); ok {
		return fmt.Sprintf("%d min", int(d.Minutes()))
	}
	n := v.(int)
	bytes := strings.HasSuffix(ident, "Bytes") || strings.HasSuffix(ident, "Window") || strings.HasSuffix(ident, "Excerpt")
	switch {
	case bytes && n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case bytes && n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case bytes && n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	case bytes:
		return fmt.Sprintf("%d bytes", n)
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestReadmeLimitsTableShowsTheCodesCaps: every cap of limits has a row
// of the README's Limits table naming it, whose default (or where it is
// set) shows its value; every identifier the table names is a cap of
// limits or one of limitSetters.
func TestReadmeLimitsTableShowsTheCodesCaps(t *testing.T) {
	type row struct{ cap, value, where string }
	var rows []row
	for _, cols := range readme(t).Under("## Limits").Table("| cap | default | where it is set | when it is hit |") {
		rows = append(rows, row{cols[0], cols[1], cols[2]})
	}
	if len(rows) < len(limits) {
		t.Fatalf("the Limits table has %d rows, fewer than the %d caps", len(rows), len(limits))
	}
	known := map[string]bool{}
	for _, s := range limitSetters {
		known[s] = true
	}
	for _, l := range limits {
		known[l.ident] = true
		want := showLimit(l.ident, l.value)
		found := false
		for _, r := range rows {
			if strings.Contains(r.where, "`"+l.ident+"`") {
				found = true
				if !strings.Contains(r.value, want) && !strings.Contains(r.where, want) {
					t.Errorf("%s is %s in the code; its row %q says %q", l.ident, want, r.cap, r.value)
				}
			}
		}
		if !found {
			t.Errorf("no row of the Limits table names %s (%s)", l.ident, want)
		}
	}
	ident := regexp.MustCompile("`([A-Za-z]+(?:\\.[A-Za-z]+)+)`")
	for _, r := range rows {
		for _, m := range ident.FindAllStringSubmatch(r.where, -1) {
			if !known[m[1]] {
				t.Errorf("row %q names %s, which is not a cap of this test's list (limits) nor a setter of one", r.cap, m[1])
			}
		}
	}
}
