package retrieval

import (
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/tooleval/tooleval/catalog"
)

// occurrence is one term in one field of one tool, with its frequency.
type occurrence struct {
	term  int32
	field int32
	tf    int32
}

// chunk is the analysis of a run of tools, made by one worker with its
// own term dictionary (local ids), merged in catalog order afterwards.
type chunk struct {
	lo, hi int
	dict   map[string]int32
	words  []string     // local id → term
	occ    []occurrence // local term ids, tools in order
	docOff []int        // tool lo+i's occurrences are occ[docOff[i]:docOff[i+1]]
	tokens []int        // per field
	err    error
}

// analyse fills c with the terms of tools lo…hi.
func (ix *Index) analyse(c *chunk, dl []int32) {
	nf := len(ix.fields)
	c.dict = map[string]int32{}
	c.tokens = make([]int, nf)
	c.docOff = make([]int, 0, c.hi-c.lo+1)
	count := map[int32]int32{}
	var order []int32
	for i := c.lo; i < c.hi; i++ {
		t := &ix.tools[i]
		nested, err := catalog.NestedParams(t.Params)
		if err != nil {
			c.err = fmt.Errorf("retrieval: tool %q: %v", t.Name, err)
			return
		}
		c.docOff = append(c.docOff, len(c.occ))
		for j, f := range ix.fields {
			ts := ix.fieldTerms(t, nested, f.name)
			if len(ts) == 0 {
				continue
			}
			dl[i*nf+j] = int32(len(ts))
			c.tokens[j] += len(ts)
			clear(count)
			order = order[:0]
			for _, term := range ts {
				id, ok := c.dict[term]
				if !ok {
					id = int32(len(c.words))
					c.dict[term] = id
					c.words = append(c.words, term)
				}
				if count[id] == 0 {
					order = append(order, id)
				}
				count[id]++
			}
			for _, id := range order {
				c.occ = append(c.occ, occurrence{term: id, field: int32(j), tf: count[id]})
			}
		}
	}
	c.docOff = append(c.docOff, len(c.occ))
}

// build analyses every tool once (on every CPU, in chunks of tools),
// counts the statistics every similarity needs (document frequencies per
// field and over the whole tool, field lengths) and turns them into impact
// postings.
func (ix *Index) build() error {
	nf, n := len(ix.fields), len(ix.tools)
	dl := make([]int32, n*nf)
	workers := min(runtime.GOMAXPROCS(0), max(1, n/512))
	chunks := make([]chunk, workers)
	var wg sync.WaitGroup
	for w := range chunks {
		c := &chunks[w]
		c.lo, c.hi = n*w/workers, n*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			ix.analyse(c, dl)
		}()
	}
	wg.Wait()

	// Merge the dictionaries in catalog order, so term ids do not depend
	// on scheduling, and count document frequencies.
	ix.terms = map[string]int32{}
	ix.fieldDocs = make([]int, nf)
	ix.fieldDF = make([][]int32, nf)
	ix.avgdl = make([]float64, nf)
	tokens := make([]int, nf)
	for w := range chunks {
		c := &chunks[w]
		if c.err != nil {
			return c.err
		}
		remap := make([]int32, len(c.words))
		for local, term := range c.words {
			id, ok := ix.terms[term]
			if !ok {
				id = int32(len(ix.terms))
				ix.terms[term] = id
			}
			remap[local] = id
		}
		for k := range c.occ {
			c.occ[k].term = remap[c.occ[k].term]
		}
		for j := range tokens {
			tokens[j] += c.tokens[j]
		}
		c.dict, c.words = nil, nil
	}
	nt := len(ix.terms)
	ix.df = make([]int32, nt)
	for j := range ix.fieldDF {
		ix.fieldDF[j] = make([]int32, nt)
	}
	lastDoc := make([]int32, nt)
	for i := range lastDoc {
		lastDoc[i] = -1
	}
	for w := range chunks {
		c := &chunks[w]
		for i := c.lo; i < c.hi; i++ {
			for _, e := range c.occ[c.docOff[i-c.lo]:c.docOff[i-c.lo+1]] {
				ix.fieldDF[e.field][e.term]++
				if lastDoc[e.term] != int32(i) {
					lastDoc[e.term] = int32(i)
					ix.df[e.term]++
				}
			}
			for j := 0; j < nf; j++ {
				if dl[i*nf+j] > 0 {
					ix.fieldDocs[j]++
				}
			}
		}
	}
	for j := range ix.fields {
		if ix.fieldDocs[j] > 0 {
			ix.avgdl[j] = float64(tokens[j]) / float64(ix.fieldDocs[j])
		}
	}

	// One backing array for all postings, cut by document frequency.
	total := 0
	for _, d := range ix.df {
		total += int(d)
	}
	docs := make([]int32, total)
	impacts := make([]float64, total)
	ix.post = make([]postings, len(ix.df))
	at := 0
	for id, d := range ix.df {
		ix.post[id] = postings{docs: docs[at : at : at+int(d)], impacts: impacts[at : at : at+int(d)]}
		at += int(d)
	}
	for w := range chunks {
		c := &chunks[w]
		for i := c.lo; i < c.hi; i++ {
			ix.addPostings(i, c.occ[c.docOff[i-c.lo]:c.docOff[i-c.lo+1]], dl[i*nf:(i+1)*nf])
		}
		c.occ = nil
	}
	return nil
}

// addPostings appends tool i's impacts to the postings of its terms.
func (ix *Index) addPostings(i int, es []occurrence, dl []int32) {
	slices.SortStableFunc(es, func(a, b occurrence) int { return int(a.term - b.term) })
	for lo := 0; lo < len(es); {
		hi := lo + 1
		for hi < len(es) && es[hi].term == es[lo].term {
			hi++
		}
		p := &ix.post[es[lo].term]
		p.docs = append(p.docs, int32(i))
		p.impacts = append(p.impacts, ix.impact(es[lo:hi], dl))
		lo = hi
	}
}

// impact is a tool's score for one term at query weight 1, from the
// term's occurrences in the tool's fields (one per field) and the tool's
// field lengths.
func (ix *Index) impact(es []occurrence, dl []int32) float64 {
	k1 := ix.cfg.K1
	id := es[0].term
	switch ix.cfg.Similarity {
	case SimilarityBM25:
		var s float64
		for _, e := range es {
			f := e.field
			s += ix.fields[f].weight * IDF(float64(ix.fieldDF[f][id]), float64(ix.fieldDocs[f])) *
				TF(float64(e.tf), float64(dl[f]), ix.avgdl[f], k1, ix.fields[f].b)
		}
		return s
	case SimilarityBluge:
		var s float64
		for _, e := range es {
			f := e.field
			s += ix.fields[f].weight * stockBM25(float64(e.tf), float64(dl[f]), ix.avgdl[f],
				float64(ix.fieldDF[f][id]), float64(ix.fieldDocs[f]), k1, ix.fields[f].b)
		}
		return s
	default: // BM25F
		var x float64
		for _, e := range es {
			f := e.field
			x += WeightedTF(ix.fields[f].weight, float64(e.tf), float64(dl[f]), ix.avgdl[f], ix.fields[f].b)
		}
		return IDF(float64(ix.df[id]), float64(len(ix.tools))) * Saturate(x, k1)
	}
}
