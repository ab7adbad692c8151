package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// TestReportOfASuiteAtItsCapsIsReadBack: a suite within its caps gives a
// report that --baseline and merge read back (issue 23, item 6). The
// smallest case a suite may hold, replayed with the fewest configurations
// and variants, gives the smallest case result; a suite at its cap holds
// so many such cases that their report is over any whole-report cap of the
// size the suite cap suggests (the old 1 GiB). So a report is read one
// record at a time, capped per record (report.MaxRecordBytes, which the
// writer checks too), never as a whole: here, a shard whose file is larger
// than that worst case is read by merge and by --baseline.
func TestReportOfASuiteAtItsCapsIsReadBack(t *testing.T) {
	dir := t.TempDir()
	cat, err := os.ReadFile("../../testdata/replay/catalogs/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "c"), cat, 0o644); err != nil {
		t.Fatal(err)
	}
	smallest := func(id string) string { return `{"id":"` + id + `","query":"q","catalog":"c","gold_tools":[]}` + "\n" }
	const n = 200
	var lines strings.Builder
	for i := range n {
		lines.WriteString(smallest(strconv.Itoa(i)))
	}
	p := filepath.Join(dir, "suite.jsonl")
	if err := os.WriteFile(p, []byte(lines.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := suite.LoadFile(p); err != nil {
		t.Fatalf("the smallest case lines do not load: %v", err)
	}
	args := []string{"replay", p, "-k", "1", "--variant", "retrieved", "--encoding", "none", "--chunkings", "0", "-q", "--no-progress"}
	shard := func(i int) string { return filepath.Join(dir, fmt.Sprintf("shard-%d.json", i)) }
	for i := 1; i <= 2; i++ {
		if code, _, errOut := runCLI(append(args, "--shard", fmt.Sprintf("%d/2", i), "--json", shard(i))...); code != exitOK {
			t.Fatalf("shard %d: exit %d: %s", i, code, errOut)
		}
	}

	// The smallest record: the smallest case result written.
	f, err := os.Open(shard(1))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := report.ReadJSON(f, "shard-1.json")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	least := int64(-1)
	for _, r := range rep.Configs[0].Results {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if least < 0 || int64(len(b)) < least {
			least = int64(len(b))
		}
	}
	// Ids of up to 7 digits tell 10 million cases apart: a suite at its
	// cap holds at least this many cases of the smallest kind.
	cases := int64(suite.DefaultMaxSuiteBytes) / int64(len(smallest("1234567")))
	worst := cases * least
	t.Logf("a suite at its %d-byte cap holds %d of the smallest cases, whose report is at least %d bytes (%d per case)",
		int64(suite.DefaultMaxSuiteBytes), cases, worst, least)
	if worst <= 1<<30 {
		t.Errorf("the worst case, %d bytes, is within 1 GiB: revisit what this test shows", worst)
	}

	// Shard 2's file grows past the worst case: what follows the report
	// is never read (a sparse tail), so only a cap on the whole file
	// would refuse it.
	if err := os.Truncate(shard(2), worst+1); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI("merge", shard(1), shard(2), "-q"); code != exitOK {
		t.Errorf("merge: exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI(append(args, "--shard", "2/2", "--baseline", shard(2), "--max-drop", "pass_rate=0")...); code != exitOK {
		t.Errorf("--baseline: exit %d: %s", code, errOut)
	}
}
