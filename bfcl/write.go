package bfcl

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tooleval/tooleval/replay"
)

// Write writes the import to dir: catalog.json (shared mode) and
// catalogs/<id>.json for cases with their own catalog, suite.jsonl with every case, and
// suite.<model>.jsonl per result model with its transcripts. It returns the
// files written, relative to dir, and records them in the summary.
func (im *Imported) Write(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []string
	put := func(rel string, write func(w *bufio.Writer) error) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := writeFileAtomic(p, write); err != nil {
			return err
		}
		files = append(files, rel)
		return nil
	}
	if im.Catalog != nil {
		if err := put("catalog.json", func(w *bufio.Writer) error { return writeCatalog(w, im.Catalog) }); err != nil {
			return nil, err
		}
	}
	for _, c := range im.Cases {
		docs, own := im.CaseCatalogs[c.ID]
		if !own {
			continue
		}
		if err := put(c.Catalog, func(w *bufio.Writer) error { return writeCatalog(w, docs) }); err != nil {
			return nil, err
		}
	}
	if err := put("suite.jsonl", func(w *bufio.Writer) error { return writeCases(w, im.Cases) }); err != nil {
		return nil, err
	}
	for _, m := range im.Models {
		cases := m.Cases
		if err := put("suite."+fileSafe(m.Model)+".jsonl", func(w *bufio.Writer) error { return writeCases(w, cases) }); err != nil {
			return nil, err
		}
	}
	im.Summary.Files = files
	return files, nil
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
func writeCases(w *bufio.Writer, cases []replay.Case) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range cases {
		if err := enc.Encode(&cases[i]); err != nil {
			return fmt.Errorf("case %s: %w", cases[i].ID, err)
		}
	}
	return nil
}

// writeFileAtomic writes a file through a temporary file in the same
// directory and renames it into place.
func writeFileAtomic(p string, write func(w *bufio.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-"+filepath.Base(p)+"-*")
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", p, err)
	}
	return nil
}

func mkdirFor(p string) error { return os.MkdirAll(filepath.Dir(p), 0o755) }
