package bfcl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/lazyre"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
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
	// Strict makes every per-entry problem (a malformed question, answer
	// or result line, an empty allowed-values list, a gold parameter the
	// function doc lacks) an error; by default each is a warning naming the
	// file, line and id, and only that entry is left out (or imported as
	// the leaderboard scores it).
	Strict bool
	// FC and Prompting name the result models (glob patterns) that
	// answered through a function-calling API or by prompting; a model in
	// neither is judged by its name (an "FC" part, as the leaderboard names
	// them) or else by its results (lists or text).
	FC, Prompting []string
	// UnderscoreNames and DottedNames name the models (glob patterns) that
	// were given dotted function names with dots replaced by underscores,
	// or as they are (the leaderboard's underscore_to_dot setting); other
	// models are judged by the names their calls use.
	UnderscoreNames, DottedNames []string
	// Documented lists the leaderboard's documented rules to check by
	// instead of what its code does (bfclcheck.DocumentedRules).
	Documented []string
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
	Cases []suite.Case
	// Models holds, per result model, the cases it has results for, each
	// with its transcript.
	Models []ModelSuite
	// Summary says what was imported and what was left out.
	Summary Summary
}

// ModelSuite is the suite of one leaderboard model's results.
type ModelSuite struct {
	Model string
	Cases []suite.Case
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
	Skipped map[string]int `json:"skipped,omitempty"`
	// Warnings are the per-entry problems (file:line: id: …), all of them;
	// WarningCount counts them.
	Warnings     []string `json:"warnings,omitempty"`
	WarningCount int      `json:"warning_count,omitempty"`
	Files        []string `json:"files,omitempty"`
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
	// Catalogs counts the cases with their own catalog file (every case
	// in CaseCatalogs mode; conflicting definitions in SharedCatalog mode).
	Catalogs int `json:"own_catalogs,omitempty"`
	// Note says why a category gave no cases.
	Note string `json:"note,omitempty"`
}

// ModelSummary describes the results of one model.
type ModelSummary struct {
	Model       string `json:"model"`
	Files       int    `json:"files"`
	Results     int    `json:"results"`
	Transcripts int    `json:"transcripts"`
	Calls       int    `json:"calls"`
	// Mode is how the model answered ("fc" or "prompting") and ModeFrom
	// what said so ("flag", "name" or "results").
	Mode     Mode   `json:"mode"`
	ModeFrom string `json:"mode_from"`
	// UnderscoreNames: the model was given dotted names with underscores
	// (from "flag" or "calls", NamesFrom).
	UnderscoreNames bool   `json:"underscore_names,omitempty"`
	NamesFrom       string `json:"names_from,omitempty"`
	// Unparsed counts results the leaderboard's decoder cannot read (text
	// from a function-calling model, [{}], broken JSON arguments, prompting
	// output that is not Python call syntax): they are imported as no call.
	Unparsed int `json:"unparsed"`
	// RawText counts results kept as the model's raw text (mode fc-text),
	// read by tooleval's parsers rather than decoded here.
	RawText int `json:"raw_text,omitempty"`
	// Unmatched counts results for ids not in the suite (skipped questions).
	Unmatched int `json:"unmatched"`
	// Missing counts suite cases of the model's categories with no result.
	Missing int `json:"missing"`
	// Rejected counts results that are not single-turn (nested lists).
	Rejected int `json:"rejected"`
}

