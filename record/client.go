package record

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/tooleval/tooleval/internal/sameorigin"
)

// Client sends streaming requests and records the raw response bytes with
// their arrival times. The zero value is ready to use.
type Client struct {
	// HTTP is the client used (nil: one with connect and TLS handshake
	// timeouts and no overall timeout, since streams are long).
	HTTP *http.Client
	// Timeout bounds one attempt, from sending to the last byte (0: 10m).
	Timeout time.Duration
	// IdleTimeout bounds the wait for the response headers, the first byte
	// and every later chunk (0: 2m).
	IdleTimeout time.Duration
	// Retries is how many more attempts follow a failed one (a 429, a 5xx,
	// a connection error or a stream cut short). Negative means none; 0
	// means DefaultRetries.
	Retries int
	// Backoff is the wait before the first retry when the server gives no
	// Retry-After (0: 1s); it doubles per retry, up to MaxBackoff (0: 60s),
	// with ±20% jitter.
	Backoff, MaxBackoff time.Duration
	// Logf, when set, receives one line per retry. Lines never contain the
	// endpoint's key.
	Logf func(format string, args ...any)
	// MaxBodyBytes caps one response body (0: DefaultMaxBodyBytes); a
	// longer one fails the attempt with a *TooLargeError, which is not
	// retried.
	MaxBodyBytes int64

	// sleep waits d or until ctx is done; tests replace it.
	sleep func(ctx context.Context, d time.Duration) error
	// retried counts the retries made (see RetryCount).
	retried atomic.Int64
}

// RetryCount returns how many attempts the client has retried so far.
func (c *Client) RetryCount() int64 { return c.retried.Load() }

// UnreachableError is an endpoint that cannot be reached at all: the
// connection was refused or the host name does not resolve. It is never
// retried, and a Recorder ends its run on it when nothing was recorded yet.
type UnreachableError struct{ Err error }

func (e *UnreachableError) Error() string {
	var dns *net.DNSError
	if errors.As(e.Err, &dns) {
		return fmt.Sprintf("cannot reach the endpoint: host %s not found", dns.Name)
	}
	return "cannot reach the endpoint: connection refused"
}

func (e *UnreachableError) Unwrap() error { return e.Err }

// unreachable returns err as an *UnreachableError when it is a refused
// connection or a failed name look-up, else nil.
func unreachable(err error) *UnreachableError {
	var dns *net.DNSError
	if errors.Is(err, syscall.ECONNREFUSED) || errors.As(err, &dns) && !dns.IsTimeout && !dns.IsTemporary {
		return &UnreachableError{Err: err}
	}
	return nil
}

// DefaultRetries is the number of retries when Client.Retries is 0.
const DefaultRetries = 4

// DefaultMaxBodyBytes is the response body cap when Client.MaxBodyBytes
// is 0: the size of the largest transcript file a suite may name.
const DefaultMaxBodyBytes = 64 << 20

// maxChunks bounds the reads a Recording keeps apart: later reads are
// appended to the last chunk (a server flushing single bytes would
// otherwise cost far more memory in chunk headers than in bytes).
const maxChunks = 1 << 18

// TooLargeError is a response body over Client.MaxBodyBytes.
type TooLargeError struct{ Max int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("response body over the %d-byte cap (--max-body)", e.Max)
}

// RedirectError is a redirect to another origin (scheme, host or port),
// refused so that no credential header reaches a host it was not meant
// for.
type RedirectError = sameorigin.Error

// Recording is a raw streamed response as it arrived.
type Recording struct {
	// Status is the HTTP status of the recorded (last) attempt.
	Status int
	// ContentType is its Content-Type header.
	ContentType string
	// Chunks are the body's bytes in the reads they arrived in.
	Chunks [][]byte
	// TimesMS are the arrival times of Chunks, in milliseconds after the
	// request was sent.
	TimesMS []float64
	// Attempts is how many requests it took (1 when the first succeeded).
	Attempts int
}

// Bytes returns the whole body.
func (r *Recording) Bytes() []byte { return bytes.Join(r.Chunks, nil) }

// StatusError is a response with a non-2xx status.
type StatusError struct {
	Status int
	// Body is the start of the response body, with the key removed.
	Body       string
	RetryAfter time.Duration
}

