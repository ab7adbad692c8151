package bfcl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/replay"
)

// CatalogMode says how function docs become catalogs.
type CatalogMode string

const (
	// SharedCatalog puts the union of every question's functions in one
	// catalog, so retrieval is measured over the whole set. The first
	// definition of a name wins; a case with a different definition of a
	// name gets its own catalog (its question's functions, so its gold
	// calls match the schemas) and the tag "catalog_conflict".
	SharedCatalog CatalogMode = "shared"
	// CaseCatalogs writes each question's own functions as its catalog,
	// exactly as the leaderboard poses it.
	CaseCatalogs CatalogMode = "case"
)

// Options controls an import.
type Options struct {
	// Categories keeps only categories matching one of these glob patterns
	// (path.Match syntax, e.g. "simple*", "parallel_multiple"); empty keeps
	// every category found.
	Categories []string
	// ResultsDir is the leaderboard's result directory (one subdirectory per
	// model). Empty looks for a "result" directory in the checkout; "-"
	// imports no results.
	ResultsDir string
	// Models keeps only the result models matching one of these glob
	// patterns; empty keeps every model found.
	Models []string
	// Catalogs is SharedCatalog (the default) or CaseCatalogs.
	Catalogs CatalogMode
}

// Imported is the outcome of Load: the catalogs and suites to write, and a
// summary of what was read.
type Imported struct {
	// Catalog is the shared catalog: leaderboard function docs, compact
	// JSON, in first-seen order (empty in CaseCatalogs mode).
	Catalog []json.RawMessage
	// CaseCatalogs holds the functions of each case that has its own
	// catalog: every case in CaseCatalogs mode, the conflicting ones in
	// SharedCatalog mode.
	CaseCatalogs map[string][]json.RawMessage
	// Cases is the suite without transcripts, in category then file order.
	Cases []replay.Case
	// Models holds, per result model, the cases it has results for, each
	// with its transcript.
	Models []ModelSuite
	// Summary says what was imported and what was left out.
	Summary Summary
}

// ModelSuite is the suite of one leaderboard model's results.
type ModelSuite struct {
	Model string
	Cases []replay.Case
}

// Summary describes an import.
type Summary struct {
	DataDir    string            `json:"data_dir"`
	ResultsDir string            `json:"results_dir,omitempty"`
	Categories []CategorySummary `json:"categories"`
	Cases      int               `json:"cases"`
	// Tools is the number of tools in the shared catalog (or the distinct
	// names over all case catalogs).
	Tools int `json:"tools"`
	// Merged counts function docs identical to one already kept.
	Merged int `json:"merged_duplicates"`
	// Conflicts counts function docs dropped because a different definition
	// of the same name was kept (shared mode); ConflictCases the cases
	// tagged catalog_conflict.
	Conflicts     int `json:"conflicting_definitions"`
	ConflictCases int `json:"conflict_cases"`
	// NonProviderNames counts tools whose names break provider rules
	// (^[a-zA-Z0-9_-]{1,64}$); they are kept, because gold answers use them.
	NonProviderNames int            `json:"non_provider_names"`
	Models           []ModelSummary `json:"models,omitempty"`
	// Skipped counts left-out questions by reason.
	Skipped  map[string]int `json:"skipped,omitempty"`
	Warnings []string       `json:"warnings,omitempty"`
	Files    []string       `json:"files,omitempty"`
}

// CategorySummary describes one question file.
type CategorySummary struct {
	Category  string `json:"category"`
	Version   int    `json:"version"`
	File      string `json:"file"`
	Questions int    `json:"questions"`
	Cases     int    `json:"cases"`
	Skipped   int    `json:"skipped"`
	// Abstention is true for categories whose right answer is no call.
	Abstention bool `json:"abstention,omitempty"`
}

// ModelSummary describes the results of one model.
type ModelSummary struct {
	Model       string `json:"model"`
	Files       int    `json:"files"`
	Results     int    `json:"results"`
	Transcripts int    `json:"transcripts"`
	Calls       int    `json:"calls"`
	// Unparsed counts results kept as plain text (no readable calls).
	Unparsed int `json:"unparsed"`
	// Unmatched counts results for ids not in the suite (skipped questions).
	Unmatched int `json:"unmatched"`
	// Missing counts suite cases of the model's categories with no result.
	Missing int `json:"missing"`
	// Rejected counts results that are not single-turn (nested lists).
	Rejected int `json:"rejected"`
	// Renamed counts calls whose name the model got with dots replaced by
	// underscores (as function-calling APIs require), mapped back to the
	// question's function name as the leaderboard's checker does.
	Renamed int `json:"renamed"`
}

