// Package readcap reads input files with a size cap: only regular files
// (not devices, FIFOs or directories, which can be endless), and at most a
// given number of bytes, checked before reading and enforced while reading
// (a file may grow after Stat).
package readcap
