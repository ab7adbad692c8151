package suite

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/tooleval/tooleval/internal/jsonschema"

	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/repair"
	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// Suite is a loaded and validated replay suite: its cases and the
// catalogs they use.
type Suite struct {
	// Name is the suite file as the caller named it (used in messages).
	Name  string
	Cases []*Case
	// Settings are the suite's settings line, if it has one.
	Settings SuiteSettings
	// Hash identifies the suite file's content ("sha256:" and the hex
	// digest of its bytes); reports carry it, and merge takes shards of
	// one suite version only. Empty for a suite not read from a file.
	Hash string

	catalogs map[string]*catalog.Catalog
	indexes  indexCache
	repairs  []repair.Kind
}

// Case is one line of a suite. See SUITE.md / the README's "Suite format".
// It is also the type the importers and the recorder write suites with: it
// marshals to the same line it was read from (GoldCalls and the transcript's
// sources are written when set, even when empty, and left out when nil).
type Case struct {
	ID            string      `json:"id"`
	Query         string      `json:"query"`
	Catalog       string      `json:"catalog"`
	GoldTools     []string    `json:"gold_tools"`
	AlwaysInclude []string    `json:"always_include,omitempty"`
	Lang          string      `json:"lang,omitempty"`
	Tags          []string    `json:"tags,omitempty"`
	Transcript    *Transcript `json:"transcript,omitempty"`
	// Transcripts are several recordings of the case (trials), in place of
	// Transcript (see trials.go).
	Transcripts []*Transcript `json:"transcripts,omitempty"`
	// GoldCalls are the expected calls; nil when absent (calls are not
	// checked), empty when the right answer is no call. Marshalling keeps
	// the difference: nil is left out, empty is written as [].
	GoldCalls []metrics.GoldCall `json:"gold_calls,omitzero"`
	// ObservedCalls are the calls a recorded run made (`import otel`):
	// what happened, not what should have, so they are never checked. A
	// person accepts a reviewed run by writing them as GoldCalls.
	ObservedCalls []ObservedCall `json:"observed_calls,omitempty"`
	// MCP is set when the case's catalog is a server of an MCP servers
	// file; Catalog is then "FILE#SERVER" (see catalogs.go).
	MCP *MCPRef `json:"-"`
	// Checker chooses the call checker (nil: tooleval's own); the BFCL
	// importer sets the leaderboard's rules.
	Checker *bfclcheck.Rules `json:"checker,omitempty"`
	// Steps make the case a multi-step trajectory (see steps.go); such a
	// case has no Transcript or GoldCalls of its own.
	Steps []*Step `json:"steps,omitempty"`
	// StepTrials are several recorded trajectories of the case (trials),
	// each a whole step list, in place of Steps (see trials.go).
	StepTrials [][]*Step `json:"step_trials,omitempty"`
	// SearchTool declares the case's re-retrieval tool (overriding the
	// suite's).
	SearchTool *SearchTool `json:"search_tool,omitempty"`
	// Match sets how strictly the case's calls are judged, laid over the
	// suite's (see judge.go).
	Match      *metrics.Match `json:"match,omitempty"`
	search     *SearchTool
	searchTool *toolcall.Tool
	match      *metrics.Match
	// Line is the case's 1-based line in the suite file.
	Line int `json:"-"`
}

// CheckCalls reports whether the case has gold calls to check a
// transcript against (an empty list counts: it asks for no call), or a
// checker that needs none (the leaderboard's relevance cases: any call).
func (c *Case) CheckCalls() bool { return c.GoldCalls != nil || c.Checker != nil }

// Abstention reports whether the right answer is no call.
func (c *Case) Abstention() bool { return c.GoldCalls != nil && len(c.GoldCalls) == 0 }

