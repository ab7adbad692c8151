package replay

import (
	"testing"

	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/internal/contract"
	"github.com/tooleval/tooleval/suite"
)

// TestContractEveryFormat: a suite with one case per registered format
// (text and provider, written by each format's example writer) and one
// per transcript option validates, and replay scores every call correct
// in the recorded, byte-by-byte and random chunkings.
func TestContractEveryFormat(t *testing.T) {
	path, ids, err := contract.WriteSuite(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s, err := suite.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != len(anyparse.Formats())+3 { // and the option cases
		t.Fatalf("%d cases for %d formats", len(ids), len(anyparse.Formats()))
	}
	rep := runTest(t, s, Options{Ks: []int{5}, RandomChunkings: 3})
	for _, id := range ids {
		r := resultByID(rep.Configs[0], id)
		switch {
		case r == nil:
			t.Errorf("%s: not replayed", id)
		case !r.Passed || r.Calls == nil || r.Parse == nil || r.Parse.Chunkings < 5:
			t.Errorf("%s: passed %v cause %q error %q parse %+v calls %+v", id, r.Passed, r.Cause, r.Error, r.Parse, r.Calls)
		}
	}
}
