package bfcl_test

import (
	"encoding/json"
	"fmt"
	"log"

	"github.com/tooleval/tooleval/bfcl"
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
