// Package starter writes a new user's first tooleval project: a small suite
// drawn from the embedded example suite (cases in several dialects, a
// provider stream, English and Chinese), the catalogs and transcripts it
// names, a retrieval config with the defaults spelled out, and a CI
// workflow that replays the suite against a baseline. `tooleval init`
// calls Write; a user edits the files instead of starting from a blank page.
package starter
