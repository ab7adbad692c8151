package metrics

import (
	"fmt"
	"slices"

	"github.com/tooleval/tooleval/toolcall"
)

// Broken is a call the parser started but could not complete: its
// arguments were not valid JSON, or the stream ended inside it.
type Broken struct {
	// Name is the tool the call named, "" when the name never arrived.
	Name    string
	Code    toolcall.Code // toolcall.CodeInvalidJSON or toolcall.CodeIncompleteCall
	Message string
	// Arguments is the argument text the parser kept ("" when it kept
	// none); a repair may make it a call (package repair).
	Arguments string
}

// CallsResult is the verdict on all the calls of one model output.
type CallsResult struct {
	// Correct: the calls match the gold answer (for an abstention case:
	// no call was made).
	Correct bool `json:"correct"`
	// Code is the first failing class in checking order, "" when correct.
	Code toolcall.Code `json:"code,omitempty"`
	// Problems lists every failed check.
	Problems []Problem `json:"problems,omitempty"`
	// Abstention: the gold answer is no call.
	Abstention bool `json:"abstention"`
	// SelectionOK: the tools called (complete or broken) are the gold
	// tools, as many times each as the gold answer calls them.
	SelectionOK bool `json:"selection_ok"`
	// ToolCalls counts calls to a correct tool that were compared with a
	// gold call; WrongArgCalls counts those that failed any argument check.
	ToolCalls     int `json:"correct_tool_calls"`
	WrongArgCalls int `json:"wrong_argument_calls"`
	// Matches pairs gold call i with output call Matches[i] (-1: none).
	Matches []int `json:"matches,omitempty"`
}

// maxExact is the largest number of calls matched by trying every
// assignment; beyond it the matching is greedy.
const maxExact = 7

// CheckCalls checks the calls of one output against the gold answer with
// the leaderboard's semantics: the calls of a parallel answer match in any
// order (the assignment with the most matching calls is used), a different
// number of calls is wrong_count, and each matched pair is checked with
// CheckCall against schema (nil: no schema checks); broken lists calls the parser could not complete.
func CheckCalls(schema Schema, got []toolcall.Call, gold []GoldCall, broken []Broken) CallsResult {
	return (*Match)(nil).CheckCalls(schema, got, gold, broken)
}

