package starter

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/tooleval/tooleval/internal/atomicfile"
	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/strategy"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/tune"
)

// MaxCases bounds the starter suite: enough to show every kind of case,
// few enough to read in one sitting.
const MaxCases = 12

// Files written besides the catalogs and transcripts the suite names.
const (
	SuiteFile    = "suite.jsonl"
	ConfigFile   = "retrieval.json"
	WorkflowFile = ".github/workflows/tooleval.yml"
)

// ExistsError is a file Write would overwrite.
type ExistsError struct{ Path string }

func (e *ExistsError) Error() string {
	return e.Path + " already exists (init never overwrites; choose another directory or remove it)"
}

// Write writes the starter project into dir (created when missing) and
// returns the paths written, relative to dir, sorted. It overwrites nothing:
// when any file it would write exists, it writes none and returns an
// *ExistsError naming it.
func Write(dir string) ([]string, error) {
	files, err := Files()
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if _, err := os.Lstat(p); err == nil {
			return nil, &ExistsError{Path: p}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	var set atomicfile.Set
	defer set.Abort()
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		f, err := set.Add(p, 0o644)
		if err != nil {
			return nil, err
		}
		if _, err := f.Write(files[name]); err != nil {
			return nil, err
		}
	}
	if err := set.Commit(); err != nil {
		return nil, err
	}
	return names, nil
}

// Files returns the starter project as file contents by slash-separated
// path.
func Files() (map[string][]byte, error) {
	suiteFile, refs, err := pickCases()
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{SuiteFile: suiteFile}
	base := path.Dir(exampleSuite)
	for _, ref := range refs {
		data, err := fs.ReadFile(suite.Examples, path.Join(base, ref))
		if err != nil {
			return nil, fmt.Errorf("starter: %s names %s: %w", exampleSuite, ref, err)
		}
		out[ref] = data
	}
	var cfg bytes.Buffer
	if err := tune.WriteConfig(&cfg, retrieval.DefaultConfig()); err != nil {
		return nil, err
	}
	out[ConfigFile] = cfg.Bytes()
	out[WorkflowFile] = []byte(workflow)
	return out, nil
}

// exampleSuite is the embedded suite the starter draws from.
const exampleSuite = "examples/suite.jsonl"

// pickCases keeps, in the example suite's order, the first case of each
// language and then the first case of each kind not yet kept (a transcript
// format, a multi-step trajectory, a retrieval-only case), at most
// MaxCases, and every suite-level line. It returns the kept lines and every
// file they name (catalogs, transcripts), sorted.
func pickCases() ([]byte, []string, error) {
	data, err := fs.ReadFile(suite.Examples, exampleSuite)
	if err != nil {
		return nil, nil, err
	}
	type line struct {
		raw  []byte
		c    map[string]any
		keep bool
	}
	var lines []*line
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 || raw[0] != '{' {
			continue
		}
		l := &line{raw: append([]byte(nil), raw...)}
		if err := json.Unmarshal(raw, &l.c); err != nil {
			return nil, nil, fmt.Errorf("starter: %s:%d: %w", exampleSuite, n, err)
		}
		// A suite-level line (no id) applies to every case: keep it.
		l.keep = l.c["id"] == nil
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	kept := 0
	for _, by := range []func(map[string]any) string{
		func(c map[string]any) string { return fmt.Sprint(c["lang"]) },
		caseKind,
	} {
		seen := map[string]bool{}
		for _, l := range lines {
			if l.keep && l.c["id"] != nil {
				seen[by(l.c)] = true
			}
		}
		for _, l := range lines {
			if k := by(l.c); !l.keep && !seen[k] && kept < MaxCases {
				seen[k], l.keep = true, true
				kept++
			}
		}
	}
	recorded := map[string]bool{}
	for _, l := range lines {
		if l.keep && l.c["id"] != nil {
			collectStrategies(l.c, recorded)
		}
	}
	var out bytes.Buffer
	refs := map[string]bool{}
	for _, l := range lines {
		if l.keep && l.c["id"] == nil {
			raw, err := dropUnrecordedSearches(l.c, recorded)
			if err != nil {
				return nil, nil, err
			}
			if raw != nil {
				l.raw = raw
			}
		}
		if l.keep {
			out.Write(l.raw)
			out.WriteByte('\n')
			collectFiles(l.c, refs)
		}
	}
	files := make([]string, 0, len(refs))
	for r := range refs {
		files = append(files, r)
	}
	sort.Strings(files)
	return out.Bytes(), files, nil
}

// caseKind is what a case shows: its transcript format, "steps" for a
// trajectory, "retrieval" for a case with no transcript.
func caseKind(c map[string]any) string {
	if _, ok := c["steps"]; ok {
		return "steps"
	}
	if t, ok := c["transcript"].(map[string]any); ok {
		return fmt.Sprint(t["format"])
	}
	return "retrieval"
}

// collectFiles adds every file a suite line names: its catalog and every
// "file" field at any depth (transcripts, step transcripts, tool results).
func collectFiles(v any, refs map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && (k == "catalog" || k == "file") && s != "" && !path.IsAbs(s) {
				refs[path.Clean(s)] = true
				continue
			}
			collectFiles(e, refs)
		}
	case []any:
		for _, e := range x {
			collectFiles(e, refs)
		}
	}
}

// collectStrategies adds the strategy of every transcript a suite line
// holds, at any depth ("search:bm25"; those recorded with the tools
// injected name none).
func collectStrategies(v any, recorded map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && k == "strategy" {
				recorded[s] = true
				continue
			}
			collectStrategies(e, recorded)
		}
	case []any:
		for _, e := range x {
			collectStrategies(e, recorded)
		}
	}
}

// dropUnrecordedSearches leaves out of a settings line the search
// strategies no kept case was recorded under: replay could judge no case
// under them, and a new user's first run would show configurations with
// nothing in them and a note for every metric they could not measure.
// It returns the line re-encoded, nil when it is unchanged.
func dropUnrecordedSearches(line map[string]any, recorded map[string]bool) ([]byte, error) {
	settings, _ := line["suite"].(map[string]any)
	list, _ := settings["strategies"].([]any)
	kept := list[:0:0]
	for _, e := range list {
		m, _ := e.(map[string]any)
		if m["strategy"] == strategy.Search {
			search, _ := m["search"].(string)
			if search == "" {
				search = strategy.BM25
			}
			if !recorded[strategy.Search+":"+search] {
				continue
			}
		}
		kept = append(kept, e)
	}
	if len(kept) == len(list) {
		return nil, nil
	}
	if len(kept) == 0 {
		delete(settings, "strategies")
	} else {
		settings["strategies"] = kept
	}
	return json.Marshal(line)
}
