package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/prompt"
	"github.com/tooleval/tooleval/textparse"
)

// readme is the repository's README.md, read for a test.
func readme(t *testing.T) *golden.Doc {
	return golden.ReadDoc(t, filepath.Join("..", "..", "README.md"))
}

// commandLine is a tooleval command line shown in the README or in help,
// with where it is shown.
type commandLine struct {
	where string
	words []string // after "tooleval"
}

// readmeCommandLines are the tooleval command lines of the README: in
// code blocks (continued lines joined), in the command table's first
// column, and in inline code spans.
func readmeCommandLines(t *testing.T) []commandLine {
	t.Helper()
	var out []commandLine
	add := func(where, s string) {
		if i := strings.Index(s, " #"); i >= 0 {
			s = s[:i]
		}
		// Each command of a pipeline or list (chmod +x bin/tooleval &&
		// bin/tooleval replay …).
		for _, part := range regexp.MustCompile(`&&|\|\||[|;]`).Split(s, -1) {
			if _, rest, ok := strings.Cut(" "+part, " tooleval "); ok {
				out = append(out, commandLine{where, shellWords(rest)})
			}
		}
	}
	text := strings.ReplaceAll(readme(t).Text(), "\\\n", " ")
	inBlock := false
	for i, line := range strings.Split(text, "\n") {
		where := "README.md:" + strconvItoa(i+1)
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock = !inBlock
		case inBlock:
			add(where, strings.ReplaceAll(line, "bin/tooleval", " tooleval"))
		default:
			for _, m := range regexp.MustCompile("`(tooleval [^`]+)`").FindAllStringSubmatch(line, -1) {
				add(where, strings.ReplaceAll(m[1], `\|`, " ")) // alternatives in a table cell
			}
		}
	}
	return out
}

func strconvItoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// shellWords splits a command line like a shell, closely enough for
// documented examples: quotes group words; a pipe, redirection or ";"
// ends the command.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	quote, in := rune(0), false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case (r == '|' || r == ';' || r == '>' || r == '<' || r == '&') && !in:
			return words
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// unknownFlags gives the command a line's words name and the flags they
// use that the command does not define.
func unknownFlags(words []string) (path string, unknown []string) {
	cmds := newApp(commands(), nil, nil, nil).Commands
	var c *cli.Command
	i := 0
	for ; i < len(words); i++ {
		next := findCommand(cmds, words[i])
		if next == nil {
			break
		}
		c, cmds = next, next.Subcommands
		path = strings.TrimSpace(path + " " + words[i])
	}
	if c == nil {
		return "", nil
	}
	known := map[string]bool{"help": true, "h": true}
	for _, f := range c.Flags {
		for _, n := range f.Names() {
			known[n] = true
		}
	}
	for _, w := range words[i:] {
		if w == "--" {
			break
		}
		// [--json FILE], (--query Q | …), [FILE|-]
		w = strings.TrimRight(strings.TrimLeft(w, "[("), "…,.)]")
		if !strings.HasPrefix(w, "-") || strings.Trim(w, "-") == "" {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
		if !strings.HasPrefix(w, "--") && len(name) > 1 && !known[name] {
			name = name[:1] // -k3 is -k 3
		}
		if !known[name] {
			unknown = append(unknown, w)
		}
	}
	return path, unknown
}

// TestReadmeCommandsUseRealFlags: every tooleval command line the README
// shows (code blocks, the command table, inline code) names a command
// and only flags that command defines.
func TestReadmeCommandsUseRealFlags(t *testing.T) {
	lines := readmeCommandLines(t)
	if len(lines) < 20 {
		t.Fatalf("only %d command lines found in README.md", len(lines))
	}
	for _, l := range lines {
		if len(l.words) == 0 || !regexp.MustCompile(`^[a-z]+$`).MatchString(l.words[0]) {
			continue // "tooleval --version", "name: tooleval, path: …" in YAML
		}
		path, unknown := unknownFlags(l.words)
		if path == "" {
			t.Errorf("%s: tooleval %s: no such command", l.where, strings.Join(l.words, " "))
			continue
		}
		if len(unknown) > 0 {
			t.Errorf("%s: tooleval %s: %s has no flag %s", l.where, strings.Join(l.words, " "), path, strings.Join(unknown, ", "))
		}
	}
}

// TestHelpExamplesUseRealFlags: the same for every command's EXAMPLES.
func TestHelpExamplesUseRealFlags(t *testing.T) {
	for key, h := range helpByCommand {
		for _, e := range h.examples {
			e = strings.ReplaceAll(e, "\\\n", " ")
			_, rest, ok := strings.Cut(" "+e, " tooleval ")
			if !ok {
				t.Errorf("%s: example %q runs no tooleval command", key, e)
				continue
			}
			if i := strings.Index(rest, " #"); i >= 0 {
				rest = rest[:i]
			}
			path, unknown := unknownFlags(shellWords(rest))
			if path == "" || len(unknown) > 0 {
				t.Errorf("%s: example %q: command %q, unknown flags %v", key, e, path, unknown)
			}
		}
	}
}

// TestReadmeCommandTableNamesEveryCommand: the README's command table has
// a row for every command that runs something (a command without
// subcommands: "import bfcl", not "import"), and no other row.
func TestReadmeCommandTableNamesEveryCommand(t *testing.T) {
	rows := map[string]bool{}
	for _, row := range readme(t).Table("| command | what it does |") {
		m := regexp.MustCompile("^`tooleval ((?:[a-z]+ ?)+)").FindStringSubmatch(row[0])
		if m == nil {
			t.Errorf("README.md's command table: a row for %s", row[0])
			continue
		}
		words := strings.Fields(m[1])
		for len(words) > 0 && findPath(words) == nil {
			words = words[:len(words)-1]
		}
		rows[strings.Join(words, " ")] = true
	}
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, c := range cmds {
			path := strings.TrimSpace(prefix + " " + c.Name)
			switch {
			case c.Name == "help" || c.Hidden:
			case len(c.Subcommands) > 0:
				walk(path, c.Subcommands)
			case !rows[path]:
				t.Errorf("README.md's command table has no row for tooleval %s", path)
			default:
				delete(rows, path)
			}
		}
	}
	walk("", commands())
	for path := range rows {
		t.Errorf("README.md's command table has a row for %q, which is not a command", path)
	}
}

// TestReadmeWireShapesAreTheRegistrys: the wire shape of each text dialect
// in the README's format table is textparse.Wire's, the one the help of
// parse shows.
func TestReadmeWireShapesAreTheRegistrys(t *testing.T) {
	checked := 0
	for _, row := range readme(t).Table("| format | wire shape |") {
		m := regexp.MustCompile("^`([a-z0-9_]+)`$").FindStringSubmatch(row[0])
		w := regexp.MustCompile("^(``? ?)(.*?)( ?``?)$").FindStringSubmatch(row[1])
		if m == nil || w == nil {
			continue // several formats in a row
		}
		f := textparse.Format(m[1])
		if f == textparse.FormatAuto {
			continue
		}
		checked++
		if got, want := strings.ReplaceAll(w[2], `\|`, "|"), textparse.Wire(f); got != want {
			t.Errorf("README.md wire shape of %s:\n got %s\nwant %s (textparse.Wire)", f, got, want)
		}
	}
	if checked < len(textparse.Formats())-1 {
		t.Errorf("checked %d wire shapes, the registry has %d dialects", checked, len(textparse.Formats())-1)
	}
}

