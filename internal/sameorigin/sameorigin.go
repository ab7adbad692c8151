package sameorigin

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

// Error is a request to another origin, refused before anything was sent
// there.
type Error struct {
	// From is the origin the credentials are for, To the other one.
	From, To string
	// Named, when set, is how the server named To (e.g. "endpoint"); empty
	// for a redirect.
	Named string
}

func (e *Error) Error() string {
	if e.Named != "" {
		return fmt.Sprintf("refused to send to %s, which the server at %s named as its %s: credentials are never sent to another host", e.To, e.From, e.Named)
	}
	return fmt.Sprintf("refused a redirect from %s to %s: credentials are never sent to another host", e.From, e.To)
}

// Origin is scheme://host[:port] of u.
func Origin(u *url.URL) string { return u.Scheme + "://" + u.Host }

// Same reports whether a and b have the same origin.
func Same(a, b *url.URL) bool { return a.Scheme == b.Scheme && a.Host == b.Host }

// Client returns a copy of hc that refuses a redirect to another origin
// than the first request's (hc's own CheckRedirect, if any, then decides
// the others; without one, at most 10 redirects are followed).
func Client(hc *http.Client) *http.Client {
	c := *hc
	next := hc.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		from := via[0].URL
		if !Same(req.URL, from) {
			return &Error{From: Origin(from), To: Origin(req.URL)}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &c
}
