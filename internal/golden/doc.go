// Package golden compares test output with golden files, for the tests of
// every package in the module. A test package keeps its own -update flag
// (var update = flag.Bool("update", false, "rewrite golden files")) and
// passes its value to Check, which then rewrites the file instead of
// comparing.
package golden
