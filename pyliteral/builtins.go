package pyliteral

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/tooleval/tooleval/internal/lazyre"
)

// Python's str.strip, int(str) and float(str), as the leaderboard's
// converters of Java and JavaScript source text call them.

// IsStripSpace reports whether Python's str.strip() removes the byte c
// (ASCII whitespace, and the separators 0x1c to 0x1f).
func IsStripSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c >= 0x1c && c <= 0x1f
}

// Strip is Python's str.strip() for ASCII whitespace.
func Strip(s string) string {
	i, j := 0, len(s)
	for i < j && IsStripSpace(s[i]) {
		i++
	}
	for j > i && IsStripSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

var (
	rePyInt   = lazyre.New(`^[+-]?\d(?:_?\d)*$`)
	rePyFloat = lazyre.New(`^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$`)
)

// ParseInt is Python's int(s) for base 10: surrounding whitespace, a sign
// and underscores between digits are allowed; ok is false where int raises.
func ParseInt(s string) (Object, bool) {
	s = Strip(s)
	if !rePyInt().MatchString(s) {
		return Object{}, false
	}
	i, ok := new(big.Int).SetString(strings.ReplaceAll(strings.TrimPrefix(s, "+"), "_", ""), 10)
	return Object{Kind: KindInt, Int: i}, ok
}

// ParseFloat is Python's float(s): also "inf", "infinity" and "nan" in any
// case; ok is false where float raises.
func ParseFloat(s string) (Object, bool) {
	s = Strip(s)
	switch t := strings.ToLower(strings.TrimLeft(s, "+-")); t {
	case "inf", "infinity", "nan":
		f := math.Inf(1)
		if t == "nan" {
			f = math.NaN()
		} else if strings.HasPrefix(s, "-") {
			f = math.Inf(-1)
		}
		if len(s)-len(strings.TrimLeft(s, "+-")) > 1 {
			return Object{}, false
		}
		return Object{Kind: KindFloat, Float: f}, true
	}
	if !rePyFloat().MatchString(s) {
		return Object{}, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	if err != nil && !math.IsInf(f, 0) {
		return Object{}, false
	}
	return Object{Kind: KindFloat, Float: f}, true
}
