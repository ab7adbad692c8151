package bfcl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/tooleval/tooleval/internal/lazyre"
	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/toolcall"
)

// inFile returns a non-nil err as a *toolcall.FileError: unchanged when it holds one
// already, otherwise wrapped as a problem of file as a whole.
func inFile(file string, err error) error {
	var fe *toolcall.FileError
	if err == nil || errors.As(err, &fe) {
		return err
	}
	return &toolcall.FileError{File: file, Err: err}
}

// dataFile is one BFCL_v<N>_<category>.json file.
type dataFile struct {
	path     string
	version  int
	category string
}

var dataName = lazyre.New(`^BFCL_v(\d+)_(.+?)(_result)?\.json$`)

// parseDataName splits "BFCL_v4_simple_python.json" into 4, "simple_python"
// (and reports whether it was a _result file).
func parseDataName(name string) (version int, category string, result, ok bool) {
	m := dataName().FindStringSubmatch(name)
	if m == nil {
		return 0, "", false, false
	}
	v, err := strconv.Atoi(m[1])
	if err != nil {
		return 0, "", false, false
	}
	return v, m[2], m[3] != "", true
}

// findDataDir locates the directory holding the question files: dir itself,
// or the data directory inside a checkout of the leaderboard.
func findDataDir(dir string) (string, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	for _, sub := range []string{
		".",
		"data",
		"bfcl_eval/data",
		"berkeley-function-call-leaderboard/bfcl_eval/data",
		"berkeley-function-call-leaderboard/data",
	} {
		d := filepath.Join(dir, sub)
		if files, _ := questionFiles(d); len(files) > 0 {
			return d, nil
		}
	}
	return "", fmt.Errorf("%s: no question files (BFCL_v<N>_<category>.json) here or in bfcl_eval/data", dir)
}

// questionFiles lists the question files of a data directory, keeping the
// highest version of each category, sorted by category.
func questionFiles(dir string) ([]dataFile, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	best := map[string]dataFile{}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		v, cat, res, ok := parseDataName(e.Name())
		if !ok || res {
			continue
		}
		if old, seen := best[cat]; !seen || v > old.version {
			best[cat] = dataFile{path: filepath.Join(dir, e.Name()), version: v, category: cat}
		}
	}
	out := make([]dataFile, 0, len(best))
	for _, f := range best {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].category < out[j].category })
	return out, nil
}

// findResultsDir picks the model results directory: the explicit one, or a
// "result" directory beside the data (dir/result, or the leaderboard root's
// result when dir is a checkout). It returns "" when there is none.
func findResultsDir(dir, dataDir string) string {
	cands := []string{
		filepath.Join(dir, "result"),
		filepath.Join(dir, "berkeley-function-call-leaderboard", "result"),
		filepath.Join(dataDir, "..", "..", "result"),
		filepath.Join(dataDir, "result"),
	}
	for _, c := range cands {
		if st, err := os.Stat(c); err == nil && st.IsDir() {
			return filepath.Clean(c)
		}
	}
	return ""
}

// resultFiles lists, per model directory under root, its result files by
// category (the highest version when several).
func resultFiles(root string) (map[string]map[string]dataFile, error) {
	out := map[string]map[string]dataFile{}
	ents, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		model := e.Name()
		files := map[string]dataFile{}
		err := filepath.WalkDir(filepath.Join(root, model), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				return nil
			}
			v, cat, res, ok := parseDataName(d.Name())
			if !ok || !res {
				return nil
			}
			if old, seen := files[cat]; !seen || v > old.version {
				files[cat] = dataFile{path: p, version: v, category: cat}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(files) > 0 {
			out[model] = files
		}
	}
	return out, nil
}

// tree is a directory an import reads: the checkout, or the results
// directory. Its files are opened inside it (os.Root), so a symbolic link
// leading out of it is refused, naming the file, and not read.
type tree struct {
	dir  string
	root *os.Root
}

func openTree(dir string) (*tree, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &tree{dir: dir, root: root}, nil
}

// holds reports whether path (as the import builds it, from dir) is under
// the tree's directory, and its path inside it.
func (t *tree) holds(path string) (string, bool) {
	rel, err := filepath.Rel(t.dir, path)
	return rel, err == nil && filepath.IsLocal(rel)
}

// open opens a data file of the tree for streaming, within its cap.
func (t *tree) open(path string) (io.ReadCloser, error) {
	rel, ok := t.holds(path)
	if !ok {
		return nil, fmt.Errorf("%s leads outside %s", path, t.dir)
	}
	f, err := readcap.OpenInRoot(t.root, rel)
	if err != nil {
		var nr *readcap.NotRegularError
		var esc *readcap.EscapeError
		switch {
		case errors.As(err, &nr):
			nr.Path = path
		case errors.As(err, &esc):
			err = fmt.Errorf("%s leads outside %s (a symbolic link out of it is not followed)", path, t.dir)
		}
		return nil, err
	}
	return readcap.Limit(f, path, readcap.DefaultDataBytes)
}

// open opens a file of the checkout or of the results directory (the
// innermost tree holding it).
func (b *builder) open(path string) (io.ReadCloser, error) {
	for _, t := range b.trees {
		if _, ok := t.holds(path); ok {
			return t.open(path)
		}
	}
	return nil, fmt.Errorf("%s is outside the checkout", path)
}

// eachLine calls fn with each non-blank line of a JSON Lines file and its
// 1-based line number. A file holding one JSON array instead is accepted
// too (each element is reported at the line where it starts).
func (b *builder) eachLine(path string, fn func(line int, b []byte) error) error {
	f, err := b.open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<16)
	first, err := r.Peek(1)
	for err == nil && len(first) > 0 && (first[0] == ' ' || first[0] == '\n' || first[0] == '\r' || first[0] == '\t') {
		r.ReadByte()
		first, err = r.Peek(1)
	}
	if err == nil && first[0] == '[' {
		all, err := io.ReadAll(r)
		if err != nil {
			return &toolcall.FileError{File: path, Err: err}
		}
		return eachArrayElement(path, all, fn)
	}
	line := 0
	for {
		b, err := r.ReadBytes('\n')
		if len(b) > 0 {
			line++
			if t := bytes.TrimSpace(b); len(t) > 0 {
				if ferr := fn(line, t); ferr != nil {
					return ferr
				}
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return &toolcall.FileError{File: path, Line: line, Err: err}
		}
	}
}

// eachArrayElement walks a JSON array, reporting each element with the
// line it starts on.
func eachArrayElement(path string, all []byte, fn func(line int, b []byte) error) error {
	dec := json.NewDecoder(bytes.NewReader(all))
	lineAt := func(off int64) int { return 1 + bytes.Count(all[:off], []byte{'\n'}) }
	if _, err := dec.Token(); err != nil {
		return &toolcall.FileError{File: path, Line: 1, Err: err}
	}
	for dec.More() {
		start := dec.InputOffset()
		var el json.RawMessage
		if err := dec.Decode(&el); err != nil {
			return &toolcall.FileError{File: path, Line: lineAt(start), Err: err}
		}
		// InputOffset is before the separator and whitespace.
		s := int(start)
		for s < len(all) && (all[s] == ',' || all[s] == ' ' || all[s] == '\n' || all[s] == '\r' || all[s] == '\t') {
			s++
		}
		if err := fn(lineAt(int64(s)), el); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return &toolcall.FileError{File: path, Line: lineAt(dec.InputOffset()), Err: err}
	}
	return nil
}
