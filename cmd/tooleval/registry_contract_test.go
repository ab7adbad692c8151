package main

import (
	"encoding/json"
	"testing"

	"github.com/tooleval/tooleval/internal/contract"
)

// TestContractSuiteThroughTheCLI: the contract suite (one case per format
// parse --help lists, one per transcript option) passes `validate`, and
// `replay --json -` scores every case's calls correct.
func TestContractSuiteThroughTheCLI(t *testing.T) {
	path, ids, err := contract.WriteSuite(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI("validate", path); code != 0 {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := runCLI("replay", "--encoding", "none", "-k", "5", "--json", "-", path)
	if code != 0 {
		t.Fatalf("replay: exit %d\n%s", code, errOut)
	}
	var rep struct {
		Configs []struct {
			Results []struct {
				ID     string `json:"id"`
				Passed bool   `json:"passed"`
				Cause  string `json:"cause"`
				Calls  *struct {
					Correct bool `json:"correct"`
				} `json:"calls"`
			} `json:"results"`
		} `json:"configs"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Configs) != 1 {
		t.Fatalf("replay --json: %v\n%.500s", err, out)
	}
	passed := map[string]bool{}
	for _, r := range rep.Configs[0].Results {
		passed[r.ID] = r.Passed && r.Calls != nil && r.Calls.Correct
		if !passed[r.ID] {
			t.Errorf("%s: passed %v cause %q calls %+v", r.ID, r.Passed, r.Cause, r.Calls)
		}
	}
	for _, id := range ids {
		if _, ok := passed[id]; !ok {
			t.Errorf("%s: not in the report", id)
		}
	}
}
