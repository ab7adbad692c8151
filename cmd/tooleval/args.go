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
func reorderArgs(args []string, cmds []*cli.Command) []string {
	if len(args) < 2 || findCommand(cmds, args[1]) == nil {
		return args
	}
	out := append([]string(nil), args[:1]...)
	return append(out, reorderFor(args[1:], cmds, nil)...)
}

// reorderFor reorders args that follow a command whose subcommands are cmds
// and whose flags are flags.
func reorderFor(args []string, cmds []*cli.Command, flags []cli.Flag) []string {
	var flagArgs, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i:]...)
			break
		}
		if len(pos) == 0 && len(cmds) > 0 && !isFlag(a) {
			if sub := findCommand(cmds, a); sub != nil {
				rest := reorderFor(args[i+1:], sub.Subcommands, sub.Flags)
				return append(append(flagArgs, a), rest...)
			}
		}
		if !isFlag(a) {
			pos = append(pos, a)
			continue
		}
		flagArgs = append(flagArgs, a)
		if !strings.Contains(a, "=") && takesValue(flags, a) && i+1 < len(args) {
			i++
			flagArgs = append(flagArgs, args[i])
		}
	}
	if len(pos) > 0 && pos[0] != "--" && len(flagArgs) > 0 {
		// Keep positionals that look like flags ("-" is stdin) positional.
		flagArgs = append(flagArgs, "--")
	}
	return append(flagArgs, pos...)
}

func isFlag(a string) bool { return len(a) > 1 && a[0] == '-' }

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