// Transcript is the recorded model output of a case. Exactly one source is
// set: Text (non-nil, possibly empty), File, or Chunks (non-nil, possibly
// empty); a nil Text or Chunks is left out when marshalling, an empty one
// is written.
type Transcript struct {
	Format       string    `json:"format,omitempty"`
	Text         *string   `json:"text,omitempty"`
	File         string    `json:"file,omitempty"`
	Chunks       []string  `json:"chunks,omitzero"`
	ChunkTimesMS []float64 `json:"chunk_times_ms,omitzero"`
	Variant      string    `json:"variant,omitempty"`
	Protocol     string    `json:"protocol,omitempty"`
	Model        string    `json:"model,omitempty"`
	// ReasoningOpen: the prompt ended with <think>, so the output begins
	// inside reasoning. ThinkAsText: reasoning parsing off (every
	// reasoning span is plain text; ReasoningOpen is ignored).
	ReasoningOpen bool `json:"reasoning_open,omitempty"`
	ThinkAsText   bool `json:"think_as_text,omitempty"`
	// KeepCallsInReasoning keeps a call written inside reasoning as
	// reasoning (strict evaluation); by default it is a call. The suite's
	// settings line may set it for every transcript.
	KeepCallsInReasoning bool `json:"keep_calls_in_reasoning,omitempty"`
	// Dialect is a dialect file (see the README's "A dialect without a
	// release"; a path relative to the suite): the output is read in the
	// marker dialect it describes, and Format is left out. A transcript
	// with neither is read in the settings line's dialect.
	Dialect string `json:"dialect,omitempty"`
	// Strategy is the tool-search strategy the output was recorded under,
	// spelt as the suite's strategies are ("search:bm25"; see
	// recorded.go); empty for a recording made with the tools injected
	// (inject or all). All the transcripts of one trajectory name the same.
	Strategy string `json:"strategy,omitempty"`

	dialect *textparse.Dialect // the dialect read, loaded from a file
	data    []byte             // the whole output read from File
	// keepSuite: the suite's settings keep calls in reasoning (not
	// written back: the line marshals as it was read).
	keepSuite bool
}

// Bytes returns the whole recorded output. An output written in the suite
// (text, chunks) is kept only as written and copied on each call, so a
// suite holds it once: the caller may keep or change the copy.
func (t *Transcript) Bytes() []byte {
	switch {
	case t.Text != nil:
		return []byte(*t.Text)
	case t.File != "":
		return t.data
	}
	n := 0
	for _, ch := range t.Chunks {
		n += len(ch)
	}
	out := make([]byte, 0, n)
	for _, ch := range t.Chunks {
		out = append(out, ch...)
	}
	return out
}

// RecordedChunks returns the output in the chunks it arrived in (one chunk
// when the suite gives only the whole output), copied like Bytes.
func (t *Transcript) RecordedChunks() [][]byte {
	if t.Text != nil || t.File != "" {
		return [][]byte{t.Bytes()}
	}
	out := make([][]byte, len(t.Chunks))
	for i, ch := range t.Chunks {
		out[i] = []byte(ch)
	}
	return out
}

// Catalog returns the catalog a case uses.
func (s *Suite) Catalog(c *Case) *catalog.Catalog { return s.catalogs[c.Catalog] }

// LoadFile reads and validates the suite at path with the default
// LoadOptions: paths inside the cases are relative to its directory and
// must stay inside it. A broken suite gives an Errors value naming the
// file, line and field of every problem.
func LoadFile(name string) (*Suite, error) { return LoadFileWith(name, LoadOptions{}) }

// The default file size caps of LoadOptions.
const (
	DefaultMaxSuiteBytes      = readcap.DefaultSuiteBytes
	DefaultMaxTranscriptBytes = readcap.DefaultTranscriptBytes
)

func (o LoadOptions) withDefaults() LoadOptions {
	if o.MaxSuiteBytes <= 0 {
		o.MaxSuiteBytes = DefaultMaxSuiteBytes
	}
	if o.MaxCatalogBytes <= 0 {
		o.MaxCatalogBytes = catalog.MaxFileBytes
	}
	if o.MaxTranscriptBytes <= 0 {
		o.MaxTranscriptBytes = DefaultMaxTranscriptBytes
	}
	return o
}

func loadWith(name string, o LoadOptions) (*Suite, error) {
	o = o.withDefaults()
	d := &osFiles{dir: filepath.Dir(name), allowOutside: o.AllowOutside}
	if !o.AllowOutside {
		root, err := os.OpenRoot(d.dir)
		if err != nil {
			return nil, Errors{{File: name, Message: readErr(err)}}
		}
		defer root.Close()
		d.root = root
	}
	return load(d, filepath.Base(name), name, o)
}

// Load reads and validates the suite file file in fsys; paths inside the
// cases are relative to its directory. display is how messages name the
// suite (file when empty). The size caps of the default LoadOptions apply.
func Load(fsys fs.FS, file, display string) (*Suite, error) {
	if display == "" {
		display = file
	}
	return load(fsFiles{fsys, path.Dir(file)}, path.Base(file), display, LoadOptions{}.withDefaults())
}

// files reads the suite and the files its cases name, by the path written
// in the suite (relative to the suite's directory).
type files interface {
	// ReadFile reads a file a case names: a regular file of at most max
	// bytes.
	ReadFile(rel string, max int64) ([]byte, error)
	// Open opens the suite file itself.
	Open(rel string) (fs.File, error)
}

