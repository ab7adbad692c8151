package report

// causeStopped: a trajectory's first failing step is one the model never
// took (it ended the conversation before).
const CauseStopped = "stopped"

// causeOrder ranks failure causes from the most to the least severe.
var CauseOrder = []string{CauseError, CauseParser, CauseCallInReasoning, "retrieval_miss", "search_query", "selection", "arguments", CauseStopped}

func CauseRank(c string) int {
	for i, x := range CauseOrder {
		if x == c {
			return i
		}
	}
	return len(CauseOrder)
}
