package otelimport

import "strings"

// secretKey reports whether an attribute or JSON member key names a
// secret: credentials instrumentations sometimes record with the request
// (HTTP headers, client settings) or that tools take as arguments. Such
// values are never copied into a suite; the key is normalised (lower
// case, without '-', '_' and '.') and matched against secretWords, as a
// whole key or its end, or "token" alone or at its end (but not counts
// such as input_tokens or max_tokens).
func secretKey(k string) bool {
	k = strings.ToLower(k)
	if strings.HasSuffix(k, "token") && !strings.HasSuffix(k, "maxtoken") && !strings.HasSuffix(k, "max_token") {
		return true
	}
	norm := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' {
			return -1
		}
		return r
	}, k)
	for _, w := range secretWords {
		if strings.Contains(norm, w) {
			return true
		}
	}
	return false
}

// secretWords are the normalised words that mark a key as a secret.
var secretWords = []string{
	"authorization", "apikey", "secret", "password", "passwd", "cookie",
	"credential", "privatekey", "accesskey", "bearer", "sessionid",
}
