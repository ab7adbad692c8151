package otelimport

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/tooleval/tooleval/internal/readcap"
	"github.com/tooleval/tooleval/toolcall"
)

// span is one span as read, with where it was read.
type span struct {
	file string
	line int // the line of its request (1 for a single-document file)

	traceID, spanID, parentID string
	name                      string
	start, end                uint64 // Unix nanoseconds
	attrs                     attrs
	events                    []event
	service                   string // the resource's service.name
}

// event is a span event with its attributes.
type event struct {
	name  string
	attrs attrs
}

// where names the span for messages: file:line: span NAME (ID).
func (s *span) where() string {
	return fmt.Sprintf("%s:%d: span %q (%s)", s.file, s.line, s.name, s.spanID)
}

// readExport reads an OTLP JSON export from r (named file in messages):
// one request per line (the Collector's file exporter), or JSON documents
// spread over any number of lines (one pretty-printed request). Each
// request is an ExportTraceServiceRequest, whose JSON encoding is that of
// TracesData (both are one repeated field, resourceSpans). Input that is
// not JSON, or a request that does not decode, is an error naming the
// file and the line.
func readExport(r io.Reader, file string, add func(*span)) error {
	lines := &lineCounter{r: r}
	dec := json.NewDecoder(lines)
	for {
		var doc json.RawMessage
		err := dec.Decode(&doc)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			fe := &toolcall.FileError{File: file, Message: "not JSON: " + err.Error()}
			var se *json.SyntaxError
			switch {
			case errors.As(err, &se):
				fe.Line = lines.line(se.Offset - 1)
			case errors.Is(err, io.ErrUnexpectedEOF):
				// The file ends inside a value: name the line it starts on.
				fe.Line = lines.nextContent(dec.InputOffset())
				fe.Message = "not JSON: the file ends inside the value that starts here"
			default:
				fe.Line = lines.line(dec.InputOffset())
			}
			var tl *readcap.TooLargeError
			if errors.As(err, &tl) {
				fe.Message, fe.Err = "", err
			}
			return fe
		}
		start := dec.InputOffset() - int64(len(doc))
		if derr := decode(doc, file, lines.line(start), add); derr != nil {
			return derr
		}
	}
}

// lineCounter passes a reader through, noting where its lines start and
// which hold more than white space.
type lineCounter struct {
	r       io.Reader
	off     int64
	marks   []int64 // the offsets of the newlines seen
	content []bool  // per line (0-based): it holds a byte other than white space
}

func (c *lineCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if len(c.content) == 0 {
		c.content = append(c.content, false)
	}
	for i, b := range p[:n] {
		switch b {
		case '\n':
			c.marks = append(c.marks, c.off+int64(i))
			c.content = append(c.content, false)
		case ' ', '\t', '\r':
		default:
			c.content[len(c.content)-1] = true
		}
	}
	c.off += int64(n)
	return n, err
}

// nextContent is the first line after the one holding off (from line 1
// when off is 0) that holds more than white space.
func (c *lineCounter) nextContent(off int64) int {
	l := 0 // 0-based
	if off > 0 {
		l = c.line(off - 1) // the line of the value that ended at off
	}
	for ; l < len(c.content); l++ {
		if c.content[l] {
			return l + 1
		}
	}
	return len(c.content)
}

// line is the 1-based line of the byte at off.
func (c *lineCounter) line(off int64) int {
	return sort.Search(len(c.marks), func(i int) bool { return c.marks[i] >= off }) + 1
}

// decode decodes one request and hands over its spans (otlpjson.go).
func decode(doc []byte, file string, line int, add func(*span)) error {
	v, err := parseTracesData(doc)
	if err != nil {
		return &toolcall.FileError{File: file, Line: line, Message: "not an OTLP trace export (ExportTraceServiceRequest JSON): " + err.Error()}
	}
	spansOf(v, file, line, add)
	return nil
}

// idString spells a trace or span id as it was written. OTLP/JSON writes
// ids in hex where the protobuf JSON mapping (which bytesOf follows) has
// base64; a hex id of 16 or 32 characters is valid base64 and decodes
// losslessly, so encoding the bytes back in base64 gives the hex text
// again. An id that was real base64 comes back in hex.
func idString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	s := base64.StdEncoding.EncodeToString(b)
	if isHex(s) {
		return s
	}
	return hex.EncodeToString(b)
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// readFile reads one export file within the data cap.
func readFile(path string, add func(*span)) error {
	f, err := readcap.Open(path, readcap.DefaultDataBytes)
	if err != nil {
		return &toolcall.FileError{File: path, Err: err}
	}
	defer f.Close()
	return readExport(f, path, add)
}