// Load reads a leaderboard checkout (or its data directory) and builds the
// catalogs and suites. Missing or malformed files are errors naming the
// file and line (*toolcall.FileError).
func Load(dir string, opt Options) (*Imported, error) {
	if opt.Catalogs == "" {
		opt.Catalogs = SharedCatalog
	}
	if opt.Catalogs != SharedCatalog && opt.Catalogs != CaseCatalogs {
		return nil, fmt.Errorf("bfcl: unknown catalog mode %q (want shared or case)", opt.Catalogs)
	}
	if err := (&bfclcheck.Rules{Checker: "bfcl", Documented: opt.Documented}).Validate(); err != nil {
		return nil, fmt.Errorf("bfcl: %w", err)
	}
	for _, pats := range [][]string{opt.Categories, opt.Models, opt.FC, opt.Prompting, opt.UnderscoreNames, opt.DottedNames} {
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
	checkout, err := openTree(dir)
	if err != nil {
		return nil, fmt.Errorf("bfcl: %w", err)
	}
	defer checkout.root.Close()
	b.trees = []*tree{checkout}
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
	if len(im.Cases) == 0 {
		var why []string
		for _, c := range im.Summary.Categories {
			why = append(why, fmt.Sprintf("%s (%s)", c.Category, c.Note))
		}
		return nil, fmt.Errorf("bfcl: %s: no category gives cases to replay: %s", dataDir, strings.Join(why, "; "))
	}
	im.Summary.Cases = len(im.Cases)
	im.Summary.Tools = len(b.defs)
	for name := range b.defs {
		if !providerName().MatchString(name) {
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
			results, err := openTree(rd)
			if err != nil {
				return nil, fmt.Errorf("bfcl: results: %w", err)
			}
			defer results.root.Close()
			b.trees = []*tree{results, checkout} // the innermost first
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

var providerName = lazyre.New(`^[a-zA-Z0-9_-]{1,64}$`)

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
	files map[string]string   // file name of a case catalog → case id
	// trees are the directories read, innermost first (see open).
	trees []*tree
	// mtDocs caches the function docs of multi-turn involved classes.
	mtDocs map[string]classDoc
}

// initCases makes the maps that index the imported cases.
func (b *builder) initCases() {
	if b.ids == nil {
		b.ids, b.byID, b.cats, b.names = map[string]string{}, map[string]int{}, map[string]string{}, map[string][]string{}
		b.files = map[string]string{}
	}
}

// claimID records a question's id at file:line; a missing or repeated id
// is an error.
func (b *builder) claimID(id, file string, line int) error {
	if id == "" {
		return errors.New("missing")
	}
	if at, dup := b.ids[id]; dup {
		return fmt.Errorf("duplicate (first at %s)", at)
	}
	b.ids[id] = fmt.Sprintf("%s:%d", file, line)
	return nil
}

func (b *builder) warn(format string, args ...any) {
	b.im.Summary.WarningCount++
	b.im.Summary.Warnings = append(b.im.Summary.Warnings, fmt.Sprintf(format, args...))
}

// entry handles a problem with one entry: an error with Strict, else a
// warning (the caller leaves the entry out, or imports it as the
// leaderboard scores it).
func (b *builder) entry(err error) error {
	if b.opt.Strict {
		return err
	}
	b.warn("%v", err)
	return nil
}

func (b *builder) skip(cs *CategorySummary, reason string) {
	cs.Skipped++
	b.im.Summary.Skipped[reason]++
}

// Categories whose right answer is no call, and so have no answer file.
func isAbstention(cat string) bool { return strings.Contains(cat, "irrelevance") }

// Categories whose right answer is some call, any call.
func isRelevance(cat string) bool { return strings.Contains(cat, "relevance") && !isAbstention(cat) }

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

// categoryNote says why a category gave no cases.
func categoryNote(cs *CategorySummary, reason string) string {
	switch {
	case reason == "multi-turn":
		return "multi-turn: execution traces over several turns, not single calls to check"
	case reason == "agentic":
		return "agentic: scored on the final answer of an agent loop, not on calls"
	case cs.Questions == 0:
		return "the question file is empty"
	}
	return "every question was left out (see skipped and warnings)"
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
	if isMultiTurn(f.category) {
		return b.multiTurn(dataDir, f, &cs)
	}
	if reason := unsupportedCategory(f.category); reason != "" {
		// Their answers are execution traces, not calls to check.
		err := b.eachLine(f.path, func(int, []byte) error { b.skip(&cs, reason); cs.Questions++; return nil })
		if err != nil {
			return &toolcall.FileError{File: f.path, Err: err}
		}
		cs.Note = categoryNote(&cs, reason)
		b.im.Summary.Categories = append(b.im.Summary.Categories, cs)
		return nil
	}
	var answers map[string]answer
	switch {
	case cs.Abstention:
	case isRelevance(f.category):
		// Any call is right; there is nothing to check calls against.
	default:
		ap := filepath.Join(dataDir, "possible_answer", filepath.Base(f.path))
		var err error
		answers, err = b.readAnswers(ap, b.entry)
		if errors.Is(err, os.ErrNotExist) {
			return &toolcall.FileError{File: ap, Err: fmt.Errorf("possible-answer file for category %s is missing", f.category)}
		}
		if err != nil {
			return err
		}
	}
	b.initCases()
	err := b.eachLine(f.path, func(line int, raw []byte) error {
		cs.Questions++
		var q question
		if err := json.Unmarshal(raw, &q); err != nil {
			b.skip(&cs, "malformed")
			return b.entry(&toolcall.FileError{File: f.path, Line: line, Err: fmt.Errorf("not a question object: %w", err)})
		}
		fe := func(field string, err error) error {
			b.skip(&cs, "malformed")
			return b.entry(&toolcall.FileError{File: f.path, Line: line, ID: q.ID, Field: field, Err: err})
		}
		if err := b.claimID(q.ID, f.path, line); err != nil {
			return fe("id", err)
		}
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
		if query == "" {
			b.skip(&cs, "no user message")
			return nil
		}
		funcs, names, err := functionDocs(q.Function)
		if err != nil {
			return fe("function", err)
		}
		if _, err := catalog.Parse(q.Function, "function"); err != nil {
			return fe("function", err)
		}
		c := suite.Case{ID: q.ID, Query: query, Lang: langOf(query), Tags: []string{"bfcl", f.category}, GoldTools: []string{}}
		c.Checker = &bfclcheck.Rules{Checker: "bfcl", Category: f.category, Documented: b.opt.Documented}
		switch {
		case cs.Abstention:
			c.GoldCalls = []metrics.GoldCall{}
		case isRelevance(f.category):
			// gold_calls stay absent: any call is right, and the checker
			// (category relevance) says so.
		default:
			a, ok := answers[q.ID]
			if !ok {
				return fe("", fmt.Errorf("no answer in %s", filepath.Join(dataDir, "possible_answer", filepath.Base(f.path))))
			}
			a.used = true
			answers[q.ID] = a
			c.GoldCalls, c.GoldTools = a.calls, a.tools
			for _, t := range a.tools {
				if !contains(names, t) {
					if err := fe("ground_truth", fmt.Errorf("gold tool %s is not among the question's functions", t)); err != nil {
						return err
					}
					return nil
				}
			}
			if err := b.checkAnswer(f.path, line, q.ID, funcs, names, c.GoldCalls); err != nil {
				return err
			}
			c.Checker.Types = paramTypes(funcs, names, a.tools)
			c.Checker.Required = undocumentedRequired(funcs, names, a.tools)
		}
		b.keep(c, &cs, funcs, names)
		return nil
	})
	if err != nil {
		return inFile(f.path, err)
	}
	if cs.Cases == 0 {
		cs.Note = categoryNote(&cs, "")
	}
	var unused []string
	for id, a := range answers {
		if _, asked := b.ids[id]; !a.used && !asked {
			unused = append(unused, id) // not a left-out question's answer
		}
	}
	if len(unused) > 0 {
		sort.Strings(unused)
		if err := b.entry(&toolcall.FileError{File: filepath.Join(dataDir, "possible_answer", filepath.Base(f.path)), ID: unused[0],
			Err: fmt.Errorf("%d answers have no question (first: %s)", len(unused), unused[0])}); err != nil {
			return err
		}
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

// keep adds a built case to the import: its functions to the catalog (or
// its own catalog on a conflict), the case to the suite and the counts.
func (b *builder) keep(c suite.Case, cs *CategorySummary, funcs []json.RawMessage, names []string) {
	if b.addFunctions(&c, funcs, names) {
		c.Tags = append(c.Tags, "catalog_conflict")
		b.im.Summary.ConflictCases++
	}
	if c.Catalog != "catalog.json" {
		cs.Catalogs++
	}
	b.byID[c.ID] = len(b.im.Cases)
	b.cats[c.ID] = cs.Category
	b.names[c.ID] = names
	b.im.Cases = append(b.im.Cases, c)
	cs.Cases++
}

// addFunctions records a case's function docs in the catalog(s) and sets
// its catalog path. It reports whether a definition conflicts with the one
// kept in the shared catalog.
func (b *builder) addFunctions(c *suite.Case, funcs []json.RawMessage, names []string) (conflict bool) {
	if b.opt.Catalogs == CaseCatalogs {
		c.Catalog = path.Join("catalogs", b.catalogFile(c.ID))
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
		c.Catalog = path.Join("catalogs", b.catalogFile(c.ID))
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

var unsafeFile = lazyre.New(`[^A-Za-z0-9._-]+`)

// catalogFile names a case's own catalog: the id made file-safe, with a
// short hash of the id when that changed it or when another id already
// took the name (ids "x/1" and "x_1" get different files; names compare
// case-insensitively, for case-insensitive file systems).
func (b *builder) catalogFile(id string) string {
	name := fileSafe(id)
	key := strings.ToLower(name)
	if other, taken := b.files[key]; name != id || taken && other != id {
		h := fnv.New32a()
		h.Write([]byte(id))
		name = fmt.Sprintf("%s-%08x", name, h.Sum32())
		key = strings.ToLower(name)
	}
	b.files[key] = id
	return name + ".json"
}

func fileSafe(s string) string {
	s = unsafeFile().ReplaceAllString(s, "_")
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
