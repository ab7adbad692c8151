package retrieval

import (
	"fmt"
	"slices"

	"github.com/tooleval/tooleval/catalog"
)

// occurrence is one term in one field of one tool, with its frequency.
type occurrence struct {
	term  int32
	field int32
	tf    int32
}

// build analyses every tool once, counts the statistics every similarity
// needs (document frequencies per field and over the whole tool, field
// lengths) and turns them into impact postings.
func (ix *Index) build() error {
	nf, n := len(ix.fields), len(ix.tools)
	ix.terms = map[string]int32{}
	ix.fieldDocs = make([]int, nf)
	ix.fieldDF = make([][]int32, nf)
	ix.avgdl = make([]float64, nf)
	tokens := make([]int, nf)
	dl := make([]int32, n*nf)
	var occ []occurrence
	docOff := make([]int, n+1)
	var lastDoc []int32 // per term: the last tool counted in df
	count := map[int32]int32{}
	var order []int32
	for i := range ix.tools {
		t := &ix.tools[i]
		nested, err := catalog.NestedParams(t.Params)
		if err != nil {
			return fmt.Errorf("retrieval: tool %q: %v", t.Name, err)
		}
		docOff[i] = len(occ)
		for j, f := range ix.fields {
			ts := ix.fieldTerms(t, nested, f.name)
			if len(ts) == 0 {
				continue
			}
			dl[i*nf+j] = int32(len(ts))
			ix.fieldDocs[j]++
			tokens[j] += len(ts)
			clear(count)
			order = order[:0]
			for _, term := range ts {
				id, ok := ix.terms[term]
				if !ok {
					id = int32(len(ix.df))
					ix.terms[term] = id
					ix.df = append(ix.df, 0)
					lastDoc = append(lastDoc, -1)
					for f := range ix.fieldDF {
						ix.fieldDF[f] = append(ix.fieldDF[f], 0)
					}
				}
				if count[id] == 0 {
					order = append(order, id)
				}
				count[id]++
			}
			for _, id := range order {
				occ = append(occ, occurrence{term: id, field: int32(j), tf: count[id]})
				ix.fieldDF[j][id]++
				if lastDoc[id] != int32(i) {
					lastDoc[id] = int32(i)
					ix.df[id]++
				}
			}
		}
	}
	docOff[n] = len(occ)
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
	for i := 0; i < n; i++ {
		es := occ[docOff[i]:docOff[i+1]]
		slices.SortStableFunc(es, func(a, b occurrence) int { return int(a.term - b.term) })
		for lo := 0; lo < len(es); {
			hi := lo + 1
			for hi < len(es) && es[hi].term == es[lo].term {
				hi++
			}
			id := es[lo].term
			p := &ix.post[id]
			p.docs = append(p.docs, int32(i))
			p.impacts = append(p.impacts, ix.impact(es[lo:hi], dl[i*nf:(i+1)*nf]))
			lo = hi
		}
	}
	return nil
}

// impact is a tool's score for one term at query weight 1, from the
// term's occurrences in the tool's fields (one per field) and the tool's
// field lengths.
func (ix *Index) impact(es []occurrence, dl []int32) float64 {
	k1, b := ix.cfg.K1, ix.cfg.B
	id := es[0].term
	switch ix.cfg.Similarity {
	case SimilarityBM25:
		var s float64
		for _, e := range es {
			f := e.field
			s += ix.fields[f].weight * IDF(float64(ix.fieldDF[f][id]), float64(ix.fieldDocs[f])) *
				TF(float64(e.tf), float64(dl[f]), ix.avgdl[f], k1, b)
		}
		return s
	case SimilarityBluge:
		var s float64
		for _, e := range es {
			f := e.field
			s += ix.fields[f].weight * stockBM25(float64(e.tf), float64(dl[f]), ix.avgdl[f],
				float64(ix.fieldDF[f][id]), float64(ix.fieldDocs[f]), k1, b)
		}
		return s
	default: // BM25F
		var x float64
		for _, e := range es {
			f := e.field
			x += WeightedTF(ix.fields[f].weight, float64(e.tf), float64(dl[f]), ix.avgdl[f], b)
		}
		return IDF(float64(ix.df[id]), float64(len(ix.tools))) * Saturate(x, k1)
	}
}
