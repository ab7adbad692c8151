// Package lazyre compiles a package's regular expressions on first use
// instead of at program start-up: a package-level regexp.MustCompile runs
// in every command of the binary, whether or not it ever matches anything
// (issue 24: start-up time).
package lazyre
