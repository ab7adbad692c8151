package render

import (
	"bufio"
	"encoding/json"
	"strings"

	"github.com/tooleval/tooleval/internal/nativeview"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
)

// The HTML report's case data: one JSON value in a
// <script type="application/json" id="report-data"> element, which the
// page's script reads. Its shape (the script names the fields by these
// positions):
//
//	{"cfg": [configuration name, …],
//	 "r":   [row, …],    one per configuration and case, in report order
//	 "c":   [case, …],   one per case, shared by its rows
//	 "m":   [segments, …] transcripts split for marking (markSegments)
//	 "s":   [string, …]} repeated strings, each once; index 0 is ""
//
//	row:  [config, case, passed 0/1, cause s, recall (-1: not scored),
//	       detail s, [injected tool s, …], [missed tool s, …],
//	       [parsed call s, …], [problem s, …], latency s,
//	       [open s, separator s, close s, piece s, …] of the tool
//	       block or 0,
//	       segments m (-1: none), format s, zero match 0/1, judging s,
//	       [trial, …]]
//	trial: [passed 0/1, verdict s, [parsed call s, …], [problem s, …],
//	       segments m (-1: none), format s]
//	case: [id, line, lang s, tags, query, [gold call, …], tool variant s,
//	       [[kind s, text], …] of a provider stream or 0, raw stream,
//	       [[[kind s, text], …] or 0, raw stream] per trial]
//
// "s" marks an index into the string table, "m" one into the segments.
// json.Encoder escapes <, > and & in every string (\u003c…), so no
// text in the data can end the script element.

// dataWriter streams the case data, interning as it goes.
type dataWriter struct {
	enc    *json.Encoder
	w      *bufio.Writer
	ids    map[string]int
	list   []string
	blocks map[*toolBlock][]int
	segs   map[segKey]int
	segsOf [][]string
	cases  []any
	caseOf map[string]int // case id → index in cases
	texts  []string       // each case's transcript, for its rows' segments
	trials [][]string     // each case's trials' transcripts
}

type segKey struct {
	c     int    // case index
	trial int    // trial index, -1 for the case's transcript
	names string // the names marked, NUL-separated
}

// str interns s.
func (d *dataWriter) str(s string) int {
	if i, ok := d.ids[s]; ok {
		return i
	}
	d.ids[s] = len(d.list)
	d.list = append(d.list, s)
	return len(d.list) - 1
}

// block interns a tool block's pieces: [open, separator, close, piece,
// …], every element a string index; 0 for no block.
func (d *dataWriter) block(t *toolBlock) any {
	if t == nil {
		return 0
	}
	if ids, ok := d.blocks[t]; ok {
		return ids
	}
	ids := make([]int, 3, len(t.Pieces)+3)
	ids[0], ids[1], ids[2] = d.str(t.Open), d.str(t.Sep), d.str(t.Close)
	for _, p := range t.Pieces {
		ids = append(ids, d.str(p))
	}
	d.blocks[t] = ids
	return ids
}

// strs interns each string of a list.
func (d *dataWriter) strs(list []string) []int {
	ids := make([]int, len(list))
	for i, s := range list {
		ids[i] = d.str(s)
	}
	return ids
}

