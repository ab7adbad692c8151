package suite

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/mcpcatalog"
)

// A case's "catalog" is a catalog file, or a server of an MCP servers file
// whose tools are listed live (or from the cache; see package mcpcatalog):
//
//	"catalog": "catalogs/filesystem.json"
//	"catalog": {"mcp_config": "servers.json", "server": "fs"}
//
// Case.Catalog holds the file, or "SERVERS_FILE#SERVER" for the second
// form (the name messages use), and Case.MCP the reference itself.

// MCPRef names one server of an MCP servers file.
type MCPRef struct {
	// Config is the servers file ({"mcpServers": {…}}), relative to the
	// suite's directory.
	Config string `json:"mcp_config"`
	// Server is the server's name in it.
	Server string `json:"server"`
}

// LoadOptions change how a suite's catalogs are loaded and bound what
// loading may read.
type LoadOptions struct {
	// MCP lists the servers of cases whose catalog is an MCPRef.
	MCP mcpcatalog.Options
	// StartMCPServers lets loading start (or connect to) the MCP servers
	// the cases name. Without it only their cached listings are used: a
	// suite is data, and the commands of its servers files do not run
	// unless the user asks (tooleval tune/record --refresh), as agents ask
	// before starting a project's MCP servers.
	StartMCPServers bool
	// Catalog, when set, is the catalog of every case, in place of the
	// one each case names (tooleval tune/record --mcp).
	Catalog *catalog.Catalog
	// AllowOutside lets the files a suite names lie outside the suite's
	// directory: absolute paths, ".." and symbolic links leading out.
	// Without it such a path is an error on the case's line.
	AllowOutside bool
	// MaxSuiteBytes, MaxCatalogBytes and MaxTranscriptBytes cap the size
	// of the suite file and of each catalog (or MCP servers file) and
	// transcript file it names (0: DefaultMaxSuiteBytes,
	// catalog.MaxFileBytes, DefaultMaxTranscriptBytes). Only regular files
	// are read.
	MaxSuiteBytes, MaxCatalogBytes, MaxTranscriptBytes int64
}

// LoadFileWith is LoadFile with options.
func LoadFileWith(name string, o LoadOptions) (*Suite, error) {
	return loadWith(name, o)
}

type caseAlias Case

// UnmarshalJSON reads a case line; "catalog" may be a file or an MCPRef.
func (c *Case) UnmarshalJSON(b []byte) error {
	w := struct {
		*caseAlias
		Catalog json.RawMessage `json:"catalog"`
	}{caseAlias: (*caseAlias)(c)}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	c.Catalog, c.MCP = "", nil
	raw := strings.TrimSpace(string(w.Catalog))
	switch {
	case raw == "" || raw == "null":
	case raw[0] == '{':
		var ref MCPRef
		if err := json.Unmarshal(w.Catalog, &ref); err != nil {
			return fmt.Errorf("catalog: %v", err)
		}
		c.MCP = &ref
		c.Catalog = ref.Config + "#" + ref.Server
	default:
		if err := json.Unmarshal(w.Catalog, &c.Catalog); err != nil {
			return &json.UnmarshalTypeError{Value: "catalog", Field: "catalog", Type: nil}
		}
	}
	return nil
}

// MarshalJSON writes the case as it was read, members in field order.
func (c Case) MarshalJSON() ([]byte, error) {
	// Not escaped here: the caller's encoder escapes HTML or not.
	out, err := marshalNoEscape((*caseAlias)(&c))
	if err != nil || c.MCP == nil {
		return out, err
	}
	// Swap the "FILE#SERVER" string for the reference. The exact bytes
	// "catalog":"…" can only be the member itself: inside a string every
	// quote is escaped.
	key, _ := marshalNoEscape(c.Catalog)
	ref, err := marshalNoEscape(c.MCP)
	if err != nil {
		return nil, err
	}
	old := append([]byte(`"catalog":`), key...)
	return bytes.Replace(out, old, append([]byte(`"catalog":`), ref...), 1), nil
}

func marshalNoEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
}

// loadCatalog reads the catalog a case names.
func loadCatalog(fsys files, c *Case, o LoadOptions) (*catalog.Catalog, error) {
	if o.Catalog != nil {
		return o.Catalog, nil
	}
	if c.MCP != nil {
		return loadMCPCatalog(fsys, c.MCP, o)
	}
	display := c.Catalog
	data, err := fsys.ReadFile(display, o.MaxCatalogBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", display, readErr(err))
	}
	cat, err := catalog.Parse(data, display)
	if err != nil {
		return nil, err
	}
	if cat.Len() == 0 {
		return nil, fmt.Errorf("%s: the catalog has no tools", display)
	}
	return cat, nil
}

// loadMCPCatalog lists (or takes from the cache) one server of a servers
// file.
func loadMCPCatalog(fsys files, ref *MCPRef, o LoadOptions) (*catalog.Catalog, error) {
	data, err := fsys.ReadFile(ref.Config, o.MaxCatalogBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", ref.Config, readErr(err))
	}
	cfg, err := mcpcatalog.ParseConfig(data, ref.Config)
	if err != nil {
		return nil, err
	}
	srv, ok := cfg.Server(ref.Server)
	if !ok {
		return nil, fmt.Errorf("%s: no server %q (it has %s)", ref.Config, ref.Server, strings.Join(cfg.Names(), ", "))
	}
	mo := o.MCP
	mo.CacheOnly = mo.CacheOnly || !o.StartMCPServers
	cat, _, err := mcpcatalog.Load(context.Background(), []*mcpcatalog.Server{srv}, mo)
	var se *mcpcatalog.ServerError
	if errors.As(err, &se) && se.Phase == mcpcatalog.PhaseCache {
		return nil, fmt.Errorf("%s: %v; a suite's MCP servers are started only when asked: list it first (tooleval catalog --mcp-config %s --mcp-server %s) or run tune/record with --refresh",
			ref.Config, err, ref.Config, ref.Server)
	}
	if err != nil {
		return nil, err
	}
	if cat.Len() == 0 {
		return nil, fmt.Errorf("%s: server %q has no tools", ref.Config, ref.Server)
	}
	return cat, nil
}