// osFiles reads from the operating system's files, below dir unless
// allowOutside. root confines every open to dir, symbolic links included.
type osFiles struct {
	dir          string
	allowOutside bool
	root         *os.Root
}

// OutsideError reports a path a suite names that leads out of the suite's
// directory.
type OutsideError struct{ Path, Dir string }

func (e *OutsideError) Error() string {
	return fmt.Sprintf("%s leads outside the suite's directory %s (allow it with --allow-outside)", e.Path, e.Dir)
}

func (d *osFiles) path(rel string) string {
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(d.dir, filepath.FromSlash(rel))
}

func (d *osFiles) ReadFile(rel string, max int64) ([]byte, error) {
	if d.allowOutside {
		return readcap.ReadFile(d.path(rel), max)
	}
	local := filepath.FromSlash(rel)
	if !filepath.IsLocal(local) {
		return nil, &OutsideError{Path: rel, Dir: d.dir}
	}
	f, err := readcap.OpenInRoot(d.root, local)
	if err != nil {
		var nr *readcap.NotRegularError
		var esc *readcap.EscapeError
		switch {
		case errors.As(err, &nr):
			nr.Path = rel
		case errors.As(err, &esc):
			err = &OutsideError{Path: rel, Dir: d.dir}
		}
		return nil, err
	}
	defer f.Close()
	return readcap.Read(f, rel, max)
}

func (d *osFiles) Open(rel string) (fs.File, error) { return readcap.OpenFile(d.path(rel)) }

type fsFiles struct {
	fsys fs.FS
	dir  string
}

func (f fsFiles) path(rel string) string { return path.Clean(path.Join(f.dir, filepath.ToSlash(rel))) }
func (f fsFiles) ReadFile(rel string, max int64) ([]byte, error) {
	file, err := f.Open(rel)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return readcap.Read(file, rel, max)
}

// Open opens a regular file of the file system; what is not one (a FIFO,
// whose open would wait for a writer) is refused before it is opened.
func (f fsFiles) Open(rel string) (fs.File, error) {
	p := f.path(rel)
	st, err := fs.Stat(f.fsys, p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &readcap.NotRegularError{Path: rel, Mode: st.Mode()}
	}
	return f.fsys.Open(p)
}

func load(fsys files, file, display string, o LoadOptions) (*Suite, error) {
	if display == "" {
		display = file
	}
	f, err := fsys.Open(file)
	if err != nil {
		return nil, Errors{{File: display, Message: readErr(err)}}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, Errors{{File: display, Message: readErr(err)}}
	}
	if !st.Mode().IsRegular() {
		return nil, Errors{{File: display, Message: (&readcap.NotRegularError{Path: display, Mode: st.Mode()}).Error()}}
	}
	if st.Size() > o.MaxSuiteBytes {
		return nil, Errors{{File: display, Message: (&readcap.TooLargeError{Path: display, Size: st.Size(), Max: o.MaxSuiteBytes}).Error()}}
	}
	l := &loader{fsys: fsys, display: display, opts: o,
		suite: &Suite{Name: display, catalogs: map[string]*catalog.Catalog{}},
		ids:   map[string]int{}, badCatalogs: map[string]bool{}, names: interner{}}
	if err := l.read(f); err != nil {
		return nil, err
	}
	if len(l.errs) > 0 {
		return nil, l.errs
	}
	if len(l.suite.Cases) == 0 {
		return nil, Errors{{File: display, Message: "the suite has no cases"}}
	}
	return l.suite, nil
}

func readErr(err error) string {
	if errors.Is(err, syscall.ELOOP) {
		return "cannot read: a loop of symbolic links"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("cannot read: %v", pe.Err)
	}
	return fmt.Sprintf("cannot read: %v", err)
}

type loader struct {
	fsys        files
	opts        LoadOptions
	display     string
	suite       *Suite
	ids         map[string]int
	badCatalogs map[string]bool
	errs        Errors
	// sawCase: a case line was read; haveSettings: the settings line was.
	sawCase, haveSettings bool
	// dialects are the dialect files loaded, by path (nil: unusable).
	dialects map[string]*textparse.Dialect
	// names holds the names the cases repeat once (see compact.go).
	names interner
}

func (l *loader) fail(line int, field, format string, args ...any) {
	if len(l.errs) < maxErrors {
		l.errs = append(l.errs, &toolcall.FileError{File: l.display, Line: line, Field: field, Message: fmt.Sprintf(format, args...)})
	}
}