func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nonNil keeps empty lists as [] in the JSON.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// writeCaseData writes the <script> element with every case of every
// configuration.
func writeCaseData(w *bufio.Writer, rep *report.Report, s *suite.Suite, byID map[string]*suite.Case) error {
	d := &dataWriter{w: w, enc: json.NewEncoder(w), ids: map[string]int{"": 0}, list: []string{""},
		blocks: map[*toolBlock][]int{}, segs: map[segKey]int{}, caseOf: map[string]int{}}
	blocks := &toolBlocks{}
	w.WriteString(`<script type="application/json" id="report-data">{"cfg":`)
	var names []string
	for _, c := range rep.Configs {
		names = append(names, c.Config.Name)
	}
	if err := d.enc.Encode(nonNil(names)); err != nil {
		return err
	}
	w.WriteString(`,"r":[`)
	first := true
	for ci, c := range rep.Configs {
		for _, r := range c.Results {
			ki, seen := d.caseOf[r.ID]
			h := caseView(rep, c, r, s, byID[r.ID], blocks, !seen)
			if !seen {
				ki = len(d.cases)
				d.caseOf[r.ID] = ki
				d.cases = append(d.cases, d.caseEntry(&h))
				d.texts = append(d.texts, h.Transcript)
				var texts []string
				for _, t := range h.Trials {
					texts = append(texts, t.Transcript)
				}
				d.trials = append(d.trials, texts)
			}
			seg := -1
			if !nativeview.IsNative(h.Format) {
				seg = d.segments(ki, -1, d.texts[ki], h.MarkNames)
			}
			trials := make([]any, len(h.Trials))
			for ti, t := range h.Trials {
				tseg := -1
				if !nativeview.IsNative(t.Format) && ti < len(d.trials[ki]) {
					tseg = d.segments(ki, ti, d.trials[ki][ti], t.MarkNames)
				}
				trials[ti] = []any{bit(t.Passed), d.str(t.Verdict), d.strs(t.Calls), d.strs(t.Problems), tseg, d.str(t.Format)}
			}
			if !first {
				w.WriteByte(',')
			}
			first = false
			row := []any{ci, ki, bit(h.Passed), d.str(h.Cause), h.Recall, d.str(h.Detail), d.strs(h.Injected), d.strs(h.Missed),
				d.strs(h.Calls), d.strs(h.Problems), d.str(h.Latency), d.block(h.ToolBlock), seg, d.str(h.Format), bit(h.ZeroMatch), d.str(h.Judging), trials}
			if err := d.enc.Encode(row); err != nil {
				return err
			}
		}
	}
	w.WriteString(`],"c":`)
	if d.cases == nil {
		d.cases = []any{}
	}
	if err := d.enc.Encode(d.cases); err != nil {
		return err
	}
	w.WriteString(`,"m":`)
	if d.segsOf == nil {
		d.segsOf = [][]string{}
	}
	if err := d.enc.Encode(d.segsOf); err != nil {
		return err
	}
	w.WriteString(`,"s":`)
	if err := d.enc.Encode(d.list); err != nil {
		return err
	}
	_, err := w.WriteString("}</script>\n")
	return err
}

// caseEntry is the case's shared data, from its first row (built with
// full set).
func (d *dataWriter) caseEntry(h *htmlCase) []any {
	native, raw := d.native(h.Format, h.Transcript)
	trials := make([]any, len(h.Trials))
	for i, t := range h.Trials {
		n, r := d.native(t.Format, t.Transcript)
		trials[i] = []any{n, r}
	}
	return []any{h.ID, h.Line, d.str(h.Lang), h.Tags, h.Query, nonNil(h.Gold), d.str(h.ToolVariant), native, raw, trials}
}

// native is a provider stream's text and calls as [[kind s, text], …] and
// the raw stream; 0 and "" for a text transcript or a stream that does
// not read.
func (d *dataWriter) native(format, transcript string) (native, raw any) {
	native, raw = 0, ""
	if !nativeview.IsNative(format) || transcript == "" {
		return native, raw
	}
	text := transcript
	if len(text) > markLimit {
		text = strings.ToValidUTF8(text[:markLimit], "")
	}
	parts, err := nativeview.Parts(format, []byte(text))
	if err != nil {
		return native, raw
	}
	list := make([][2]any, 0, len(parts))
	for _, p := range parts {
		t := p.Text
		if p.Kind == nativeview.Call {
			t = p.Call.Name + "(" + string(p.Call.Arguments) + ")"
		}
		list = append(list, [2]any{d.str(string(p.Kind)), t})
	}
	return list, markSegments(transcript, nil)[0]
}

// segments interns the transcript text of case ki (of its trial ti, -1
// for the case's own) split at the call names; -1 when there is none.
func (d *dataWriter) segments(ki, ti int, text string, names []string) int {
	key := segKey{ki, ti, strings.Join(names, "\x00")}
	if i, ok := d.segs[key]; ok {
		return i
	}
	if text == "" {
		d.segs[key] = -1
		return -1
	}
	d.segs[key] = len(d.segsOf)
	d.segsOf = append(d.segsOf, markSegments(text, names))
	return len(d.segsOf) - 1
}
