package bfcl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// Multi-turn categories become trajectories: one step per user turn, the
// turn's ground-truth calls (Python call syntax, read with pyliteral) as
// the step's gold calls, the functions of the question's involved classes
// (multi_turn_func_doc/) as its catalog, and a model's results for the
// turn (all its inference steps' calls) as the step's transcript. What
// replay measures on them is call-sequence agreement with the ground
// truth; the leaderboard instead executes the calls against its simulated
// environment and compares the resulting states, which tooleval does not.

// isMultiTurn reports whether a category is a multi-turn one.
func isMultiTurn(cat string) bool { return strings.HasPrefix(cat, "multi_turn") }

// classDocFiles maps the leaderboard's involved classes to their
// function-doc files under multi_turn_func_doc/; other classes are looked
// up by their snake_case name.
var classDocFiles = map[string]string{
	"GorillaFileSystem": "gorilla_file_system.json",
	"MathAPI":           "math_api.json",
	"MessageAPI":        "message_api.json",
	"TwitterAPI":        "posting_api.json",
	"TicketAPI":         "ticket_api.json",
	"TradingBot":        "trading_bot.json",
	"TravelAPI":         "travel_booking.json",
	"VehicleControlAPI": "vehicle_control.json",
}

func classDocFile(class string) string {
	if f, ok := classDocFiles[class]; ok {
		return f
	}
	var b strings.Builder
	for i, r := range class {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String() + ".json"
}

// multiTurnQuestion is one line of a multi-turn question file.
type multiTurnQuestion struct {
	ID              string            `json:"id"`
	Question        []json.RawMessage `json:"question"`
	InvolvedClasses []string          `json:"involved_classes"`
}

// classDocs reads (once) the function docs of an involved class.
func (b *builder) classDocs(dataDir, class string) ([]json.RawMessage, []string, error) {
	if b.mtDocs == nil {
		b.mtDocs = map[string]classDoc{}
	}
	if d, ok := b.mtDocs[class]; ok {
		return d.funcs, d.names, d.err
	}
	p := filepath.Join(dataDir, "multi_turn_func_doc", classDocFile(class))
	var docs bytes.Buffer
	docs.WriteByte('[')
	n := 0
	err := b.eachLine(p, func(line int, raw []byte) error {
		if n > 0 {
			docs.WriteByte(',')
		}
		n++
		docs.Write(raw)
		return nil
	})
	docs.WriteByte(']')
	var d classDoc
	if err != nil {
		d.err = fmt.Errorf("function docs of %s: %w", class, err)
	} else if d.funcs, d.names, err = functionDocs(docs.Bytes()); err != nil {
		d.err = &toolcall.FileError{File: p, Err: err}
	}
	b.mtDocs[class] = d
	return d.funcs, d.names, d.err
}

type classDoc struct {
	funcs []json.RawMessage
	names []string
	err   error
}

// multiTurn imports a multi-turn category as trajectories.
func (b *builder) multiTurn(dataDir string, f dataFile, cs *CategorySummary) error {
	ap := filepath.Join(dataDir, "possible_answer", filepath.Base(f.path))
	answers := map[string][][]metrics.GoldCall{}
	tools := map[string][]string{}
	err := b.eachLine(ap, func(line int, raw []byte) error {
		var a struct {
			ID          string            `json:"id"`
			GroundTruth []json.RawMessage `json:"ground_truth"`
		}
		if err := json.Unmarshal(raw, &a); err != nil || a.ID == "" {
			if err == nil {
				err = errors.New("no id")
			}
			return b.entry(&toolcall.FileError{File: ap, Line: line, Err: fmt.Errorf("not a multi-turn answer {id, ground_truth: [[calls…] per turn]}: %w", err)})
		}
		turns := make([][]metrics.GoldCall, len(a.GroundTruth))
		for i, gt := range a.GroundTruth {
			calls, names, ferr := groundTruth(gt)
			if ferr != nil {
				return b.entry(&toolcall.FileError{File: ap, Line: line, ID: a.ID, Field: fmt.Sprintf("ground_truth[%d]%s", i, ferr.path), Err: ferr.err})
			}
			turns[i] = calls
			for _, n := range names {
				tools[a.ID] = appendNew(tools[a.ID], n)
			}
		}
		answers[a.ID] = turns
		return nil
	})
	if errors.Is(err, os.ErrNotExist) {
		return &toolcall.FileError{File: ap, Err: fmt.Errorf("possible-answer file for category %s is missing", f.category)}
	}
	if err != nil {
		return err
	}
	b.initCases()
	err = b.eachLine(f.path, func(line int, raw []byte) error {
		cs.Questions++
		var q multiTurnQuestion
		if err := json.Unmarshal(raw, &q); err != nil {
			b.skip(cs, "malformed")
			return b.entry(&toolcall.FileError{File: f.path, Line: line, Err: fmt.Errorf("not a multi-turn question: %w", err)})
		}
		fe := func(field string, err error) error {
			b.skip(cs, "malformed")
			return b.entry(&toolcall.FileError{File: f.path, Line: line, ID: q.ID, Field: field, Err: err})
		}
		if err := b.claimID(q.ID, f.path, line); err != nil {
			return fe("id", err)
		}
		gold, ok := answers[q.ID]
		if !ok {
			return fe("", fmt.Errorf("no answer in %s", ap))
		}
		if len(gold) != len(q.Question) {
			return fe("question", fmt.Errorf("%d turns, but the ground truth has %d", len(q.Question), len(gold)))
		}
		if len(q.Question) == 0 {
			return fe("question", errors.New("no turn"))
		}
		var funcs []json.RawMessage
		var names []string
		for _, class := range q.InvolvedClasses {
			fs, ns, err := b.classDocs(dataDir, class)
			if err != nil {
				b.skip(cs, "no function docs")
				return b.entry(&toolcall.FileError{File: f.path, Line: line, ID: q.ID, Field: "involved_classes", Err: err})
			}
			for i, n := range ns {
				if !contains(names, n) {
					funcs, names = append(funcs, fs[i]), append(names, n)
				}
			}
		}
		if len(funcs) == 0 {
			b.skip(cs, "no function docs")
			return nil
		}
		c := suite.Case{ID: q.ID, GoldTools: tools[q.ID], Tags: []string{"bfcl", f.category, "trajectory", "call_sequence"}}
		if c.GoldTools == nil {
			c.GoldTools = []string{}
		}
		for _, t := range c.GoldTools {
			if !contains(names, t) {
				return fe("ground_truth", fmt.Errorf("gold tool %s is not among the involved classes' functions", t))
			}
		}
		for i, turn := range q.Question {
			// A turn is a list of messages; miss_func turns may have none
			// (the held-out function arrives, the request goes on).
			text, _, err := userQuery(append(append([]byte{'['}, turn...), ']'))
			if err != nil {
				return fe(fmt.Sprintf("question[%d]", i), err)
			}
			if i == 0 {
				c.Query = text
				if text == "" {
					b.skip(cs, "no user message")
					return nil
				}
			}
			if err := b.checkAnswer(ap, 0, q.ID, funcs, names, gold[i]); err != nil {
				return err
			}
			st := &suite.Step{GoldCalls: gold[i]}
			if i > 0 {
				st.Query = text
			}
			c.Steps = append(c.Steps, st)
		}
		c.Lang = langOf(c.Query)
		c.Checker = &bfclcheck.Rules{Checker: "bfcl", Category: f.category, Documented: b.opt.Documented,
			Types: paramTypes(funcs, names, c.GoldTools)}
		b.keep(c, cs, funcs, names)
		return nil
	})
	if err != nil {
		return inFile(f.path, err)
	}
	cs.Note = "multi-turn: imported as trajectories (one step per turn); replay measures call-sequence agreement, not the leaderboard's state-based checks"
	b.im.Summary.Categories = append(b.im.Summary.Categories, *cs)
	return nil
}

// multiTurnResult fills a copy of a multi-turn case's steps with a model's
// result: a list of turns, each a list of the model's inference steps in
// that turn; every step's calls, decoded as the leaderboard does for the
// model's mode, go in the turn's transcript. Turns the result lacks are
// steps the model never took.
func multiTurnResult(c suite.Case, result json.RawMessage, mode Mode, model string) (suite.Case, int, error) {
	var turns []json.RawMessage
	if err := json.Unmarshal(result, &turns); err != nil {
		return c, 0, fmt.Errorf("a multi-turn result is a list of turns: %w", err)
	}
	if len(turns) > len(c.Steps) {
		return c, 0, fmt.Errorf("%d turns, but the question has %d", len(turns), len(c.Steps))
	}
	steps := make([]*suite.Step, len(c.Steps))
	n := 0
	for i, st := range c.Steps {
		cp := *st
		steps[i] = &cp
		if i >= len(turns) {
			continue
		}
		var inner []json.RawMessage
		if err := json.Unmarshal(turns[i], &inner); err != nil {
			return c, 0, fmt.Errorf("turn %d: a list of the model's steps: %w", i, err)
		}
		var calls []rawCall
		for j, r := range inner {
			got, err := decodeResult(r, mode, "python", nil)
			switch {
			case errors.Is(err, errUndecoded), errors.Is(err, errRawText):
				// Text: the model's answer to the turn, no call.
			case err != nil:
				return c, 0, fmt.Errorf("turn %d, step %d: %w", i, j, err)
			default:
				calls = append(calls, got...)
			}
		}
		text := toolCallText(calls)
		cp.Transcript = &suite.Transcript{Format: resultFormat, Text: &text, Model: model}
		n += len(calls)
	}
	c.Steps = steps
	return c, n, nil
}