const maxWarnings = 20

// Load reads a leaderboard checkout (or its data directory) and builds the
// catalogs and suites. Missing or malformed files are errors naming the
// file and line (*FileError).
func Load(dir string, opt Options) (*Imported, error) {
	if opt.Catalogs == "" {
		opt.Catalogs = SharedCatalog
	}
	if opt.Catalogs != SharedCatalog && opt.Catalogs != CaseCatalogs {
		return nil, fmt.Errorf("bfcl: unknown catalog mode %q (want shared or case)", opt.Catalogs)
	}
	for _, pats := range [][]string{opt.Categories, opt.Models} {
		for _, p := range pats {
			if _, err := path.Match(p, ""); err != nil {
				return nil, fmt.Errorf("bfcl: bad pattern %q: %w", p, err)
			}
		}
	}
	dataDir, err := findDataDir(dir)
	if err != nil {
		return nil, fmt.Errorf("bfcl: %w", err)
	}
	files, err := questionFiles(dataDir)
	if err != nil {
		return nil, fmt.Errorf("bfcl: %w", err)
	}
	im := &Imported{Summary: Summary{DataDir: dataDir, Skipped: map[string]int{}}}
	b := &builder{im: im, opt: opt, defs: map[string]def{}}
	if opt.Catalogs == CaseCatalogs {
		im.CaseCatalogs = map[string][]json.RawMessage{}
	}
	matched := 0
	for _, f := range files {
		if !matchAny(opt.Categories, f.category) {
			continue
		}
		matched++
		if err := b.category(dataDir, f); err != nil {
			return nil, err
		}
	}
	if matched == 0 {
		return nil, fmt.Errorf("bfcl: %s: no question files match categories %s", dataDir, strings.Join(opt.Categories, ","))
	}
	im.Summary.Cases = len(im.Cases)
	im.Summary.Tools = len(b.defs)
	for name := range b.defs {
		if !providerName.MatchString(name) {
			im.Summary.NonProviderNames++
		}
	}
	if opt.ResultsDir != "-" {
		rd := opt.ResultsDir
		if rd == "" {
			rd = findResultsDir(dir, dataDir)
		} else if st, err := os.Stat(rd); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("bfcl: results directory %s: not found", rd)
		}
		if rd != "" {
			im.Summary.ResultsDir = rd
			if err := b.results(rd); err != nil {
				return nil, err
			}
		}
	}
	if len(im.Summary.Skipped) == 0 {
		im.Summary.Skipped = nil
	}
	return im, nil
}

var providerName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

func matchAny(pats []string, s string) bool {
	if len(pats) == 0 {
		return true
	}
	for _, p := range pats {
		if ok, _ := path.Match(p, s); ok {
			return true
		}
	}
	return false
}

// def is a kept function doc.
type def struct {
	canon string // canonical JSON, for comparing definitions
}

type builder struct {
	im    *Imported
	opt   Options
	defs  map[string]def
	ids   map[string]string   // case id → file:line, for duplicate ids
	byID  map[string]int      // case id → index in im.Cases
	cats  map[string]string   // case id → category
	names map[string][]string // case id → the question's function names
	nwarn int
}

func (b *builder) warn(format string, args ...any) {
	b.nwarn++
	if len(b.im.Summary.Warnings) < maxWarnings {
		b.im.Summary.Warnings = append(b.im.Summary.Warnings, fmt.Sprintf(format, args...))
	} else if len(b.im.Summary.Warnings) == maxWarnings {
		b.im.Summary.Warnings = append(b.im.Summary.Warnings, "… more warnings left out")
	}
}

func (b *builder) skip(cs *CategorySummary, reason string) {
	cs.Skipped++
	b.im.Summary.Skipped[reason]++
}

// Categories whose right answer is no call, and so have no answer file.
func isAbstention(cat string) bool { return strings.Contains(cat, "irrelevance") }

// unsupportedCategory names why a whole category is left out: multi-turn
// and agentic categories have no single query and no call-level answers.
func unsupportedCategory(cat string) string {
	switch {
	case strings.HasPrefix(cat, "multi_turn"):
		return "multi-turn"
	case strings.HasPrefix(cat, "memory"), strings.HasPrefix(cat, "web_search"), strings.HasPrefix(cat, "format_sensitivity"):
		return "agentic"
	}
	return ""
}

// question is one line of a question file.
type question struct {
	ID       string          `json:"id"`
	Question json.RawMessage `json:"question"`
	Function json.RawMessage `json:"function"`
}

type message struct {
	Role    string `json:"role"`
	Content any    `json:"content"`
}