// TestReadmeExitCodes: the README's exit codes are the constants, and the
// commands it says can exit 3 are those whose help says so.
func TestReadmeExitCodes(t *testing.T) {
	_, para, ok := strings.Cut(readme(t).Text(), "\nExit codes, for every command: ")
	if !ok {
		t.Fatal(`README.md has no "Exit codes, for every command:" paragraph`)
	}
	para, _, _ = strings.Cut(para, "\n\n")
	para = strings.Join(strings.Fields(para), " ")
	for _, c := range []struct {
		code int
		what string
	}{{exitOK, "ok"}, {exitBadInput, "bad input"}, {exitBadFlags, "bad flags"}, {exitRegression, "the gate failed"}} {
		if want := fmt.Sprintf("`%d` %s", c.code, c.what); !strings.Contains(para, want) {
			t.Errorf("README.md exit codes lack %q: %s", want, para)
		}
	}
	m := regexp.MustCompile("the gate failed \\(([^)]*)\\)").FindStringSubmatch(para)
	if m == nil {
		t.Fatalf("README.md names no command that exits %d: %s", exitRegression, para)
	}
	var named, gated []string
	for _, c := range regexp.MustCompile("`([a-z ]+)`").FindAllStringSubmatch(m[1], -1) {
		named = append(named, c[1])
	}
	for path, h := range helpByCommand {
		if strings.Contains(h.exit, fmt.Sprintf(" %d ", exitRegression)) {
			gated = append(gated, path)
		}
	}
	slices.Sort(named)
	slices.Sort(gated)
	if !slices.Equal(named, gated) {
		t.Errorf("README.md: exit %d for %v; the help says it for %v", exitRegression, named, gated)
	}
}

// TestReadmeMCPFlags: the README's MCP flag table lists mcpFlags, and the
// commands it says take a live catalog are those with --mcp.
func TestReadmeMCPFlags(t *testing.T) {
	doc := readme(t).Under("## Live MCP catalogs")
	var rows, flags []string
	for _, row := range doc.Table("| flag | |") {
		if m := regexp.MustCompile("^`--([a-z-]+)").FindStringSubmatch(row[0]); m != nil {
			rows = append(rows, m[1])
		}
	}
	for _, f := range mcpFlags() {
		flags = append(flags, f.Names()[0])
	}
	if !slices.Equal(rows, flags) {
		t.Errorf("README.md's MCP flag table lists %v; mcpFlags defines %v", rows, flags)
	}

	_, para, ok := strings.Cut(readme(t).Text(), "Wherever a catalog is accepted (")
	if !ok {
		t.Fatal(`README.md has no "Wherever a catalog is accepted" line`)
	}
	para, _, _ = strings.Cut(para, ")")
	var named, withMCP []string
	for _, m := range regexp.MustCompile("`([a-z ]+)`").FindAllStringSubmatch(para, -1) {
		named = append(named, m[1])
	}
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, c := range cmds {
			path := strings.TrimSpace(prefix + " " + c.Name)
			for _, f := range c.Flags {
				if slices.Contains(f.Names(), "mcp") {
					withMCP = append(withMCP, path)
				}
			}
			walk(path, c.Subcommands)
		}
	}
	walk("", commands())
	slices.Sort(named)
	slices.Sort(withMCP)
	if !slices.Equal(named, withMCP) {
		t.Errorf("README.md says %v take a live MCP catalog; the commands with --mcp are %v", named, withMCP)
	}
}

// TestReadmeListsEveryVariant: the render command's row and the suite
// format's transcript variant name the prompt variants of prompt.Variants.
func TestReadmeListsEveryVariant(t *testing.T) {
	var want []string
	for _, v := range prompt.Variants() {
		v, _, _ = strings.Cut(v, ":")
		if !slices.Contains(want, v) {
			want = append(want, v)
		}
	}
	text := readme(t).Text()
	for _, lead := range []string{"in one variant (", "the prompt variant it was recorded with ("} {
		_, list, ok := strings.Cut(text, lead)
		if !ok {
			t.Fatalf("README.md has no %q", lead)
		}
		list, _, _ = strings.Cut(list, ")")
		var got []string
		for _, m := range regexp.MustCompile("`([a-z]+)(?:\\[:provider\\])?`").FindAllStringSubmatch(list, -1) {
			got = append(got, m[1])
		}
		if !slices.Equal(got, want) {
			t.Errorf("README.md, after %q: variants %v; prompt.Variants has %v", lead, got, want)
		}
	}
}
