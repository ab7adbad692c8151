package replay

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/report"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// ParserFunc builds a fresh stream parser with all of its options in one
// call (see Transcript.ParseOptions).
type ParserFunc func(toolcall.ParseOptions) (toolcall.StreamParser, error)

// chunking is one way of feeding a transcript to a parser.
type chunking struct {
	name string
	run  func(p toolcall.StreamParser) recorded
}

// recorded is what one chunking gave: the events (errors past
// toolcall.MaxKeptErrors left out) and how many errors were left out.
type recorded struct {
	evs     []toolcall.Event
	dropped int
}

func recordedOf(r *toolcall.Recorder) recorded {
	return recorded{r.Events(), r.ErrorsDropped()}
}

// runRecorded feeds the chunks as recorded; with chunk arrival times it
// also notes when the first text, the first call start and the last call
// end arrived (Close's events count at the last chunk's time).
func runRecorded(p toolcall.StreamParser, chunks [][]byte, times []float64) (recorded, *report.Latency) {
	var rec toolcall.Recorder
	var l *report.Latency
	if len(times) > 0 {
		l = &report.Latency{ChunksReceived: len(times)}
	}
	for i := 0; i <= len(chunks); i++ {
		var evs []toolcall.Event
		if i == len(chunks) {
			evs = p.Close()
		} else {
			evs = p.Feed(chunks[i])
		}
		if l != nil {
			l.Note(evs, times[min(i, len(times)-1)])
		}
		rec.Add(evs)
	}
	return recordedOf(&rec), l
}

// chunkings returns the ways a transcript is fed: as recorded, one byte at
// a time, and in n random chunkings (1–32 bytes) seeded from seed and the
// case id, so the result does not depend on scheduling or sharding.
func chunkings(t *suite.Transcript, id string, seed int64, n int, latency **report.Latency) []chunking {
	data := t.Bytes()
	out := []chunking{
		{"recorded", func(p toolcall.StreamParser) recorded {
			all, l := runRecorded(p, t.RecordedChunks(), t.ChunkTimesMS)
			*latency = l
			return all
		}},
		{"bytes", func(p toolcall.StreamParser) recorded {
			var rec toolcall.Recorder
			for i := range data {
				rec.Add(p.Feed(data[i : i+1 : i+1]))
			}
			rec.Add(p.Close())
			return recordedOf(&rec)
		}},
	}
	h := fnv.New64a()
	h.Write([]byte(id))
	for r := 0; r < n; r++ {
		rng := rand.New(rand.NewPCG(uint64(seed), h.Sum64()+uint64(r)))
		out = append(out, chunking{fmt.Sprintf("random#%d", r+1), func(p toolcall.StreamParser) recorded {
			var rec toolcall.Recorder
			for rest := data; len(rest) > 0; {
				k := min(1+rng.IntN(32), len(rest))
				rec.Add(p.Feed(rest[:k:k]))
				rest = rest[k:]
			}
			rec.Add(p.Close())
			return recordedOf(&rec)
		}})
	}
	return out
}

// parseTranscript parses t in every chunking, checks they agree and
// returns the recorded chunking's result, the calls it could not
// complete, and the streaming latency when the chunks carry times.
func parseTranscript(newParser ParserFunc, t *suite.Transcript, tools toolcall.ToolSet, id string, seed int64, randomRuns int) (*report.ParseResult, []metrics.Broken, *report.Latency, error) {
	var want recorded
	var latency *report.Latency
	res := &report.ParseResult{Format: t.FormatName()}
	for i, ch := range chunkings(t, id, seed, randomRuns, &latency) {
		p, err := newParser(t.ParseOptions(tools))
		if err != nil {
			return nil, nil, nil, fmt.Errorf("transcript.format %q: %v", t.FormatName(), err)
		}
		evs := ch.run(p)
		res.Chunkings++
		if i == 0 {
			want = evs
			continue
		}
		if res.Disagreement == "" {
			d := diffEvents(want.evs, evs.evs)
			if d == "" && evs.dropped != want.dropped {
				d = fmt.Sprintf("%d errors past the first %d, not %d", evs.dropped, toolcall.MaxKeptErrors, want.dropped)
			}
			if d != "" {
				res.Disagreement = fmt.Sprintf("%s chunking differs from recorded: %s", ch.name, d)
			}
		}
	}
	r := toolcall.Collect(t.FormatName(), want.evs)
	res.Calls, res.Errors, res.ErrorsDropped = r.Calls, r.Errors, r.ErrorsDropped+want.dropped
	return res, brokenCalls(want.evs), latency, nil
}

// brokenCalls lists the calls the parser reported as invalid JSON or
// incomplete, with the tool name from their call_start when there was one.
func brokenCalls(evs []toolcall.Event) []metrics.Broken {
	var out []metrics.Broken
	names := map[int]string{} // call index → name, from call_start
	for _, ev := range evs {
		if ev.Kind == toolcall.KindCallStart {
			names[ev.Index] = ev.Name
		}
		if ev.Kind != toolcall.KindError {
			continue
		}
		var code toolcall.Code
		switch ev.Err.Code {
		case toolcall.CodeInvalidJSON:
			code = toolcall.CodeInvalidJSON
		case toolcall.CodeIncompleteCall:
			code = toolcall.CodeIncompleteCall
		default:
			continue
		}
		name := ""
		if ev.Err.Index >= 0 {
			name = names[ev.Err.Index]
		}
		// The problem's code leads wherever it is shown: the message is
		// where and what ("offset 69: call 0: arguments: …").
		msg := fmt.Sprintf("offset %d: %s", ev.Err.Offset, ev.Err.Message)
		if ev.Err.Index >= 0 {
			msg = fmt.Sprintf("offset %d: call %d: %s", ev.Err.Offset, ev.Err.Index, ev.Err.Message)
		}
		out = append(out, metrics.Broken{Name: name, Code: code, Message: msg, Arguments: ev.Err.Partial})
	}
	return out
}

// diffEvents describes the first difference between two recorded event
// streams, "" when they are equal.
func diffEvents(want, got []toolcall.Event) string {
	for i := 0; i < len(want) || i < len(got); i++ {
		switch {
		case i >= len(got):
			return fmt.Sprintf("event %d missing, want %s", i, eventString(want[i]))
		case i >= len(want):
			return fmt.Sprintf("extra event %d %s", i, eventString(got[i]))
		case !sameEvent(&want[i], &got[i]):
			return fmt.Sprintf("event %d is %s, want %s", i, eventString(got[i]), eventString(want[i]))
		}
	}
	return ""
}

func sameEvent(a, b *toolcall.Event) bool {
	return a.Kind == b.Kind && a.Offset == b.Offset && a.Index == b.Index && a.ID == b.ID && a.Name == b.Name &&
		string(a.Data) == string(b.Data) &&
		a.Call.Index == b.Call.Index && a.Call.ID == b.Call.ID && a.Call.Name == b.Call.Name &&
		string(a.Call.Arguments) == string(b.Call.Arguments) &&
		a.Err.Code == b.Err.Code && a.Err.Offset == b.Err.Offset && a.Err.Index == b.Err.Index &&
		a.Err.Message == b.Err.Message && a.Err.Partial == b.Err.Partial
}

func eventString(ev toolcall.Event) string {
	b, _ := json.Marshal(ev)
	if len(b) > 160 {
		return string(b[:157]) + "..."
	}
	return string(b)
}
