// Package sameorigin keeps credentials on the origin (scheme, host and
// port) they were given for: a client whose redirects to another origin
// are refused, and a check for a URL a server names (an SSE endpoint), both
// failing with an *Error naming the two origins. Go's client drops only
// Authorization (and cookies) on a redirect to another host; x-api-key and
// the like would follow.
package sameorigin
