// Package wordscan finds the end of a run of plain bytes in a JSON or
// Python string eight bytes at a time: the one home of the bit tricks the
// parsers' string readers and the JSON writer share.
package wordscan
