package textparse

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
)

// growStep, when set, makes TestEveryCaseGrown grow every case at every
// growStep-th byte with every growth (a probe of minutes); by default each
// case is grown at two bytes picked at random, with one growth in turn.
var growStep = flag.Int("grow-step", 0, "TestEveryCaseGrown: grow every case at every n-th byte with every growth")

// caseGrowths are what TestEveryCaseGrown inserts into a case's input: a
// run past each cap of largeCaps (FuzzEveryFormatLarge's seeds, applied at
// any byte rather than at a name, key or value).
var caseGrowths = []struct {
	grow string
	reps uint16
	cap  bool // read with the call cap set to largeMaxCall
}{
	{"x", maxTag + 1, false},               // a name, key or value past the 1 KiB caps
	{" ", maxPendSpace + 1, false},         // white space past maxPendSpace
	{"\n ", maxPendSpace/2 + 1, false},     // … and after call markup
	{" \n", maxSepSpace/2 + 1, false},      // after a call's body
	{"[", 40, false},                       // nesting past the depth cap
	{"{", 40, false},                       // braces (a Python dict key, held)
	{"ab, ", largeMaxCall/4 + 1, true},     // a value past the call cap
	{"{\"k\": ", envProbeMax/6 + 1, false}, // an object past envProbeMax
	{"<", maxGenericName + 1, false},       // a tag opener run
	{"<tool_call>", maxTag/11 + 1, false},  // openers over and over
}

// TestEveryCaseGrown: every table case, read with its own options, with a
// run past a cap inserted anywhere, accounts for every byte and reads the
// same in one chunk as cut around each cap (checkGrown). FuzzEveryFormatLarge
// searches the same space at random; this walks the tables.
func TestEveryCaseGrown(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for i, c := range parseCases {
		t.Run(c.name, func(t *testing.T) {
			check := func(at int, g int) {
				o := c.options()
				if caseGrowths[g].cap && o.MaxCallBytes == 0 {
					o.MaxCallBytes = largeMaxCall
				}
				t.Run(fmt.Sprintf("at=%d/growth=%d", at, g), func(t *testing.T) {
					checkGrown(t, o, []byte(c.in), uint16(at), []byte(caseGrowths[g].grow), caseGrowths[g].reps, uint16(at+maxTag))
				})
			}
			if *growStep > 0 {
				for at := 0; at <= len(c.in); at += *growStep {
					for g := range caseGrowths {
						check(at, g)
					}
				}
				return
			}
			for k := range 2 {
				check(r.IntN(len(c.in)+1), (2*i+k)%len(caseGrowths))
			}
		})
	}
}
