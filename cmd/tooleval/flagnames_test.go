package main

import (
	"slices"
	"testing"

	"github.com/urfave/cli/v2"
)

// Every flag of every command, wrapped by withFlagNames, keeps its names,
// whether it is boolean or an output flag, and the interfaces urfave/cli
// looks for; a command no argument names is left as it was.
func TestFlagNamesWrapped(t *testing.T) {
	plain, wrapped := commands(), commands()
	var all []string
	var names func([]*cli.Command)
	names = func(cs []*cli.Command) {
		for _, c := range cs {
			all = append(all, c.Names()...)
			names(c.Subcommands)
		}
	}
	names(wrapped)
	withFlagNames(wrapped, all)
	n := 0
	var check func(path string, p, w []*cli.Command)
	check = func(path string, p, w []*cli.Command) {
		for i := range p {
			cp := path + " " + p[i].Name
			for j, pf := range p[i].Flags {
				wf := w[i].Flags[j]
				n++
				if wf == pf {
					t.Errorf("%s: flag %v not wrapped", cp, pf.Names())
				}
				if !slices.Equal(wf.Names(), pf.Names()) || !slices.Equal(wf.Names(), pf.Names()) { // twice: the second from the cache
					t.Errorf("%s: names %v, want %v", cp, wf.Names(), pf.Names())
				}
				if isBoolFlag(wf) != isBoolFlag(pf) {
					t.Errorf("%s --%s: isBoolFlag %v, want %v", cp, pf.Names()[0], isBoolFlag(wf), isBoolFlag(pf))
				}
				if _, ok := asOutput(wf); ok != func() bool { _, ok := asOutput(pf); return ok }() {
					t.Errorf("%s --%s: output flag %v", cp, pf.Names()[0], ok)
				}
				for _, iface := range []func(cli.Flag) bool{
					func(f cli.Flag) bool { _, ok := f.(cli.DocGenerationFlag); return ok },
					func(f cli.Flag) bool { _, ok := f.(cli.VisibleFlag); return ok },
					func(f cli.Flag) bool { _, ok := f.(cli.CategorizableFlag); return ok },
					func(f cli.Flag) bool { _, ok := f.(cli.RequiredFlag); return ok },
					func(f cli.Flag) bool { _, ok := f.(cli.ActionableFlag); return ok },
					func(f cli.Flag) bool { _, ok := f.(cli.DocGenerationSliceFlag); return ok },
				} {
					if iface(wf) != iface(pf) {
						t.Errorf("%s --%s: %T lost an interface of %T", cp, pf.Names()[0], wf, pf)
					}
				}
			}
			check(cp, p[i].Subcommands, w[i].Subcommands)
		}
	}
	check("", plain, wrapped)
	if n < 100 {
		t.Fatalf("only %d flags checked", n)
	}

	// No argument names a command: nothing is wrapped.
	cmds := commands()
	withFlagNames(cmds, []string{"tooleval", "--version"})
	for _, c := range cmds {
		for _, f := range c.Flags {
			if withNames(f) == f { // already wrapped
				t.Fatalf("%s --%s: wrapped without being named", c.Name, f.Names()[0])
			}
		}
	}
}
