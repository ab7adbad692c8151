package tune_test

import (
	"fmt"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/tune"
)

func ExampleParseObjective() {
	obj, err := tune.ParseObjective("ndcg@5")
	if err != nil {
		panic(err)
	}
	obj.NoisePenalty = 0.5
	fmt.Println(obj, obj.Value(tune.Score{NDCG: 0.8, Noise: 0.4}))
	// Output: ndcg@5 0.6000000000000001
}

func ExampleFolds() {
	folds, _ := tune.Folds(10, 3, 1)
	for _, f := range folds {
		fmt.Println(len(f))
	}
	// Output:
	// 4
	// 3
	// 3
}

// Tune the field weights of a catalog whose tool names are legacy
// codenames: the defaults trust names, the tuned weights trust details.
func ExampleRun() {
	suite, err := suite.LoadFile("../testdata/tune/suite.jsonl")
	if err != nil {
		panic(err)
	}
	obj, _ := tune.ParseObjective("recall@1")
	res, err := tune.Run(suite, nil, tune.Options{
		Objective: obj,
		Space:     &tune.Space{Weights: []float64{0.3, 1, 3}, Fields: []string{retrieval.FieldName, retrieval.FieldNameWords, retrieval.FieldDetails}},
		Folds:     4,
		Encoding:  "none",
	})
	if err != nil {
		panic(err)
	}
	best := res.Best[0]
	fmt.Println("tuned recall@1 beats the default:", best.Score.Recall > res.Default.Score.Recall)
	fmt.Println("never worse on a held-out fold:", res.CV.FoldsWorseThanDflt == 0)
	fmt.Println("details weigh more than names:", best.Config.Weights[retrieval.FieldDetails] > best.Config.Weights[retrieval.FieldNameWords])
	// Output:
	// tuned recall@1 beats the default: true
	// never worse on a held-out fold: true
	// details weigh more than names: true
}

// Propose description words for the tools a suite's queries miss: the
// shop's refund tool says "return the money", its customers say "refund".
func ExampleSuggest() {
	suite, err := suite.LoadFile("../testdata/suggest/suite.jsonl")
	if err != nil {
		panic(err)
	}
	res, err := tune.Suggest(suite, tune.SuggestOptions{K: 1, Folds: 4, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println("held-out recall@1 rises:", res.CVRecall > res.BaseRecall)
	fmt.Println("money_back gets:", res.Config.Additions["money_back"])
	// Output:
	// held-out recall@1 rises: true
	// money_back gets: refund
}
