package main

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

func TestReorderArgs(t *testing.T) {
	cmds := []*cli.Command{
		{Name: "parse", Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}},
			&cli.IntFlag{Name: "chunk-size"},
			&cli.BoolFlag{Name: "events"},
		}},
		{Name: "import", Subcommands: []*cli.Command{{Name: "bfcl", Flags: []cli.Flag{
			&cli.StringFlag{Name: "out"},
			&cli.BoolFlag{Name: "json"},
		}}}},
	}
	cases := []struct {
		name string
		in   []string
		want []string
	}{
		{"flags first stay", []string{"t", "parse", "--format", "x", "a.txt"}, []string{"t", "parse", "--format", "x", "--", "a.txt"}},
		{"flags after file move", []string{"t", "parse", "a.txt", "--format", "x", "--events"}, []string{"t", "parse", "--format", "x", "--events", "--", "a.txt"}},
		{"equals form", []string{"t", "parse", "a.txt", "--chunk-size=1"}, []string{"t", "parse", "--chunk-size=1", "--", "a.txt"}},
		{"alias", []string{"t", "parse", "-", "-f", "auto"}, []string{"t", "parse", "-f", "auto", "--", "-"}},
		{"stdin alone", []string{"t", "parse", "-"}, []string{"t", "parse", "-"}},
		{"double dash keeps the rest", []string{"t", "parse", "--events", "--", "--weird-name"}, []string{"t", "parse", "--events", "--", "--weird-name"}},
		{"nested subcommand", []string{"t", "import", "bfcl", "dir", "--out", "o", "--json"}, []string{"t", "import", "bfcl", "--out", "o", "--json", "--", "dir"}},
		{"unknown command untouched", []string{"t", "nosuch", "x", "--y"}, []string{"t", "nosuch", "x", "--y"}},
		{"no args", []string{"t"}, []string{"t"}},
		{"value flag last, no file", []string{"t", "parse", "--format"}, []string{"t", "parse", "--format"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, missing := reorderArgs(c.in, cmds)
			if !reflect.DeepEqual(got, c.want) || missing != "" {
				t.Fatalf("got %q (missing %q), want %q", got, missing, c.want)
			}
		})
	}
	// A value flag that ends the line after a file has no value: it is
	// reported, not given "--" or the file as its value.
	for _, c := range []struct {
		in   []string
		want string
	}{
		{[]string{"t", "parse", "a.txt", "--format"}, "parse: flag needs an argument: --format"},
		{[]string{"t", "parse", "a.txt", "--events", "-f"}, "parse: flag needs an argument: -f"},
		{[]string{"t", "import", "bfcl", "dir", "--out"}, "import bfcl: flag needs an argument: --out"},
	} {
		in, want := c.in, c.want
		_, missing := reorderArgs(in, cmds)
		if missing != want {
			t.Errorf("%q: missing %q, want %q", in, missing, want)
		}
	}
}

func TestExitCodes(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"unknown command", []string{"nosuch"}, exitBadFlags, `unknown command "nosuch"`},
		{"unknown flag", []string{"render", "--bogus"}, exitBadFlags, "bogus"},
		{"help", []string{"--help"}, exitOK, ""},
		{"value flag without value", []string{"render", "--catalog"}, exitBadFlags, "flag needs an argument: --catalog"},
		{"value flag after a file", []string{"parse", "out.txt", "--format"}, exitBadFlags, "tooleval: parse: flag needs an argument: --format\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, c.code, errOut)
			}
			if !strings.Contains(errOut, c.stderr) {
				t.Fatalf("stderr %q lacks %q", errOut, c.stderr)
			}
		})
	}
}

// TestMissingRequiredFlag: urfave/cli's own missing-flag error is exit 2
// too, checked on a command of the test's own.
func TestMissingRequiredFlag(t *testing.T) {
	probe := &cli.Command{
		Name:   "requiredflagprobe",
		Flags:  []cli.Flag{&cli.StringFlag{Name: "needed", Required: true}},
		Action: func(*cli.Context) error { return nil },
	}
	var out, errOut bytes.Buffer
	code := runWith(append(commands(), probe), []string{"tooleval", "requiredflagprobe"}, strings.NewReader(""), &out, &errOut)
	if code != exitBadFlags || !strings.Contains(errOut.String(), `"needed"`) {
		t.Fatalf("exit %d, stderr %q; want exit %d naming the flag", code, errOut.String(), exitBadFlags)
	}
}

// -k3 is -k 3 (a one-letter flag with its value attached); a word that is
// a flag of its own is left alone; unknown flags are named as typed.
func TestAttachedShortValues(t *testing.T) {
	_, one, _ := runCLI("replay", "-k3", "--encoding", "none", "--json", "-", "-q")
	_, two, _ := runCLI("replay", "-k", "3", "--encoding", "none", "--json", "-", "-q")
	if one == "" || one != two {
		t.Fatalf("-k3 and -k 3 differ:\n%.200s\n%.200s", one, two)
	}
	for _, tc := range []struct{ arg, want string }{
		{"--jsn", "replay: unknown flag --jsn"},
		{"-zq", "replay: unknown flag -zq"},
		{"--no-such=1", "replay: unknown flag --no-such"},
	} {
		code, _, errOut := runCLI("replay", tc.arg)
		if code != exitBadFlags || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d %q, want %q", tc.arg, code, errOut, tc.want)
		}
	}
}
