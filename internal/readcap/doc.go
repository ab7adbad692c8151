// Package readcap reads input files with a size cap: only regular files
// (not devices, FIFOs or directories, which can be endless or, for a FIFO,
// block the open itself), and at most a given number of bytes, checked
// before reading and enforced while reading (a file may grow after Stat).
// OpenFile and OpenInRoot are the one way tooleval opens a file for
// reading: they check the file type before opening and open without
// blocking.
package readcap
