package mcpcatalog

import (
	"context"
	"errors"
	"io"
	"os/exec"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stdioTransport runs a stdio server the way mcp.CommandTransport does,
// with three differences: the server runs in a process group of its own,
// which is ended with it (its children, such as the node that npx starts,
// do not outlive tooleval); every line it writes on stdout is counted
// against the listing's budget and the message cap (newMessageReader);
// and the SDK's own line cap is lifted to that message cap, so that a
// page may be as large as a whole listing.
type stdioTransport struct {
	cmd       *exec.Cmd
	terminate time.Duration
	budget    *budget
}

func (t *stdioTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	stdout, err := t.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stdin, err := t.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	ownGroup(t.cmd)
	if err := t.cmd.Start(); err != nil {
		return nil, err
	}
	tracked(t.cmd)
	p := &process{cmd: t.cmd, stdin: stdin, terminate: t.terminate, done: make(chan struct{})}
	io := &mcp.IOTransport{
		Reader:        io.NopCloser(newMessageReader(stdout, t.budget, "a message on stdout", byLine)),
		Writer:        p,
		MaxLineLength: int(t.budget.maxMessage) + 1, // the messageReader stops first
	}
	return io.Connect(ctx)
}

// process is a started stdio server; closing it ends it.
type process struct {
	cmd       *exec.Cmd
	stdin     io.WriteCloser
	terminate time.Duration
	done      chan struct{} // closed when the server has exited
	err       error         // how it exited

	once     sync.Once
	closeErr error
}

func (p *process) Write(b []byte) (int, error) { return p.stdin.Write(b) }

// Close ends the server as the MCP specification says (close its stdin,
// wait; SIGTERM, wait; SIGKILL), signalling its whole process group, and
// then kills what is left of the group.
func (p *process) Close() error {
	p.once.Do(func() {
		p.stdin.Close()
		// Wait closes stdout once the server has exited, so it is called
		// only now, when nothing more is read from it.
		go func() {
			p.err = p.cmd.Wait()
			close(p.done)
		}()
		exited := func() bool {
			select {
			case <-p.done:
				return true
			case <-time.After(p.terminate):
				return false
			}
		}
		if !exited() {
			signalGroup(p.cmd, sigTerm)
			if !exited() {
				signalGroup(p.cmd, sigKill)
				<-p.done
			}
		}
		// The server is gone; children it left in its group are ended too.
		signalGroup(p.cmd, sigKill)
		untracked(p.cmd)
		var ee *exec.ExitError
		if p.err != nil && !errors.As(p.err, &ee) {
			p.closeErr = p.err
		}
	})
	return p.closeErr
}
