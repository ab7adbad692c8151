package replay

import (
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/repair"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// judged is one model output (a transcript, or a trajectory step) judged
// against its gold calls: the output as judged (after the suite's repairs,
// if it asks for any), the repairs that changed it, and the verdict.
type judged struct {
	out   repair.Output
	gold  []metrics.GoldCall
	used  []repair.Kind
	calls metrics.CallsResult
	// injected tells which tools were injected when the output was made
	// (nil: no such check, a single-step case); a repaired call must name
	// one of them.
	injected func(string) bool
	// fixes are the repairs that, each applied alone, make a failing
	// single-step output pass.
	fixes []repair.Kind
}

// judge applies the suite's repairs to an output and judges it with the
// case's checker and match settings.
func (r *runner) judge(c *suite.Case, cat *catalog.Catalog, calls []toolcall.Call, broken []metrics.Broken, gold []metrics.GoldCall) judged {
	j := judged{out: repair.Output{Calls: calls, Broken: broken}, gold: gold}
	if ks := r.suite.Repairs(); len(ks) > 0 {
		j.out, j.used = repair.ApplyAll(ks, cat, j.out)
	}
	j.calls = c.Judge(cat, j.out.Calls, gold, j.out.Broken)
	return j
}

// fixes returns, in repair.Kinds order, the repairs each of which, applied
// alone to the failing parts, makes them all pass: each part judged on its
// own (a single transcript, the failing steps of a strict trajectory), or
// with pooled all parts' calls judged together against all their gold
// calls (a pooled trajectory mode). A repair must change every part judged
// on its own, and a renamed call must name a tool that was injected.
func (r *runner) fixes(c *suite.Case, cat *catalog.Catalog, parts []judged, pooled bool) []repair.Kind {
	var out []repair.Kind
	for _, info := range repair.Kinds {
		repaired := make([]repair.Output, len(parts))
		changed, ok := false, true
		for i, p := range parts {
			o, ch := repair.Apply(info.Kind, cat, p.out)
			repaired[i] = o
			changed = changed || ch
			if !ch && !pooled || !allInjected(o.Calls, p.injected) {
				ok = false
			}
		}
		if !changed || !ok {
			continue
		}
		if pooled {
			var all judged
			for i, p := range parts {
				all.out.Calls = append(all.out.Calls, repaired[i].Calls...)
				all.out.Broken = append(all.out.Broken, repaired[i].Broken...)
				all.gold = append(all.gold, p.gold...)
			}
			ok = c.Judge(cat, all.out.Calls, all.gold, all.out.Broken).Correct
		} else {
			for i, p := range parts {
				if !c.Judge(cat, repaired[i].Calls, p.gold, repaired[i].Broken).Correct {
					ok = false
					break
				}
			}
		}
		if ok {
			out = append(out, info.Kind)
		}
	}
	return out
}

func allInjected(calls []toolcall.Call, injected func(string) bool) bool {
	if injected == nil {
		return true
	}
	for _, c := range calls {
		if !injected(c.Name) {
			return false
		}
	}
	return true
}

// kindNames returns repair kinds as the report writes them.
func kindNames(ks []repair.Kind) []string {
	if len(ks) == 0 {
		return nil
	}
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

// unionKinds adds the kinds of more to have, keeping repair.Kinds order.
func unionKinds(have, more []repair.Kind) []repair.Kind {
	var out []repair.Kind
	for _, info := range repair.Kinds {
		in := false
		for _, k := range append(have[:len(have):len(have)], more...) {
			if k == info.Kind {
				in = true
				break
			}
		}
		if in {
			out = append(out, info.Kind)
		}
	}
	return out
}
