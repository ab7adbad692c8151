package mcpcatalog

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/atomicfile"
	"github.com/tooleval/tooleval/internal/readcap"
)

// MaxListingBytes caps a server's tools (all pages) and a cache file, as
// catalog files are capped.
const MaxListingBytes = readcap.DefaultCatalogBytes

// CachePath is the file a server's listing is cached in: its name and the
// start of its entry hash, so that two servers files with a server of the
// same name do not share a cache, and a changed entry is listed afresh.
func CachePath(dir string, s *Server) string {
	h := strings.TrimPrefix(s.EntryHash(), "sha256:")
	return filepath.Join(dir, catalog.SanitizeName(s.Name)+"-"+h[:16]+".json")
}

// ReadCache reads a cached listing. A file that is not a listing of this
// server entry is an error naming the file.
func ReadCache(path string, s *Server) (*Listing, error) {
	data, err := readcap.ReadFile(path, MaxListingBytes)
	if err != nil {
		return nil, err
	}
	var l Listing
	if err := json.Unmarshal(data, &l); err != nil {
		return nil, fmt.Errorf("%s: not a cached listing: %s", path, jsonError(data, err))
	}
	if l.EntryHash != s.EntryHash() || l.Server != s.Name {
		return nil, fmt.Errorf("%s: cached for server %q entry %s, not %q entry %s", path, l.Server, l.EntryHash, s.Name, s.EntryHash())
	}
	if l.Tools == nil {
		return nil, fmt.Errorf("%s: not a cached listing: no \"tools\" array", path)
	}
	for i, t := range l.Tools {
		if err := checkTool(t, i); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	return &l, nil
}

// WriteCache writes a listing to path, atomically (a temporary file renamed
// over it), creating the directory.
func WriteCache(path string, l *Listing) error {
	data, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, 0o644)
}
