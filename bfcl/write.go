package bfcl

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/atomicfile"
	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/suite"
)

// Write writes the import to dir: catalog.json (shared mode) and
// catalogs/<id>.json for cases with their own catalog, suite.jsonl with every case, and
// suite.<model>.jsonl per result model with its transcripts. It returns the
// files written, relative to dir, and records them in the summary.
func (im *Imported) Write(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	out := &outDir{dir: dir}
	put := out.put
	if im.Catalog != nil {
		if err := put("catalog.json", maxCatalogBytes, func(w *bufio.Writer) error { return writeCatalog(w, im.Catalog) }); err != nil {
			return nil, err
		}
	}
	for _, c := range im.Cases {
		docs, own := im.CaseCatalogs[c.ID]
		if !own {
			continue
		}
		if err := put(c.Catalog, maxCatalogBytes, func(w *bufio.Writer) error { return writeCatalog(w, docs) }); err != nil {
			return nil, err
		}
	}
	if err := put("suite.jsonl", maxSuiteBytes, func(w *bufio.Writer) error { return writeCases(w, im.Cases) }); err != nil {
		return nil, err
	}
	for _, m := range im.Models {
		cases := m.Cases
		if err := put("suite."+fileSafe(m.Model)+".jsonl", maxSuiteBytes, func(w *bufio.Writer) error { return writeCases(w, cases) }); err != nil {
			return nil, err
		}
	}
	im.Summary.Files = out.files
	return out.files, nil
}

// outDir is a directory being written; files lists what was written,
// relative to it.
type outDir struct {
	dir   string
	files []string
}

// put writes the file rel (creating its directory) with write, at most
// max bytes (0: no cap).
func (o *outDir) put(rel string, max int64, write func(w *bufio.Writer) error) error {
	p := filepath.Join(o.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if err := writeFileAtomic(p, max, write); err != nil {
		return err
	}
	o.files = append(o.files, rel)
	return nil
}

// writeCatalog writes function docs as a JSON array, one doc per line.
func writeCatalog(w *bufio.Writer, docs []json.RawMessage) error {
	w.WriteString("[")
	for i, d := range docs {
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n")
		w.Write(d)
	}
	w.WriteString("\n]\n")
	return nil
}

// writeCases writes one case per line.
func writeCases(w *bufio.Writer, cases []suite.Case) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range cases {
		if err := enc.Encode(&cases[i]); err != nil {
			return fmt.Errorf("case %s: %w", cases[i].ID, err)
		}
	}
	return nil
}

// The caps tooleval reads catalogs and suites with: an import writes no
// file over them, as it could not be read back (variables for tests).
var (
	maxCatalogBytes int64 = catalog.MaxFileBytes
	maxSuiteBytes   int64 = suite.DefaultMaxSuiteBytes
)

// writeFileAtomic writes a file of at most max bytes (0: no cap) through a temporary
// file in the same directory, renamed into place (mode 0644); a file that
// would pass max is an error naming it, and nothing is left behind.
func writeFileAtomic(p string, max int64, write func(w *bufio.Writer) error) error {
	return atomicfile.WriteWith(p, 0o644, func(f io.Writer) error {
		w := bufio.NewWriter(&cappedWriter{w: f, path: p, left: max, max: max})
		if err := write(w); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			var tl *readcap.TooLargeError
			if errors.As(err, &tl) {
				return fmt.Errorf("%w, which tooleval would not read back", err)
			}
			return err
		}
		return nil
	})
}

// cappedWriter fails once more than max bytes are written.
type cappedWriter struct {
	w         io.Writer
	path      string
	left, max int64
}

func (c *cappedWriter) Write(p []byte) (int, error) {
	if c.max > 0 && int64(len(p)) > c.left {
		return 0, &readcap.TooLargeError{Path: c.path, Size: c.max - c.left + int64(len(p)), Max: c.max}
	}
	c.left -= int64(len(p))
	return c.w.Write(p)
}
