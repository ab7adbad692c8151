package repair

import (
	"strings"
	"unicode/utf8"
)

// MaxNameDistance is the largest edit distance at which tool_name renames
// a call.
const MaxNameDistance = 2

// closestTool returns the one catalog tool name a call's name is a slip
// of: within MaxNameDistance edits (Levenshtein, over runes), or equal
// after Canonical. ok is false when no tool or more than one qualifies.
func closestTool(name string, tools []string) (string, bool) {
	cn := Canonical(name)
	found := ""
	n := 0
	for _, t := range tools {
		if t == name {
			return "", false // not a slip: the tool exists
		}
		if Canonical(t) == cn || distanceAtMost(name, t, MaxNameDistance) {
			found = t
			n++
		}
	}
	return found, n == 1
}

// Canonical is a tool name with an mcp__server__ prefix removed, lowercased
// and without the separators - _ and . — two names with the same
// canonical form differ only in those.
func Canonical(name string) string {
	if rest, ok := strings.CutPrefix(name, "mcp__"); ok {
		if _, tool, ok := strings.Cut(rest, "__"); ok && tool != "" {
			name = tool
		}
	}
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch r {
		case '-', '_', '.':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Distance is the Levenshtein distance between a and b over runes
// (insertions, deletions and substitutions each cost 1).
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// distanceAtMost reports whether Distance(a, b) <= k, skipping the table
// when the lengths alone rule it out.
func distanceAtMost(a, b string, k int) bool {
	la, lb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	if la-lb > k || lb-la > k {
		return false
	}
	return Distance(a, b) <= k
}
