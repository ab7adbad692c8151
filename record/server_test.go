package record

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tooleval/tooleval/anyparse"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// testKey is the API key the tests use; it must never reach a file, a log
// line or an error message.
const testKey = "sk-test-SECRET-9f8e7d6c5b4a3210"

// seenRequest is what the fake server received.
type seenRequest struct {
	Path   string
	Header http.Header
	Body   map[string]any
}

// fakeServer streams a fixture over a local httptest server, misbehaving
// as its script says, one step per request:
//
//	ok     the fixture in pieces of piece bytes, delay apart
//	429    Too Many Requests with Retry-After: 7
//	429ms  Too Many Requests with retry-after-ms: 20
//	500    Internal Server Error; 503 likewise
//	cut    half the fixture, then the connection is dropped
//	stall  one piece, then nothing until the client gives up
//	short  the fixture without its last event, then a clean end
//	401    Unauthorized, echoing the key as some providers do
type fakeServer struct {
	*httptest.Server
	body   []byte
	piece  int
	delay  time.Duration
	script []string
	// fail, when set, answers 400 to requests whose body contains it.
	fail string

	mu       sync.Mutex
	n        int
	seen     []seenRequest
	inFlight int
	maxIn    int
}

func newFakeServer(t *testing.T, fixture string, script ...string) *fakeServer {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("..", "testdata", "record", fixture))
	if err != nil {
		t.Fatal(err)
	}
	s := &fakeServer{body: body, piece: 64, delay: 2 * time.Millisecond, script: script}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.Close)
	return s
}

func (s *fakeServer) handle(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	s.mu.Lock()
	step := "ok"
	if s.n < len(s.script) {
		step = s.script[s.n]
	}
	s.n++
	s.seen = append(s.seen, seenRequest{Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
	s.inFlight++
	s.maxIn = max(s.maxIn, s.inFlight)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
	}()
	if s.fail != "" && strings.Contains(string(raw), s.fail) {
		http.Error(w, `{"error":{"message":"invalid request"}}`, http.StatusBadRequest)
		return
	}
	switch step {
	case "429":
		w.Header().Set("Retry-After", "7")
		http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
		return
	case "429ms":
		w.Header().Set("retry-after-ms", "20")
		http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
		return
	case "500", "503":
		code, _ := strconv.Atoi(step)
		http.Error(w, `{"error":{"message":"overloaded"}}`, code)
		return
	case "401":
		key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if key == "" {
			key = r.Header.Get("x-api-key")
		}
		http.Error(w, `{"error":{"message":"Incorrect API key provided: `+key+`"}}`, http.StatusUnauthorized)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	fl := w.(http.Flusher)
	data := s.body
	switch step {
	case "cut":
		data = data[:len(data)/2]
	case "short":
		trimmed := strings.TrimRight(string(data), "\n")
		data = []byte(trimmed[:strings.LastIndex(trimmed, "\n\n")+2])
	case "stall":
		w.Write(data[:s.piece])
		fl.Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
		return
	}
	for len(data) > 0 {
		n := min(s.piece, len(data))
		if _, err := w.Write(data[:n]); err != nil {
			return
		}
		fl.Flush()
		data = data[n:]
		if len(data) > 0 {
			time.Sleep(s.delay)
		}
	}
	if step == "cut" {
		panic(http.ErrAbortHandler) // drop the connection mid-stream
	}
}

func (s *fakeServer) requests() []seenRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]seenRequest(nil), s.seen...)
}

// parseTranscript runs a recorded transcript through the parser its format
// names, chunk by chunk as recorded.
func parseTranscript(t *testing.T, tr *suite.Transcript) toolcall.Result {
	t.Helper()
	p, err := anyparse.New(tr.ParseOptions(nil))
	if err != nil {
		t.Fatal(err)
	}
	chunks := make([][]byte, len(tr.Chunks))
	for i, c := range tr.Chunks {
		chunks[i] = []byte(c)
	}
	return toolcall.Collect(tr.Format, toolcall.RunChunks(p, chunks))
}