// CheckCalls is CheckCalls under m: pairs are checked with m.CheckCall,
// and the trajectory mode decides which calls must be matched — Strict
// and Unordered every call both ways (the calls given are matched in any
// order either way: a trajectory's Unordered check pools its steps' calls
// first), Subset every call made (expected calls may be left out, so no
// call at all passes), Superset every expected call (extra calls, broken
// ones included, are allowed, so an empty gold answer passes anything).
// Each call matches at most one other: duplicates count.
func (m *Match) CheckCalls(schema Schema, got []toolcall.Call, gold []GoldCall, broken []Broken) CallsResult {
	mode := m.Mode()
	r := CallsResult{Abstention: len(gold) == 0}
	// Check every pair once.
	pairs := make([][][]Problem, len(gold))
	for i := range gold {
		pairs[i] = make([][]Problem, len(got))
		for j := range got {
			pairs[i][j] = m.CheckCall(schema, got[j], &gold[i])
		}
	}
	r.Matches = Assign(gold, got, pairs)
	used := make([]bool, len(got))
	for i, j := range r.Matches {
		if j < 0 {
			if mode != Subset {
				r.Problems = append(r.Problems, Problem{Code: toolcall.CodeWrongCount, Call: -1, Gold: i,
					Message: fmt.Sprintf("no call matches gold call %d (%s)", i, gold[i].Name)})
			}
			continue
		}
		used[j] = true
		ps := pairs[i][j]
		for _, p := range ps {
			p.Gold = i
			r.Problems = append(r.Problems, p)
		}
		if got[j].Name == gold[i].Name {
			r.ToolCalls++
			if len(ps) > 0 {
				r.WrongArgCalls++
			}
		}
	}
	for j := range got {
		if !used[j] && mode != Superset {
			msg := fmt.Sprintf("call %d (%s) is not in the gold answer", got[j].Index, got[j].Name)
			if r.Abstention {
				msg = fmt.Sprintf("call %d (%s) was made but the right answer is no call", got[j].Index, got[j].Name)
			}
			r.Problems = append(r.Problems, Problem{Code: toolcall.CodeWrongCount, Call: got[j].Index, Gold: -1, Message: msg})
		}
	}
	goldNames := make([]string, 0, len(gold))
	for _, g := range gold {
		goldNames = append(goldNames, g.Name)
	}
	calledNames := make([]string, 0, len(got)+len(broken))
	for _, c := range got {
		calledNames = append(calledNames, c.Name)
	}
	for _, b := range broken {
		calledNames = append(calledNames, b.Name)
		if mode != Superset {
			r.Problems = append(r.Problems, Problem{Code: b.Code, Call: -1, Gold: -1, Message: b.Message})
		}
		if b.Name != "" && slices.Contains(goldNames, b.Name) {
			r.ToolCalls++
			r.WrongArgCalls++
		}
	}
	slices.Sort(goldNames)
	slices.Sort(calledNames)
	switch mode {
	case Subset:
		r.SelectionOK = containsAll(goldNames, calledNames)
	case Superset:
		r.SelectionOK = containsAll(calledNames, goldNames)
	default:
		r.SelectionOK = slices.Equal(goldNames, calledNames)
	}
	// The case's class: parser problems first, then a count mismatch, then
	// the first failing check of the matched pairs.
	countWrong := len(got) != len(gold)
	switch mode {
	case Subset:
		countWrong = len(got) > len(gold)
	case Superset:
		countWrong = len(got) < len(gold)
	}
	switch {
	case len(r.Problems) == 0:
	case len(broken) > 0 && mode != Superset:
		r.Code = toolcall.CodeIncompleteCall
		for _, b := range broken {
			if b.Code.Rank() < r.Code.Rank() {
				r.Code = b.Code
			}
		}
	case countWrong:
		r.Code = toolcall.CodeWrongCount
	default:
		for _, p := range r.Problems {
			if r.Code == "" || p.Code.Rank() < r.Code.Rank() {
				r.Code = p.Code
			}
		}
	}
	r.Correct = len(r.Problems) == 0
	return r
}

// pairScore ranks how well output call j fits gold call i: a full match
// beats any partial one, a right tool name beats a wrong one, and among
// partial matches a later first failure (closer to right) wins.
func pairScore(ps []Problem) int {
	if len(ps) == 0 {
		return 1 << 20
	}
	if ps[0].Code == toolcall.CodeWrongFuncName {
		return 0
	}
	return 1000 + 10*ps[0].Code.Rank() - min(len(ps), 9)
}

// Assign returns, for each gold call, the output call matched with it (-1
// for none), maximising the total pair score; ties go to the earliest
// output calls so the result is deterministic.
func Assign(gold []GoldCall, got []toolcall.Call, pairs [][][]Problem) []int {
	match := make([]int, len(gold))
	for i := range match {
		match[i] = -1
	}
	if len(gold) == 0 || len(got) == 0 {
		return match
	}
	if len(gold) <= maxExact && len(got) <= maxExact {
		best, cur := -1, make([]int, len(gold))
		used := make([]bool, len(got))
		var rec func(i, score int)
		rec = func(i, score int) {
			if i == len(gold) {
				if score > best {
					best = score
					copy(match, cur)
				}
				return
			}
			for j := range got {
				if !used[j] {
					used[j] = true
					cur[i] = j
					rec(i+1, score+pairScore(pairs[i][j]))
					used[j] = false
				}
			}
			if len(gold)-i > len(got)-countTrue(used) {
				cur[i] = -1
				rec(i+1, score)
			}
		}
		rec(0, 0)
		return match
	}
	used := make([]bool, len(got))
	for i := range gold {
		bj, bs := -1, -1
		for j := range got {
			if !used[j] {
				if s := pairScore(pairs[i][j]); s > bs {
					bj, bs = j, s
				}
			}
		}
		if bj >= 0 {
			used[bj] = true
			match[i] = bj
		}
	}
	return match
}

// containsAll reports whether the sorted multiset big holds every element
// of the sorted multiset small, as many times.
func containsAll(big, small []string) bool {
	i := 0
	for _, s := range small {
		for i < len(big) && big[i] < s {
			i++
		}
		if i == len(big) || big[i] != s {
			return false
		}
		i++
	}
	return true
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}
