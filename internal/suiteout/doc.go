// Package suiteout writes the files an importer produces — catalogs,
// suites, score tables — into one output directory: each file is written
// whole or not at all (a temporary file renamed into place, mode 0644),
// never past a size cap (the cap tooleval reads the file back with), and
// only inside the directory: every path is opened through an os.Root, so
// a symbolic link planted in the output directory cannot lead a write out
// of it.
package suiteout
