package mcpcatalog

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// rawTransport wraps an SDK transport to keep the tools/list results as
// the server sent them: the SDK decodes input schemas into maps, which
// loses the order of properties, and prompts show parameters in the order
// the server gave them. It also notes whether the transport connected and
// the first read error (garbage on stdout, a dropped stream).
type rawTransport struct {
	inner mcp.Transport

	// stop ends the connection's context: the SDK's SSE transport reads
	// its stream under the context Connect gets, which must outlive the
	// start-and-initialise deadline.
	stop context.CancelFunc

	mu        sync.Mutex
	connected bool
	readErr   error
	pending   map[any]bool // ids of tools/list requests in flight
	results   []json.RawMessage
}

func (t *rawTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	life, stop := context.WithCancel(context.WithoutCancel(ctx))
	unhook := context.AfterFunc(ctx, stop) // the deadline still bounds connecting
	conn, err := t.inner.Connect(life)
	unhook()
	if err != nil {
		stop()
		return nil, err
	}
	t.stop = stop
	t.mu.Lock()
	t.connected = true
	t.pending = map[any]bool{}
	t.mu.Unlock()
	return &rawConn{Connection: conn, t: t}, nil
}

// isConnected reports whether the transport connected (the process
// started, the SSE stream opened).
func (t *rawTransport) isConnected() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.connected
}

// firstReadErr is the first error reading from the server, if any.
func (t *rawTransport) firstReadErr() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.readErr
}

// takeResult returns the oldest tools/list result not yet taken.
func (t *rawTransport) takeResult() (json.RawMessage, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.results) == 0 {
		return nil, false
	}
	r := t.results[0]
	t.results = t.results[1:]
	return r, true
}

type rawConn struct {
	mcp.Connection
	t *rawTransport
}

func (c *rawConn) Close() error {
	err := c.Connection.Close()
	c.t.stop()
	return err
}

func (c *rawConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/list" && req.ID.IsValid() {
		c.t.mu.Lock()
		c.t.pending[req.ID.Raw()] = true
		c.t.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

func (c *rawConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	if err != nil {
		if c.t.readErr == nil && ctx.Err() == nil {
			c.t.readErr = err
		}
		return msg, err
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && resp.ID.IsValid() && c.t.pending[resp.ID.Raw()] {
		delete(c.t.pending, resp.ID.Raw())
		if resp.Error == nil {
			c.t.results = append(c.t.results, append(json.RawMessage(nil), resp.Result...))
		}
	}
	return msg, nil
}
