package replay

import (
	"strconv"
	"sync"

	"github.com/tooleval/tooleval/report"
)

// shared holds one copy of the lists many case results repeat — the tools
// injected, the costs per variant (the same top-k of one catalog gives
// the same numbers) — so that a run of a million small cases holds each
// once: results are never changed after a run, so equal lists may share
// their storage. Past maxShared distinct lists of a kind, lists are kept
// as they are.
type shared struct {
	mu       sync.Mutex
	key      []byte
	names    map[string][]string
	variants map[string][]report.CaseVariant
}

const maxShared = 1 << 16

func newShared() *shared {
	return &shared{names: map[string][]string{}, variants: map[string][]report.CaseVariant{}}
}

func (s *shared) addString(v string) {
	s.key = strconv.AppendInt(s.key, int64(len(v)), 10)
	s.key = append(s.key, ':')
	s.key = append(s.key, v...)
}

func (s *shared) addInt(v int) {
	s.key = strconv.AppendInt(s.key, int64(v), 10)
	s.key = append(s.key, ',')
}

// list returns the shared copy of names.
func (s *shared) list(names []string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.key = s.key[:0]
	for _, n := range names {
		s.addString(n)
	}
	return remember(s.names, s.key, names)
}

// costs returns the shared copy of vs.
func (s *shared) costs(vs []report.CaseVariant) []report.CaseVariant {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.key = s.key[:0]
	for _, v := range vs {
		s.addString(v.Variant)
		s.addInt(v.InjectedTokens)
		s.addInt(v.NoiseTokens)
		s.addInt(v.CatalogTokens)
		s.addInt(v.GoldParams)
		s.addInt(len(v.HiddenParams))
		for _, h := range v.HiddenParams {
			s.addString(h)
		}
	}
	return remember(s.variants, s.key, vs)
}

// remember returns the value m holds for key, or v, which it then holds
// (below maxShared values).
func remember[T any](m map[string]T, key []byte, v T) T {
	if old, ok := m[string(key)]; ok {
		return old
	}
	if len(m) < maxShared {
		m[string(key)] = v
	}
	return v
}