func (e *StatusError) Error() string {
	s := fmt.Sprintf("HTTP %d %s", e.Status, http.StatusText(e.Status))
	if e.Body != "" {
		s += ": " + e.Body
	}
	return s
}

// Retryable reports whether another attempt may succeed (429 and 5xx).
func (e *StatusError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// CutError is a stream that ended before the API's final event (a dropped
// connection, an idle timeout, or a server that closed early).
type CutError struct {
	Bytes int
	Err   error
}

func (e *CutError) Error() string {
	return fmt.Sprintf("stream cut after %d bytes: %v", e.Bytes, e.Err)
}

func (e *CutError) Unwrap() error { return e.Err }

var defaultHTTP = &http.Client{Transport: &http.Transport{
	Proxy:                 http.ProxyFromEnvironment,
	DialContext:           (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
	TLSHandshakeTimeout:   30 * time.Second,
	MaxIdleConnsPerHost:   16,
	IdleConnTimeout:       90 * time.Second,
	ExpectContinueTimeout: time.Second,
}}

func (c *Client) retries() int {
	switch {
	case c.Retries < 0:
		return 0
	case c.Retries == 0:
		return DefaultRetries
	}
	return c.Retries
}

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// Record sends body to the endpoint and records the streamed response,
// retrying on 429, 5xx, time-outs, dropped connections and cut streams; a
// refused connection or an unknown host is an *UnreachableError at once. A Retry-After
// header (seconds or an HTTP date; also retry-after-ms) sets the wait.
// Other statuses fail at once. Errors never contain the key.
func (c *Client) Record(ctx context.Context, e Endpoint, body []byte) (*Recording, error) {
	var last error
	for attempt := 0; ; attempt++ {
		rec, err := c.attempt(ctx, e, body)
		if err == nil {
			rec.Attempts = attempt + 1
			// A server may echo the request headers: the key never
			// reaches the recording.
			rec.Chunks = e.Redactor().Chunks(rec.Chunks)
			return rec, nil
		}
		err = redactErr(err, e.Redactor())
		last = err
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var se *StatusError
		var tl *TooLargeError
		var re *RedirectError
		if u := unreachable(err); u != nil {
			// Nothing listens there, or the name does not resolve:
			// waiting does not help, and every other case would fail
			// the same way.
			return nil, u
		}
		retryable := !errors.As(err, &se) && !errors.As(err, &tl) && !errors.As(err, &re) || se != nil && se.Retryable()
		if !retryable || attempt >= c.retries() {
			if attempt > 0 {
				return nil, fmt.Errorf("%w (after %d attempts)", last, attempt+1)
			}
			return nil, last
		}
		wait := c.backoff(attempt)
		if se != nil && se.RetryAfter > 0 {
			wait = se.RetryAfter
		}
		c.retried.Add(1)
		if c.Logf != nil {
			c.Logf("attempt %d failed: %v; retrying in %s", attempt+1, err, wait.Round(time.Millisecond))
		}
		sleep := c.sleep
		if sleep == nil {
			sleep = sleepCtx
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

func (c *Client) backoff(attempt int) time.Duration {
	d := orDefault(c.Backoff, time.Second)
	maxD := orDefault(c.MaxBackoff, time.Minute)
	for i := 0; i < attempt && d < maxD; i++ {
		d *= 2
	}
	d = min(d, maxD)
	return time.Duration(float64(d) * (0.8 + 0.4*rand.Float64()))
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// attempt makes one request and reads the whole stream.
func (c *Client) attempt(ctx context.Context, e Endpoint, body []byte) (*Recording, error) {
	ctx, cancel := context.WithTimeout(ctx, orDefault(c.Timeout, 10*time.Minute))
	defer cancel()
	// The idle watchdog cancels the attempt when nothing arrives in time.
	idle := orDefault(c.IdleTimeout, 2*time.Minute)
	ictx, icancel := context.WithCancelCause(ctx)
	defer icancel(nil)
	errIdle := fmt.Errorf("nothing received for %s", idle)
	watchdog := time.AfterFunc(idle, func() { icancel(errIdle) })
	defer watchdog.Stop()

	req, err := http.NewRequestWithContext(ictx, http.MethodPost, e.URL(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("User-Agent", "tooleval-record/1")
	if e.Key != "" {
		if e.API == Messages {
			req.Header.Set("x-api-key", e.Key)
		} else {
			req.Header.Set("Authorization", "Bearer "+e.Key)
		}
	}
	if e.API == Messages {
		req.Header.Set("anthropic-version", e.AnthropicVersion)
	}
	hc := c.HTTP
	if hc == nil {
		hc = defaultHTTP
	}
	hc = sameorigin.Client(hc)
	start := time.Now()
	resp, err := hc.Do(req)
	if err != nil {
		if cause := context.Cause(ictx); errors.Is(cause, errIdle) {
			return nil, fmt.Errorf("%s: %w", e.URL(), cause)
		}
		return nil, err // *url.Error names the URL (no key: it is in a header)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
		return nil, &StatusError{
			Status:     resp.StatusCode,
			Body:       e.Redactor().String(strings.TrimSpace(strings.ToValidUTF8(string(b), "?"))),
			RetryAfter: retryAfter(resp.Header, time.Now()),
		}
	}
	rec := &Recording{Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type")}
	limit := c.MaxBodyBytes
	if limit <= 0 {
		limit = DefaultMaxBodyBytes
	}
	buf := make([]byte, 32<<10)
	total := 0
	for {
		n, rerr := resp.Body.Read(buf)
		if n > 0 {
			watchdog.Reset(idle)
			if int64(total+n) > limit {
				return nil, &TooLargeError{Max: limit}
			}
			if len(rec.Chunks) < maxChunks {
				rec.Chunks = append(rec.Chunks, bytes.Clone(buf[:n]))
				rec.TimesMS = append(rec.TimesMS, float64(time.Since(start).Microseconds())/1000)
			} else {
				last := len(rec.Chunks) - 1
				rec.Chunks[last] = append(rec.Chunks[last], buf[:n]...)
			}
			total += n
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			if cause := context.Cause(ictx); cause != nil {
				rerr = cause
			}
			return nil, &CutError{Bytes: total, Err: rerr}
		}
	}
	if !streamEnded(e.API, rec.Bytes()) {
		return nil, &CutError{Bytes: total, Err: fmt.Errorf("no final %s event", finalEvent[e.API])}
	}
	return rec, nil
}

// finalEvent names what ends a complete stream of each API.
var finalEvent = map[API]string{
	ChatCompletions: "finish_reason or [DONE]",
	Responses:       "response.completed/incomplete/failed",
	Messages:        "message_stop",
}

// streamEnded reports whether a body holds the API's end of stream. A
// stream that ends for any reason the API states (including max_tokens)
// is complete; only a stream cut without one is not. An error event also
// ends a stream: it is recorded as the model's answer.
func streamEnded(api API, b []byte) bool {
	has := func(s string) bool { return bytes.Contains(b, []byte(s)) }
	switch api {
	case ChatCompletions:
		if has("[DONE]") {
			return true
		}
		// Some servers stop after the chunk with finish_reason set.
		i := bytes.LastIndex(b, []byte(`"finish_reason"`))
		if i < 0 {
			return has(`"error"`)
		}
		rest := bytes.TrimLeft(b[i+len(`"finish_reason"`):], " \t:")
		return len(rest) > 0 && rest[0] == '"'
	case Responses:
		return has("response.completed") || has("response.incomplete") || has("response.failed") || has(`"type":"error"`) || has("event: error")
	case Messages:
		return has("message_stop") || has("event: error") || has(`"type":"error"`)
	}
	return true
}

// retryAfter reads Retry-After (seconds or an HTTP date) or retry-after-ms.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}

// redactErr removes the endpoint's secrets from an error's message.
func redactErr(err error, r *Redactor) error {
	if err == nil {
		return err
	}
	msg := r.String(err.Error())
	if msg == err.Error() {
		return err
	}
	return &redacted{msg: msg, err: err}
}

type redacted struct {
	msg string
	err error
}

func (r *redacted) Error() string { return r.msg }

// Unwrap keeps errors.As working for the error's type (StatusError,
// CutError); their own messages may still hold the key, so callers print
// this error, not the unwrapped one.
func (r *redacted) Unwrap() error { return r.err }
