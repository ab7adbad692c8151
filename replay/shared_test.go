package replay

import (
	"slices"
	"testing"

	"github.com/tooleval/tooleval/report"
)

func TestSharedHoldsEqualListsOnce(t *testing.T) {
	s := newShared()
	first := s.list([]string{"search", "fetch"})
	if again := s.list([]string{"search", "fetch"}); &again[0] != &first[0] {
		t.Error("an equal list is not shared")
	}
	// Lists that join to the same text are not equal.
	for _, other := range [][]string{{"searchfetch"}, {"search", "fetch", ""}, {"fetch", "search"}, {"4:search"}} {
		if got := s.list(other); &got[0] == &first[0] || !slices.Equal(got, other) {
			t.Errorf("%q shares %q", other, first)
		}
	}
	v := func(hidden ...string) []report.CaseVariant {
		return []report.CaseVariant{{Variant: "retrieved", InjectedTokens: 10, GoldParams: 2, HiddenParams: hidden}}
	}
	a := s.costs(v("create_note.title"))
	if b := s.costs(v("create_note.title")); &b[0] != &a[0] {
		t.Error("equal costs are not shared")
	}
	if c := s.costs(v("create_note.body")); &c[0] == &a[0] {
		t.Error("other hidden parameters share the costs")
	}
	if c := s.costs([]report.CaseVariant{{Variant: "retrieved", InjectedTokens: 11, GoldParams: 2, HiddenParams: []string{"create_note.title"}}}); &c[0] == &a[0] {
		t.Error("other token counts share the costs")
	}
}

func TestSharedStopsGrowingAtItsCap(t *testing.T) {
	s := newShared()
	for i := range maxShared + 10 {
		s.list([]string{string(rune('a' + i%26)), string(rune(i))})
	}
	if len(s.names) > maxShared {
		t.Errorf("%d lists held, over the cap of %d", len(s.names), maxShared)
	}
}
