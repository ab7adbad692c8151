// Package mcpcatalog lists the tools of live MCP servers and turns them into
// catalogs, the way agent products do: it starts a server from a command
// line (stdio) or connects to it by URL (streamable HTTP, or the older SSE
// transport), runs initialize and tools/list (following nextCursor to the
// last page; no tool is ever called), and hands the tools to the catalog
// loader, so a live catalog is the same *catalog.Catalog a saved tools/list
// file gives.
//
// Servers come from a servers file in the shape agent products use
// ({"mcpServers": {"name": {"command","args","env"} | {"url","headers"}}},
// see ParseConfig) or from a single command line or URL (see ParseTarget).
//
// Every listing is kept in a cache directory, like seed 001's cached_tools:
// one JSON file per server holding the server's name and version, the
// protocol version, the time of listing, a hash of the server entry and the
// tools exactly as the server sent them. A cached listing is used instead of
// asking the server unless Options.Refresh is set; a server that cannot be
// listed falls back to its cache with a warning naming the server and the
// cache's age; a server with neither is an error naming it. A failing server
// never stops the others from loading (see Load). Options.CacheOnly never
// starts a server, for servers named by data (a suite) rather than by the
// user.
//
// A listing is bounded (Options.MaxMessageBytes, MaxServerBytes,
// ListingTimeout; a cap passed is a *LimitError), HTTP headers go to the
// origin of the server's URL only, a stdio server runs in a process group
// of its own that is ended with it, and messages show ${VAR}s and header
// values as the servers file writes them, never their values.
//
// All MCP traffic goes through the official Go SDK
// (github.com/modelcontextprotocol/go-sdk).
package mcpcatalog
