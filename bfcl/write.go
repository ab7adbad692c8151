package bfcl

import (
	"bufio"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/suiteout"
	"github.com/tooleval/tooleval/suite"
)

// Write writes the import to dir: catalog.json (shared mode) and
// catalogs/<id>.json for cases with their own catalog, suite.jsonl with every case, and
// suite.<model>.jsonl per result model with its transcripts. It returns the
// files written, relative to dir, and records them in the summary.
func (im *Imported) Write(dir string) ([]string, error) {
	out, err := suiteout.Open(dir)
	if err != nil {
		return nil, err
	}
	defer out.Close()
	put := out.Put
	if im.Catalog != nil {
		if err := put("catalog.json", maxCatalogBytes, func(w *bufio.Writer) error { return suiteout.Catalog(w, im.Catalog) }); err != nil {
			return nil, err
		}
	}
	for _, c := range im.Cases {
		docs, own := im.CaseCatalogs[c.ID]
		if !own {
			continue
		}
		if err := put(c.Catalog, maxCatalogBytes, func(w *bufio.Writer) error { return suiteout.Catalog(w, docs) }); err != nil {
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
	im.Summary.Files = out.Files
	return out.Files, nil
}

// writeCases writes one case per line.
func writeCases(w *bufio.Writer, cases []suite.Case) error {
	return suiteout.Lines(w, cases, func(i int) string { return "case " + cases[i].ID })
}

// The caps tooleval reads catalogs and suites with: an import writes no
// file over them, as it could not be read back (variables for tests).
var (
	maxCatalogBytes int64 = catalog.MaxFileBytes
	maxSuiteBytes   int64 = suite.DefaultMaxSuiteBytes
)
