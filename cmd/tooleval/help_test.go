package main

import (
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/prompt"
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
	walk(nil, newApp(commands(), nil, nil, nil).Commands)
	// Every entry names a command that exists.
	for key := range helpByCommand {
		if findPath(strings.Fields(key)) == nil {
			t.Errorf("helpByCommand has %q, which is not a command", key)
		}
	}
}

func findPath(path []string) *cli.Command {
	cmds := commands()
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

// The version names the module version, else the revision, and the commit
// date, from the build info.
func TestVersionOf(t *testing.T) {
	for _, tc := range []struct {
		main     string
		settings map[string]string
		want     string
	}{
		{"v1.2.3", nil, "v1.2.3 go1.x"},
		{"v0.0.0-20261125150822-9f5917dc86a9", map[string]string{"vcs.revision": "9f5917dc86a927f067988f3459532e28b4beb4d0", "vcs.time": "2026-11-25T15:08:22Z"},
			"v0.0.0-20261125150822-9f5917dc86a9 (2026-11-25T15:08:22Z) go1.x"},
		{"(devel)", map[string]string{"vcs.revision": "9f5917dc86a927f0", "vcs.time": "2026-11-25T15:08:22Z", "vcs.modified": "true"},
			"devel 9f5917dc86a9+dirty (2026-11-25T15:08:22Z) go1.x"},
		{"", nil, "devel go1.x"},
	} {
		info := &debug.BuildInfo{GoVersion: "go1.x", Main: debug.Module{Version: tc.main}}
		for k, v := range tc.settings {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: k, Value: v})
		}
		if got := versionOf(info); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.main, tc.settings, got, tc.want)
		}
	}
}

// The protocols render and record accept are listed in their help from
// prompt's one list, not by hand.
func TestProtocolHelpFromRegistry(t *testing.T) {
	for _, cmd := range []string{"render", "record"} {
		_, out, _ := runCLI(cmd, "--help")
		for _, p := range prompt.Protocols() {
			if !strings.Contains(out, p) {
				t.Errorf("%s --help does not name protocol %q", cmd, p)
			}
		}
	}
}
