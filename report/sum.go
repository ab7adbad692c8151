package report

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// sumScale is the fixed-point scale of Sum: values are kept in units of
// 10⁻⁹.
const SumScale = 1_000_000_000

// Sum is a sum of per-case values in [0, 1] (recall, NDCG, noise share…)
// kept as an integer count of 10⁻⁹ units, so that adding sums is exact and
// does not depend on the order: the sum over a whole suite equals the sum
// of its shards' sums, bit for bit. Each value is rounded to 10⁻⁹ once,
// when it is added. It is written in JSON as an exact decimal ("5.333333333").
type Sum int64

// SumOf is the fixed-point form of x.
func SumOf(x float64) Sum { return Sum(math.Round(x * SumScale)) }

// Float is the sum as a float64.
func (s Sum) Float() float64 { return float64(s) / SumScale }

func (s Sum) String() string {
	neg := s < 0
	u := uint64(s)
	if neg {
		u = uint64(-s)
	}
	whole, frac := u/SumScale, u%SumScale
	out := strconv.FormatUint(whole, 10)
	if frac != 0 {
		f := strconv.FormatUint(frac+SumScale, 10)[1:] // zero-padded to 9 digits
		out += "." + strings.TrimRight(f, "0")
	}
	if neg {
		out = "-" + out
	}
	return out
}

// MarshalJSON writes the exact decimal.
func (s Sum) MarshalJSON() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalJSON reads a decimal number with at most 9 fractional digits,
// exactly (no float rounding).
func (s *Sum) UnmarshalJSON(b []byte) error {
	v, err := parseSum(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

var errSum = errors.New("a sum must be a decimal number with at most 9 digits after the point")

func parseSum(t string) (Sum, error) {
	neg := strings.HasPrefix(t, "-")
	t = strings.TrimPrefix(t, "-")
	whole, frac, _ := strings.Cut(t, ".")
	if whole == "" || len(frac) > 9 || strings.ContainsAny(whole+frac, "eE+-") {
		return 0, errSum
	}
	w, err := strconv.ParseUint(whole, 10, 63)
	if err != nil || w > math.MaxInt64/SumScale {
		return 0, errSum
	}
	var f uint64
	if frac != "" {
		if f, err = strconv.ParseUint(frac+strings.Repeat("0", 9-len(frac)), 10, 63); err != nil {
			return 0, errSum
		}
	}
	v := Sum(w*SumScale + f)
	if neg {
		v = -v
	}
	return v, nil
}
