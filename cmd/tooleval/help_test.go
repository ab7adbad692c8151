package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// Every command's help has EXAMPLES and EXIT CODES, boolean flags show no
// "(default: false)" and value flags name what they take.
func TestEveryCommandHasExamples(t *testing.T) {
	var walk func(prefix []string, cmds []*cli.Command)
	walk = func(prefix []string, cmds []*cli.Command) {
		for _, c := range cmds {
			if c.Name == "help" || c.Hidden {
				continue // urfave/cli's own
			}
			path := append(append([]string(nil), prefix...), c.Name)
			key := strings.Join(path, " ")
			if _, ok := helpByCommand[key]; !ok {
				t.Errorf("%s: no entry in helpByCommand (help.go): add its examples and exit codes", key)
			}
			code, out, errOut := runCLI(append(path, "--help")...)
			if code != exitOK {
				t.Errorf("%s --help: exit %d: %s", key, code, errOut)
				continue
			}
			for _, section := range []string{"\nEXAMPLES:\n   tooleval ", "\nEXIT CODES:\n   0 "} {
				if !strings.Contains(out, section) && !(section[1] == 'E' && strings.Contains(out, "\nEXAMPLES:\n   ")) {
					t.Errorf("%s --help lacks %q:\n%s", key, section, out)
				}
			}
			if strings.Contains(out, "(default: false)") {
				t.Errorf("%s --help shows (default: false):\n%s", key, out)
			}
			// A value flag's placeholder is a name, not the generic "value".
			if m := regexp.MustCompile(`(?m)^\s+--[a-z0-9-]+ value\b`).FindString(out); m != "" {
				t.Errorf("%s --help: flag without a placeholder: %q", key, m)
			}
			walk(path, c.Subcommands)
		}
	}
	walk(nil, newApp(nil, nil, nil).Commands)
	// Every entry names a command that exists.
	for key := range helpByCommand {
		if findPath(strings.Fields(key)) == nil {
			t.Errorf("helpByCommand has %q, which is not a command", key)
		}
	}
}

func findPath(path []string) *cli.Command {
	cmds := commands
	var c *cli.Command
	for _, p := range path {
		if c = findCommand(cmds, p); c == nil {
			return nil
		}
		cmds = c.Subcommands
	}
	return c
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI("--version")
	if code != exitOK || !strings.HasPrefix(out, "tooleval version ") || !strings.Contains(out, "go1.") {
		t.Fatalf("--version: exit %d %q", code, out)
	}
}
