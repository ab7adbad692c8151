package bfcl_test

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/tooleval/tooleval/bfcl"
	"github.com/tooleval/tooleval/suite"
)

func ExampleLoad() {
	im, err := bfcl.Load("../testdata/bfcl/checkout", bfcl.Options{Categories: []string{"simple_python"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(im.Cases), "cases,", len(im.Catalog), "tools")
	c := im.Cases[0]
	gold, _ := json.Marshal(c.GoldCalls)
	fmt.Println(c.ID, c.GoldTools, string(gold))
	for _, m := range im.Summary.Models {
		fmt.Println(m.Model, m.Transcripts, "transcripts")
	}
	// Output:
	// 4 cases, 4 tools
	// simple_python_0 [finance.loan_payment] [{"finance.loan_payment":{"principal":[250000.0],"annual_rate":[6.1],"years":[30]}}]
	// fake-gpt-FC 3 transcripts
	// tiny-prompt-model 4 transcripts
}

// Score the imported model suites with the leaderboard's checker and write
// its score tables.
func ExampleScores() {
	im, err := bfcl.Load("../testdata/bfcl/checkout", bfcl.Options{Categories: []string{"simple_java", "live_irrelevance"}})
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "bfcl-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if _, err := im.Write(dir); err != nil {
		log.Fatal(err)
	}
	var scores bfcl.Scores
	for _, m := range im.Models {
		suite, err := suite.LoadFile(filepath.Join(dir, "suite."+m.Model+".jsonl"))
		if err != nil {
			log.Fatal(err)
		}
		if err := scores.ScoreSuite(suite); err != nil {
			log.Fatal(err)
		}
		suite.Close()
	}
	for _, v := range scores.Verdicts {
		verdict := "pass"
		if !v.Correct {
			verdict = "fail: " + string(v.Code)
		}
		fmt.Println(v.Model, v.ID, verdict)
	}
	if _, err := scores.Write(filepath.Join(dir, "scores")); err != nil {
		log.Fatal(err)
	}
	// Output:
	// fake-gpt-FC live_irrelevance_0-0-0 pass
	// fake-gpt-FC live_irrelevance_1-0-1 pass
	// fake-gpt-FC live_irrelevance_2-0-2 fail: wrong_count
	// fake-gpt-FC simple_java_0 pass
	// fake-gpt-FC simple_java_1 fail: type_error
	// tiny-prompt-model simple_java_0 pass
	// tiny-prompt-model simple_java_1 pass
}