func (b *builder) category(dataDir string, f dataFile) error {
	cs := CategorySummary{Category: f.category, Version: f.version, File: f.path, Abstention: isAbstention(f.category)}
	if reason := unsupportedCategory(f.category); reason != "" {
		// Their answers are execution traces, not calls to check.
		err := eachLine(f.path, func(int, []byte) error { b.skip(&cs, reason); cs.Questions++; return nil })
		if err != nil {
			return &FileError{File: f.path, Err: err}
		}
		b.im.Summary.Categories = append(b.im.Summary.Categories, cs)
		return nil
	}
	var answers map[string]answer
	switch {
	case cs.Abstention:
	case f.category == "live_relevance":
		// Any call is right; there is nothing to check calls against.
	default:
		ap := filepath.Join(dataDir, "possible_answer", filepath.Base(f.path))
		var err error
		answers, err = readAnswers(ap)
		if errors.Is(err, os.ErrNotExist) {
			return &FileError{File: ap, Err: fmt.Errorf("possible-answer file for category %s is missing", f.category)}
		}
		if err != nil {
			return err
		}
	}
	if b.ids == nil {
		b.ids, b.byID, b.cats, b.names = map[string]string{}, map[string]int{}, map[string]string{}, map[string][]string{}
	}
	err := eachLine(f.path, func(line int, raw []byte) error {
		cs.Questions++
		var q question
		if err := json.Unmarshal(raw, &q); err != nil {
			return &FileError{File: f.path, Line: line, Err: fmt.Errorf("not a question object: %w", err)}
		}
		fe := func(field string, err error) error {
			return &FileError{File: f.path, Line: line, ID: q.ID, Field: field, Err: err}
		}
		if q.ID == "" {
			return fe("id", errors.New("missing"))
		}
		if at, dup := b.ids[q.ID]; dup {
			return fe("id", fmt.Errorf("duplicate (first at %s)", at))
		}
		b.ids[q.ID] = fmt.Sprintf("%s:%d", f.path, line)
		if len(q.Question) == 0 {
			return fe("question", errors.New("missing"))
		}
		query, turns, err := userQuery(q.Question)
		if err != nil {
			return fe("question", err)
		}
		if turns > 1 {
			b.skip(&cs, "multi-turn")
			return nil
		}
		if len(bytes.TrimSpace(q.Function)) == 0 || string(bytes.TrimSpace(q.Function)) == "null" {
			b.skip(&cs, "no function docs")
			return nil
		}
		if f.category == "live_relevance" {
			b.skip(&cs, "relevance (any call is right)")
			return nil
		}
		if query == "" {
			b.skip(&cs, "no user message")
			return nil
		}
		funcs, names, err := functionDocs(q.Function)
		if err != nil {
			return fe("function", err)
		}
		c := replay.Case{ID: q.ID, Query: query, Lang: langOf(query), Tags: []string{"bfcl", f.category}, GoldTools: []string{}}
		if cs.Abstention {
			c.GoldCalls = []metrics.GoldCall{}
		} else {
			a, ok := answers[q.ID]
			if !ok {
				return fe("", fmt.Errorf("no answer in %s", filepath.Join(dataDir, "possible_answer", filepath.Base(f.path))))
			}
			a.used = true
			answers[q.ID] = a
			c.GoldCalls, c.GoldTools = a.calls, a.tools
			for _, t := range a.tools {
				if !contains(names, t) {
					b.warn("%s:%d: id %q: gold tool %s is not among the question's functions", f.path, line, q.ID, t)
				}
			}
		}
		if b.addFunctions(&c, funcs, names) {
			c.Tags = append(c.Tags, "catalog_conflict")
			b.im.Summary.ConflictCases++
		}
		b.byID[c.ID] = len(b.im.Cases)
		b.cats[c.ID] = f.category
		b.names[c.ID] = names
		b.im.Cases = append(b.im.Cases, c)
		cs.Cases++
		return nil
	})
	if err != nil {
		return inFile(f.path, err)
	}
	var unused []string
	for id, a := range answers {
		if !a.used {
			unused = append(unused, id)
		}
	}
	if len(unused) > 0 {
		sort.Strings(unused)
		b.warn("%s: %d answers have no question (first: %s)", filepath.Join(dataDir, "possible_answer", filepath.Base(f.path)), len(unused), unused[0])
	}
	b.im.Summary.Categories = append(b.im.Summary.Categories, cs)
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// addFunctions records a case's function docs in the catalog(s) and sets
// its catalog path. It reports whether a definition conflicts with the one
// kept in the shared catalog.
func (b *builder) addFunctions(c *replay.Case, funcs []json.RawMessage, names []string) (conflict bool) {
	if b.opt.Catalogs == CaseCatalogs {
		c.Catalog = path.Join("catalogs", fileSafe(c.ID)+".json")
		b.im.CaseCatalogs[c.ID] = funcs
		for i, n := range names {
			if _, ok := b.defs[n]; !ok {
				b.defs[n] = def{canon: canonical(funcs[i])}
			}
		}
		return false
	}
	c.Catalog = "catalog.json"
	for i, n := range names {
		canon := canonical(funcs[i])
		d, ok := b.defs[n]
		switch {
		case !ok:
			b.defs[n] = def{canon: canon}
			b.im.Catalog = append(b.im.Catalog, funcs[i])
		case d.canon == canon:
			b.im.Summary.Merged++
		default:
			b.im.Summary.Conflicts++
			conflict = true
		}
	}
	if conflict {
		// Its gold calls are written against its own definitions, which the
		// shared catalog cannot hold: give the case its own catalog.
		c.Catalog = path.Join("catalogs", fileSafe(c.ID)+".json")
		if b.im.CaseCatalogs == nil {
			b.im.CaseCatalogs = map[string][]json.RawMessage{}
		}
		b.im.CaseCatalogs[c.ID] = funcs
	}
	return conflict
}

// canonical re-encodes a JSON value with sorted keys, so that definitions
// differing only in key order or spacing compare equal.
func canonical(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

var unsafeFile = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func fileSafe(s string) string {
	s = unsafeFile.ReplaceAllString(s, "_")
	if s == "" || s == "." || s == ".." {
		s = "_"
	}
	return s
}

// userQuery returns the text of the last user message of the first turn and
// the number of turns. It accepts the leaderboard's list of turns (each a
// list of messages), a single list of messages, or a string.
func userQuery(raw json.RawMessage) (string, int, error) {
	raw = bytes.TrimSpace(raw)
	if raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, 1, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return "", 0, fmt.Errorf("want a list of turns: %w", err)
	}
	if len(items) == 0 {
		return "", 0, nil
	}
	turn := items
	turns := 1
	if t := bytes.TrimSpace(items[0]); len(t) > 0 && t[0] == '[' {
		turns = len(items)
		if err := json.Unmarshal(items[0], &turn); err != nil {
			return "", 0, fmt.Errorf("[0]: %w", err)
		}
	}
	query := ""
	for i, m := range turn {
		var msg message
		if err := json.Unmarshal(m, &msg); err != nil {
			return "", 0, fmt.Errorf("[0][%d]: want a message {role, content}: %w", i, err)
		}
		if msg.Role != "user" {
			continue
		}
		switch c := msg.Content.(type) {
		case string:
			query = c
		case []any: // content parts
			var sb strings.Builder
			for _, p := range c {
				if pm, ok := p.(map[string]any); ok {
					if s, ok := pm["text"].(string); ok {
						sb.WriteString(s)
					}
				}
			}
			query = sb.String()
		case nil:
		default:
			return "", 0, fmt.Errorf("[0][%d].content: want a string", i)
		}
	}
	return query, turns, nil
}

// functionDocs splits the "function" field (a list of docs, or one doc)
// into compact docs and their names.
func functionDocs(raw json.RawMessage) ([]json.RawMessage, []string, error) {
	raw = bytes.TrimSpace(raw)
	var docs []json.RawMessage
	if raw[0] == '{' {
		docs = []json.RawMessage{raw}
	} else if err := json.Unmarshal(raw, &docs); err != nil {
		return nil, nil, fmt.Errorf("want a list of function docs: %w", err)
	}
	names := make([]string, len(docs))
	seen := map[string]bool{}
	out := docs[:0:0]
	for i, d := range docs {
		var head struct {
			Name any `json:"name"`
		}
		if err := json.Unmarshal(d, &head); err != nil {
			return nil, nil, fmt.Errorf("[%d]: want a function doc object: %w", i, err)
		}
		n, ok := head.Name.(string)
		if !ok || n == "" {
			return nil, nil, fmt.Errorf("[%d].name: missing or not a string", i)
		}
		if seen[n] {
			return nil, nil, fmt.Errorf("[%d].name: %q given twice", i, n)
		}
		seen[n] = true
		var buf bytes.Buffer
		if err := json.Compact(&buf, d); err != nil {
			return nil, nil, fmt.Errorf("[%d]: %w", i, err)
		}
		names[i] = n
		out = append(out, json.RawMessage(buf.Bytes()))
	}
	return out, names, nil
}

// langOf says "zh" when the text has Han characters, "en" otherwise.
func langOf(s string) string {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return "zh"
		}
	}
	return "en"
}
