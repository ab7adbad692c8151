package suite

import (
	"encoding/json"
	"sync"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/retrieval"
)

// indexKey names one catalog indexed under one retrieval setting (the
// setting's JSON, so equal settings share an index).
type indexKey struct {
	cat *catalog.Catalog
	cfg string
}

type indexEntry struct {
	once sync.Once
	ix   *retrieval.Index
	err  error
}

// indexCache keeps a suite's retrieval indexes across runs, so comparing
// many configurations (or tuning) builds each index once.
type indexCache struct {
	mu      sync.Mutex
	entries map[indexKey]*indexEntry
}

// index returns the retrieval index of cat under cfg, built once and
// shared by all workers and runs. It is safe for concurrent use.
func (s *Suite) Index(cat *catalog.Catalog, cfg retrieval.Config) (*retrieval.Index, error) {
	cfg.K = 0 // k is chosen per search
	key, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	c := &s.indexes
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[indexKey]*indexEntry{}
	}
	e, ok := c.entries[indexKey{cat, string(key)}]
	if !ok {
		e = &indexEntry{}
		c.entries[indexKey{cat, string(key)}] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.ix, e.err = retrieval.New(cat.Tools(), retrieval.WithConfig(cfg))
	})
	return e.ix, e.err
}

// Close releases the retrieval indexes runs on the suite have built. The
// suite stays usable: a later run builds them again.
func (s *Suite) Close() error {
	c := &s.indexes
	c.mu.Lock()
	defer c.mu.Unlock()
	var first error
	for k, e := range c.entries {
		if e.ix != nil {
			if err := e.ix.Close(); err != nil && first == nil {
				first = err
			}
		}
		delete(c.entries, k)
	}
	return first
}
