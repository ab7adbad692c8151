// Package golden compares test output with golden files, for the tests of
// every package in the module. A test package keeps its own -update flag
// (var update = flag.Bool("update", false, "rewrite golden files")) and
// passes its value to Check, which then rewrites the file instead of
// comparing. Section does the same for a generated part of a Markdown
// file (a README table rendered from the code or data it describes),
// between "<!-- begin NAME … -->" and "<!-- end NAME -->" lines.
package golden