func (l *loader) read(r io.Reader) error {
	// The file may grow after Stat: the cap holds while reading too.
	lr := &io.LimitedReader{R: r, N: l.opts.MaxSuiteBytes + 1}
	h := sha256.New()
	defer func() { l.suite.Hash = "sha256:" + hex.EncodeToString(h.Sum(nil)) }()
	br := bufio.NewReader(io.TeeReader(lr, h))
	for lineNo := 1; ; lineNo++ {
		line, err := br.ReadBytes('\n')
		if lr.N <= 0 {
			return Errors{{File: l.display, Line: lineNo, Message: fmt.Sprintf("the suite is over the %d-byte cap", l.opts.MaxSuiteBytes)}}
		}
		if len(line) > 0 {
			l.line(lineNo, line)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return Errors{{File: l.display, Line: lineNo, Message: readErr(err)}}
		}
	}
}

// line parses, validates and keeps one case.
func (l *loader) line(n int, raw []byte) {
	raw = bytes.TrimSpace(raw)
	if n == 1 {
		raw = bytes.TrimPrefix(raw, []byte("\ufeff"))
	}
	if len(raw) == 0 {
		return
	}
	doc, err := jsonschema.Decode(raw)
	if err != nil {
		l.fail(n, "", "not valid JSON: %s", jsonErr(raw, err))
		return
	}
	if l.settings(n, doc) {
		return
	}
	l.sawCase = true
	probs, err := schemaProblems(doc)
	if err != nil {
		l.fail(n, "", "%v", err)
		return
	}
	for _, p := range probs {
		l.fail(n, p[0], "%s", p[1])
	}
	if len(probs) > 0 {
		return
	}
	c := &Case{Line: n}
	if err := json.Unmarshal(raw, c); err != nil {
		field := ""
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			field = te.Field
		}
		l.fail(n, field, "%v", strings.TrimPrefix(err.Error(), "json: "))
		return
	}
	l.names.compact(c)
	if first, dup := l.ids[c.ID]; dup {
		l.fail(n, "id", "duplicate id %q (first used on line %d)", c.ID, first)
		return
	}
	l.ids[c.ID] = n
	if c.Transcript != nil {
		l.resolveTranscript(c.Line, "transcript", c.Transcript)
	}
	l.transcripts(c)
	l.steps(c)
	l.judge(c)
	l.catalog(c)
	l.suite.Cases = append(l.suite.Cases, c)
}

