package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// parse keeps the first toolcall.MaxKeptErrors errors and says how many it
// dropped: a transcript of 20,000 malformed SSE events gave 20,000 errors
// in the JSON (932k, 1.77 GB, for 8 MB).
func TestParseCapsErrors(t *testing.T) {
	p := filepath.Join(t.TempDir(), "bad.sse")
	if err := os.WriteFile(p, []byte(strings.Repeat("data: x\n\n", 20000)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("parse", "--format", "openai-chat", p)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r toolcall.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Errors) != toolcall.MaxKeptErrors || len(r.Errors)+r.ErrorsDropped != 20000 {
		t.Fatalf("%d errors kept, %d dropped; want %d kept of 20000", len(r.Errors), r.ErrorsDropped, toolcall.MaxKeptErrors)
	}
	if !strings.Contains(out, `"errors_dropped":19900`) {
		t.Errorf("the JSON does not say how many were dropped: %.300s", out)
	}
}
