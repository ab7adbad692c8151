// Package atomicfile writes output files so that they are never seen half
// written: the bytes go to a temporary file in the same directory, which
// is renamed over the target only once everything was written and synced.
// A failure leaves the target as it was (absent, or its old content).
//
// Check tells, before any work starts, whether a path can be written, so
// that a long run does not end on a bad --out.
package atomicfile