// jsonErr describes a JSON syntax error with its column.
func jsonErr(raw []byte, err error) string {
	var se *json.SyntaxError
	if json.Unmarshal(raw, new(any)) != nil {
		if errors.As(json.Unmarshal(raw, new(any)), &se) {
			return fmt.Sprintf("column %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
		}
	}
	return err.Error()
}

// resolveTranscript reads a transcript's bytes and checks its fields;
// field names it in messages ("transcript", "steps[2].transcript").
func (l *loader) resolveTranscript(line int, field string, t *Transcript) {
	t.keepSuite = l.suite.Settings.KeepCallsInReasoning
	switch {
	case t.Dialect != "":
		t.dialect = l.dialect(line, field+".dialect", t.Dialect)
		if t.Format != "" {
			l.fail(line, field+".format", "leave it out: dialect %s names the format", t.Dialect)
		}
	case t.Format == "":
		if t.dialect = l.suite.Settings.dialect; t.dialect == nil && l.suite.Settings.Dialect == "" {
			l.fail(line, field+".format", "required field is missing (or a dialect file: %s.dialect or the settings line's dialect)", field)
		}
	}
	// Text and chunks stay as written (Bytes copies them); a file's
	// output is read once.
	if t.Text == nil && t.File != "" {
		data, err := l.fsys.ReadFile(t.File, l.opts.MaxTranscriptBytes)
		if err != nil {
			l.fail(line, field+".file", "%s: %s", t.File, readErr(err))
			return
		}
		t.data = data
	}
	if t.ChunkTimesMS != nil {
		if t.Chunks == nil {
			l.fail(line, field+".chunk_times_ms", "needs %s.chunks", field)
		} else if len(t.ChunkTimesMS) != len(t.Chunks) {
			l.fail(line, field+".chunk_times_ms", "has %d times for %d chunks", len(t.ChunkTimesMS), len(t.Chunks))
		}
		for i := 1; i < len(t.ChunkTimesMS); i++ {
			if t.ChunkTimesMS[i] < t.ChunkTimesMS[i-1] {
				l.fail(line, fmt.Sprintf("%s.chunk_times_ms[%d]", field, i), "arrival times must not go backwards")
				break
			}
		}
	}
}

// maxDialectBytes caps a dialect file.
const maxDialectBytes = 1 << 20

// dialect loads the dialect file at path (once per suite); field names it
// in messages. It returns nil for a file that cannot be used.
func (l *loader) dialect(line int, field, path string) *textparse.Dialect {
	if d, ok := l.dialects[path]; ok {
		if d == nil {
			l.fail(line, field, "%s: unusable (see the first line that uses it)", path)
		}
		return d
	}
	if l.dialects == nil {
		l.dialects = map[string]*textparse.Dialect{}
	}
	l.dialects[path] = nil
	data, err := l.fsys.ReadFile(path, maxDialectBytes)
	if err != nil {
		l.fail(line, field, "%s: %s", path, readErr(err))
		return nil
	}
	d, err := textparse.LoadDialect(bytes.NewReader(data))
	if err != nil {
		var de *textparse.DialectError
		if errors.As(err, &de) {
			de.File = path
		}
		l.fail(line, field, "%v", err)
		return nil
	}
	l.dialects[path] = d
	return d
}

// catalog loads the case's catalog (once per file) and checks that every
// tool the case names is in it.
func (l *loader) catalog(c *Case) {
	cat, ok := l.suite.catalogs[c.Catalog]
	if !ok {
		if l.badCatalogs[c.Catalog] {
			l.fail(c.Line, "catalog", "%s: unusable (see the first case that uses it)", c.Catalog)
			return
		}
		var err error
		cat, err = loadCatalog(l.fsys, c, l.opts)
		if err != nil {
			l.badCatalogs[c.Catalog] = true
			l.fail(c.Line, "catalog", "%v", err)
			return
		}
		l.suite.catalogs[c.Catalog] = cat
	}
	has := func(name string) bool { _, ok := cat.Lookup(name); return ok }
	for i, name := range c.GoldTools {
		if !has(name) {
			l.fail(c.Line, fmt.Sprintf("gold_tools[%d]", i), "tool %q is not in catalog %s", name, c.Catalog)
		}
	}
	for i, name := range c.AlwaysInclude {
		if !has(name) {
			l.fail(c.Line, fmt.Sprintf("always_include[%d]", i), "tool %q is not in catalog %s", name, c.Catalog)
		}
	}
	l.goldCalls(c, cat, "gold_calls", c.GoldCalls, nil)
	l.matchTools(c, cat)
	l.stepTools(c, cat)
}

// goldCalls checks gold calls against the catalog and gold_tools; skip
// leaves out tools that are not the catalog's (the search tool).
func (l *loader) goldCalls(c *Case, cat *catalog.Catalog, prefix string, gs []metrics.GoldCall, skip func(string) bool) {
	for i, g := range gs {
		field := fmt.Sprintf("%s[%d]", prefix, i)
		if skip != nil && skip(g.Name) {
			continue
		}
		if _, ok := cat.Lookup(g.Name); !ok {
			l.fail(c.Line, field, "tool %q is not in catalog %s", g.Name, c.Catalog)
			continue
		}
		if !contains(c.GoldTools, g.Name) {
			l.fail(c.Line, field, "tool %q is called but not listed in gold_tools", g.Name)
		}
		tool, _ := cat.Lookup(g.Name)
		if c.Checker != nil && c.Checker.Checker == "bfcl" {
			continue // the leaderboard's answers may name parameters its docs lack; its checker tolerates them
		}
		for _, p := range g.Params {
			if !catalog.AcceptsParam(tool, p.Name) {
				l.fail(c.Line, field+"."+g.Name+"."+p.Name, "tool %q has no parameter %q", g.Name, p.Name)
			}
		}
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// ParseOptions are the options a transcript's parser is built with: its
// format, the case's catalog (tool names and schema-driven coercion) and
// its reasoning settings; the caps are the parsers' defaults.
func (t *Transcript) ParseOptions(tools toolcall.ToolSet) toolcall.ParseOptions {
	o := toolcall.ParseOptions{
		Format:               toolcall.Format(t.Format),
		Tools:                tools,
		ReasoningOpen:        t.ReasoningOpen,
		ThinkAsText:          t.ThinkAsText,
		KeepCallsInReasoning: t.KeepCallsInReasoning || t.keepSuite,
	}
	if t.dialect != nil { // a nil *Dialect in the interface would not be nil
		o.Dialect = t.dialect
	}
	return o
}

// FormatName is the format the transcript is read in: its dialect file's
// dialect, or Format.
func (t *Transcript) FormatName() string {
	if t.dialect != nil {
		return string(t.dialect.Format)
	}
	return t.Format
}
