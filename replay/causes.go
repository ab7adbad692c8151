package replay

// causeStopped: a trajectory's first failing step is one the model never
// took (it ended the conversation before).
const causeStopped = "stopped"

// causeOrder ranks failure causes from the most to the least severe.
var causeOrder = []string{CauseError, CauseParser, "retrieval_miss", "search_query", "selection", "arguments", causeStopped}

func causeRank(c string) int {
	for i, x := range causeOrder {
		if x == c {
			return i
		}
	}
	return len(causeOrder)
}
