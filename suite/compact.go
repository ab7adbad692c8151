package suite

import (
	"slices"

	"github.com/tooleval/tooleval/metrics"
)

// A suite of a million small cases is held whole while it is replayed, so
// the loader keeps each case compact: the names many cases repeat (the
// catalog, the transcript format, tool, parameter and tag names, the
// language) are held once, and the lists JSON decoding grew are cut to
// their length. Nothing a case marshals to changes.

// interner holds one copy of each name; it lives as long as one load.
type interner map[string]string

// maxInterned bounds the names held once: past it, names are kept as
// they are (a suite of many distinct names gains nothing from it).
const maxInterned = 1 << 16

func (in interner) name(s string) string {
	if v, ok := in[s]; ok {
		return v
	}
	if len(in) < maxInterned {
		in[s] = s
	}
	return s
}

func (in interner) names(xs []string) []string {
	if xs == nil {
		return nil
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = in.name(x)
	}
	return out
}

// compact makes a decoded case compact (see above).
func (in interner) compact(c *Case) {
	c.Catalog = in.name(c.Catalog)
	c.Lang = in.name(c.Lang)
	c.GoldTools = in.names(c.GoldTools)
	c.AlwaysInclude = in.names(c.AlwaysInclude)
	c.Tags = in.names(c.Tags)
	c.GoldCalls = in.goldCalls(c.GoldCalls)
	in.transcript(c.Transcript)
	for _, t := range c.Transcripts {
		in.transcript(t)
	}
}

func (in interner) transcript(t *Transcript) {
	if t == nil {
		return
	}
	t.Format = in.name(t.Format)
	t.Variant = in.name(t.Variant)
	t.Protocol = in.name(t.Protocol)
	t.Model = in.name(t.Model)
}

func (in interner) goldCalls(gs []metrics.GoldCall) []metrics.GoldCall {
	if gs == nil {
		return nil
	}
	out := slices.Clone(gs)
	for i := range out {
		out[i].Name = in.name(out[i].Name)
		out[i].Params = slices.Clone(out[i].Params)
		for j := range out[i].Params {
			p := &out[i].Params[j]
			p.Name = in.name(p.Name)
			p.Allowed = slices.Clone(p.Allowed)
		}
	}
	return out
}
