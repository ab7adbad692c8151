package catalog

import (
	"strings"
	"testing"
)

func TestDeeperThan(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want bool
	}{
		{`[1,[2,[3]]]`, 3, false},
		{`[1,[2,[3]]]`, 2, true},
		{`{"a":"[[[[[["}`, 1, false},
		{`{'a': '\'[[['}`, 1, false},
		{`((1,),)`, 1, true},
		{strings.Repeat("[", 20000) + strings.Repeat("]", 20000), 128, true},
		{`plain text`, 0, false},
	} {
		if got := DeeperThan([]byte(tc.in), tc.max); got != tc.want {
			t.Errorf("DeeperThan(%.20q, %d) = %v, want %v", tc.in, tc.max, got, tc.want)
		}
	}
}
