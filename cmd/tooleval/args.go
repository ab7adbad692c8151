package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// reorderArgs lets flags follow positional arguments (`tooleval parse
// out.txt --format use_tool`), which urfave/cli v2 does not accept on its
// own: for the subcommand named in args (and its nested subcommands), flags
// with their values are moved before the positional arguments. Everything
// after a literal "--" stays positional. Unknown flags are left for the
// parser to reject.
//
// A flag that takes a value but ends the line after a file argument
// (`replay suite.jsonl --json`) has no value to move: missing is then the
// error to report ("replay: flag needs an argument: --json"), which the
// parser cannot give once the flag stands before the files.
func reorderArgs(args []string, cmds []*cli.Command) (out []string, missing string) {
	if len(args) < 2 || findCommand(cmds, args[1]) == nil {
		return args, ""
	}
	rest, missing := reorderFor(args[1:], cmds, nil, nil)
	return append(append([]string(nil), args[:1]...), rest...), missing
}

// reorderFor reorders args that follow the command path whose subcommands
// are cmds and whose flags are flags.
func reorderFor(args []string, cmds []*cli.Command, flags []cli.Flag, path []string) (out []string, missing string) {
	var flagArgs, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i:]...)
			break
		}
		if len(pos) == 0 && len(cmds) > 0 && !isFlag(a) {
			if sub := findCommand(cmds, a); sub != nil {
				rest, missing := reorderFor(args[i+1:], sub.Subcommands, sub.Flags, append(path, a))
				return append(append(flagArgs, a), rest...), missing
			}
		}
		if !isFlag(a) {
			pos = append(pos, a)
			continue
		}
		if name, val, ok := attachedValue(flags, a); ok {
			// -k3 is -k 3, as getopt reads it.
			flagArgs = append(flagArgs, name, val)
			continue
		}
		flagArgs = append(flagArgs, a)
		if !strings.Contains(a, "=") && takesValue(flags, a) {
			if i+1 == len(args) {
				if len(pos) > 0 {
					missing = strings.Join(path, " ") + ": flag needs an argument: " + a
				}
				break
			}
			i++
			flagArgs = append(flagArgs, args[i])
		}
	}
	if len(pos) > 0 && pos[0] != "--" && len(flagArgs) > 0 {
		// Keep positionals that look like flags ("-" is stdin) positional.
		flagArgs = append(flagArgs, "--")
	}
	return append(flagArgs, pos...), missing
}

func isFlag(a string) bool { return len(a) > 1 && a[0] == '-' }

// attachedValue splits a one-letter flag written with its value attached
// ("-k3", "-j4") into the flag and the value, when the letter names a flag
// that takes a value and the whole word names no flag of its own.
func attachedValue(flags []cli.Flag, a string) (name, val string, ok bool) {
	if len(a) < 3 || a[1] == '-' || strings.Contains(a, "=") || hasFlag(flags, a[1:]) {
		return "", "", false
	}
	if short := a[:2]; hasFlag(flags, short[1:]) && takesValue(flags, short) {
		return short, a[2:], true
	}
	return "", "", false
}

// hasFlag reports whether name (without dashes) names one of flags.
func hasFlag(flags []cli.Flag, name string) bool {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return true
			}
		}
	}
	return false
}

// typedFlag rewrites the flag package's "flag provided but not defined:
// -jsn" and "flag needs an argument: -json" to the flag as the user typed
// it ("unknown flag --jsn", "flag needs an argument: --json"), found in
// args.
func typedFlag(msg string, args []string) string {
	for _, m := range [...]struct{ flagPkg, ours string }{
		{"flag provided but not defined: -", "unknown flag "},
		{"flag needs an argument: -", "flag needs an argument: "},
	} {
		i := strings.Index(msg, m.flagPkg)
		if i < 0 {
			continue
		}
		rest := msg[i+len(m.flagPkg):]
		name := rest
		if j := strings.IndexAny(rest, " \n"); j >= 0 {
			name = rest[:j]
		}
		for _, a := range args {
			bare, _, _ := strings.Cut(a, "=")
			if strings.TrimLeft(bare, "-") == name && bare != "-"+name {
				return msg[:i] + m.ours + bare + rest[len(name):]
			}
		}
		return msg[:i] + m.ours + "-" + rest
	}
	return msg
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// takesValue reports whether the flag named by arg ("-k", "--format")
// consumes the next argument.
func takesValue(flags []cli.Flag, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	for _, f := range flags {
		for _, n := range f.Names() {
			if n != name {
				continue
			}
			if dg, ok := f.(cli.DocGenerationFlag); ok {
				return dg.TakesValue()
			}
			return true
		}
	}
	return false
}
