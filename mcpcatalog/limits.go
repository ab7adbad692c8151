package mcpcatalog

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// The default caps on what tooleval takes from one server. A message may
// be as large as a whole listing (a server may send all its tools in one
// page); everything read in one listing, initialise included, may be
// twice that.
const (
	DefaultMaxMessageBytes = MaxListingBytes
	DefaultMaxServerBytes  = 2 * MaxListingBytes
	DefaultListingTimeout  = 5 * time.Minute
)

// LimitError is a server that sent more than a cap allows; reading from it
// stops there.
type LimitError struct {
	// What is what passed the cap: "a message on stdout", "an SSE event",
	// "a response body", or "" for everything read from the server.
	What string
	Max  int64
}

func (e *LimitError) Error() string {
	if e.What == "" {
		return fmt.Sprintf("the server sent more than %d bytes in all (the cap of one listing)", e.Max)
	}
	return fmt.Sprintf("the server sent %s over the %d-byte cap on one message", e.What, e.Max)
}

// budget counts the bytes read from one server during one listing, for
// every reader of it (each HTTP response body, a stdio server's stdout).
// The first cap passed is kept and ends the listing (stop).
type budget struct {
	maxMessage, maxTotal int64
	stop                 func()

	mu    sync.Mutex
	total int64
	err   error
}

// take counts n more bytes; past the total cap it fails the listing.
func (b *budget) take(n int) error {
	b.mu.Lock()
	b.total += int64(n)
	over := b.total > b.maxTotal
	b.mu.Unlock()
	if over {
		return b.fail(&LimitError{Max: b.maxTotal})
	}
	return nil
}

// fail keeps err as why the listing stopped (the first one wins), ends the
// listing and returns err.
func (b *budget) fail(err error) error {
	b.mu.Lock()
	first := b.err == nil
	if first {
		b.err = err
	}
	b.mu.Unlock()
	if first && b.stop != nil {
		b.stop()
	}
	return err
}

// failure is the cap that ended the listing, or nil.
func (b *budget) failure() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}

// messageReader counts what is read from one stream of a server against
// its budget, and each message against the message cap. A message ends at
// a newline (stdio, newline-delimited JSON), at a blank line (an SSE
// stream), or not at all (a JSON body is one message).
type messageReader struct {
	r    io.Reader
	b    *budget
	what string
	// ends is how a message ends: byLine, byBlankLine or never.
	ends int
	n    int64 // bytes of the current message
	// For byBlankLine: the current line is empty so far, and the last byte
	// was a carriage return (a \n after it ends no further line).
	emptyLine, afterCR bool
	err                error
}

const (
	never = iota
	byLine
	byBlankLine
)

func newMessageReader(r io.Reader, b *budget, what string, ends int) *messageReader {
	return &messageReader{r: r, b: b, what: what, ends: ends, emptyLine: true}
}

func (m *messageReader) Read(p []byte) (int, error) {
	if m.err != nil {
		return 0, m.err
	}
	n, err := m.r.Read(p)
	if terr := m.b.take(n); terr != nil {
		m.err = terr
		return 0, terr
	}
	for _, c := range p[:n] {
		m.n++
		switch m.ends {
		case byLine:
			if c == '\n' {
				m.n = 0
			}
		case byBlankLine:
			switch {
			case c == '\n' && m.afterCR:
				m.afterCR = false
				continue
			case c == '\n' || c == '\r':
				if m.emptyLine {
					m.n = 0 // a blank line ends the event
				}
				m.emptyLine, m.afterCR = true, c == '\r'
				continue
			}
			m.emptyLine, m.afterCR = false, false
		}
		if m.n > m.b.maxMessage {
			m.err = m.b.fail(&LimitError{What: m.what, Max: m.b.maxMessage})
			return 0, m.err
		}
	}
	return n, err
}
