package mcpcatalog

import (
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// secret is a value that messages must not show: what a ${VAR} expanded
// to, or a header value. shown is what they show instead: the ${VAR} as
// written, or "[header NAME]".
type secret struct{ value, shown string }

// minSecret is the shortest value redacted: replacing every "1" or "ab"
// in a message would garble it, and so short a value is no secret.
const minSecret = 4

// redactor replaces secret values in messages, also in the escaped forms
// URLs and quoted strings give them.
type redactor struct{ pairs []secret }

func newRedactor(secrets []secret) *redactor {
	r := &redactor{}
	for _, s := range secrets {
		q := strconv.Quote(s.value)
		for _, v := range []string{s.value, url.QueryEscape(s.value), url.PathEscape(s.value), q[1 : len(q)-1]} {
			if len(v) >= minSecret {
				r.pairs = append(r.pairs, secret{v, s.shown})
			}
		}
	}
	// The longest first: a header value holds the ${VAR} it was built of.
	sort.SliceStable(r.pairs, func(i, j int) bool { return len(r.pairs[i].value) > len(r.pairs[j].value) })
	return r
}

// String is msg with every secret value replaced by how it is shown.
func (r *redactor) String(msg string) string {
	for _, p := range r.pairs {
		if strings.Contains(msg, p.value) {
			msg = strings.ReplaceAll(msg, p.value, p.shown)
		}
	}
	return msg
}

// err is err with its message redacted; errors.Is and As still see err.
func (r *redactor) err(err error) error {
	if err == nil {
		return nil
	}
	msg := r.String(err.Error())
	if msg == err.Error() {
		return err
	}
	return &redactedError{msg: msg, err: err}
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// headerSecrets are header values, shown as "[header NAME]".
func headerSecrets(h map[string]string) []secret {
	var out []secret
	for _, k := range sortedKeys(h) {
		out = append(out, secret{h[k], "[header " + k + "]"})
	}
	return out
}
