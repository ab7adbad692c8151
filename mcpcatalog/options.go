package mcpcatalog

import (
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// Default time-outs. Initialise is long because `npx -y` downloads the
// server on first use.
const (
	DefaultStartTimeout     = 10 * time.Second
	DefaultInitTimeout      = 60 * time.Second
	DefaultListTimeout      = 30 * time.Second
	DefaultTerminateTimeout = 2 * time.Second
)

// Options say how servers are listed and cached. The zero value lists
// with the default time-outs and caches in DefaultCacheDir.
type Options struct {
	// CacheDir holds the cached listings; "" means DefaultCacheDir.
	CacheDir string
	// NoCache neither reads nor writes the cache.
	NoCache bool
	// Refresh lists every server even when a cached listing exists (the
	// cache is still the fallback when listing fails).
	Refresh bool
	// CacheOnly never starts or connects to a server: a server without a
	// cached listing is an error. For servers named by data rather than by
	// the user (a suite's cases), whose commands should not run unasked.
	CacheOnly bool

	// StartTimeout bounds starting a process or opening a connection,
	// InitTimeout the initialize handshake after it (start and initialise
	// share one deadline, and the error says which phase was reached),
	// ListTimeout each tools/list page. A server's own Timeout replaces
	// InitTimeout and ListTimeout. Zero means the default.
	StartTimeout, InitTimeout, ListTimeout time.Duration
	// TerminateTimeout is how long a stdio server gets to exit after its
	// stdin is closed before it is sent SIGTERM (and then SIGKILL).
	TerminateTimeout time.Duration

	// MaxMessageBytes caps one message from a server: a line of a stdio
	// server's stdout, an SSE event, an HTTP response body that is not an
	// event stream. MaxServerBytes caps everything read from one server
	// in one listing. ListingTimeout bounds a whole listing, from start to
	// the last page (for a server with its own Timeout, at least the
	// start, initialise and one page time-outs together). Zero means the
	// default (DefaultMaxMessageBytes, …).
	MaxMessageBytes, MaxServerBytes int64
	ListingTimeout                  time.Duration

	// Headers are sent to every HTTP server (a server's own Headers win).
	// They are never written anywhere.
	Headers map[string]string
	// HTTPClient makes the HTTP requests; nil means http.DefaultClient.
	HTTPClient *http.Client

	// Warn receives warnings (a listing taken from the cache because the
	// server failed, a cache that could not be written or read); nil
	// drops them.
	Warn func(msg string)
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// DefaultCacheDir is $TOOLEVAL_MCP_CACHE, or tooleval/mcp under the user's
// cache directory (os.UserCacheDir), or under the system's temporary
// directory when there is none.
func DefaultCacheDir() string {
	if d := os.Getenv("TOOLEVAL_MCP_CACHE"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "tooleval", "mcp")
	}
	return filepath.Join(os.TempDir(), "tooleval-mcp")
}

// positiveOr sets *v to def unless it is positive (zero or negative means
// the default).
func positiveOr[T time.Duration | int | int64](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

func (o Options) withDefaults() Options {
	if o.CacheDir == "" {
		o.CacheDir = DefaultCacheDir()
	}
	positiveOr(&o.StartTimeout, DefaultStartTimeout)
	positiveOr(&o.InitTimeout, DefaultInitTimeout)
	positiveOr(&o.ListTimeout, DefaultListTimeout)
	positiveOr(&o.TerminateTimeout, DefaultTerminateTimeout)
	positiveOr(&o.MaxMessageBytes, DefaultMaxMessageBytes)
	positiveOr(&o.MaxServerBytes, DefaultMaxServerBytes)
	positiveOr(&o.ListingTimeout, DefaultListingTimeout)
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Warn == nil {
		o.Warn = func(string) {}
	}
	return o
}
