// Package safetext makes untrusted strings (case ids, tool names, file
// names, messages quoting them) safe to print: in a terminal, where a
// control character can clear the screen, retitle the window or move the
// cursor, and in Markdown, where a line break ends a table and punctuation
// makes links, headings and HTML. Every printer of tooleval goes through
// it.
package safetext
