package main

// Output flags: the one convention for machine-readable output and for
// every flag that names a file a command writes.
//
//	--json FILE    write the command's JSON to FILE; "-" is stdout
//
// The human-readable table (or prompt block) still goes to stdout unless
// "--json -" took it. Every command that prints JSON takes --json this way;
// a value that looks like a flag (`--json --no-progress`) is exit 2 naming
// the flag, never a file created under that name.

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/tooleval/tooleval/internal/atomicfile"
)

// outputFlag is a string flag whose value is a file the command writes.
// Its type marks it for checkOutputFlags; asOutput finds it under the
// wrapper newApp puts around every flag (flagnames.go).
type outputFlag struct{ *cli.StringFlag }

// asOutput returns the output flag f is, if it is one.
func asOutput(f cli.Flag) (outputFlag, bool) {
	switch x := f.(type) {
	case outputFlag:
		return x, true
	case *namedOutputFlag:
		return x.outputFlag, true
	}
	return outputFlag{}, false
}

// outFlag declares a flag that names an output file.
func outFlag(name, usage string, aliases ...string) cli.Flag {
	return outputFlag{&cli.StringFlag{Name: name, Usage: usage, Aliases: aliases}}
}

// jsonFlag is the --json flag every command shares; what says what the
// JSON holds.
func jsonFlag(what string) cli.Flag {
	return outFlag("json", "write "+what+" as JSON to `FILE` (- for stdout; the table then stays off stdout)")
}

// looksLikeFlag reports whether an output path is really a flag that
// followed a value-taking flag by mistake: "-q", "--no-progress". A lone
// "-" is stdout.
func looksLikeFlag(v string) bool { return len(v) > 1 && v[0] == '-' }

// checkOutputFlags is exit 2 when an output flag of the command was given
// a value that looks like a flag.
func checkOutputFlags(c *cli.Context) error {
	if c.Command == nil {
		return nil
	}
	for _, f := range c.Command.Flags {
		of, ok := asOutput(f)
		if !ok || !c.IsSet(of.Name) {
			continue
		}
		if v := c.String(of.Name); looksLikeFlag(v) {
			return usageErr("%s: --%s %s: %s looks like a flag, not a file name: --%s takes the file to write (- for stdout), as in --%s %s %s",
				commandPath(c), of.Name, v, v, of.Name, of.Name, exampleFile(of.Name), v)
		}
	}
	return nil
}

// exampleFile is a file name to show in the message about an output flag.
func exampleFile(flag string) string {
	switch flag {
	case "json":
		return "report.json"
	case "markdown":
		return "report.md"
	case "junit":
		return "junit.xml"
	case "html":
		return "report.html"
	case "bfcl-scores":
		return "scores"
	}
	return "FILE"
}

// jsonOutput is where a command's --json goes. Values added are written as
// one JSON document per line; to stdout at once for "-", else to a file
// replaced whole when the command finishes.
type jsonOutput struct {
	name string
	w    io.Writer // stdout for "-"
	buf  bytes.Buffer
}

// openJSON returns the --json output named name (stdout for "-"), or nil
// when --json was not given.
func openJSON(name string, stdout io.Writer) *jsonOutput {
	if name == "" {
		return nil
	}
	o := &jsonOutput{name: name}
	if name == "-" {
		o.w = stdout
	} else {
		o.w = &o.buf
	}
	return o
}

// toStdout reports whether the JSON takes stdout (so the table must not).
func (o *jsonOutput) toStdout() bool { return o != nil && o.name == "-" }

// add writes v as one line of JSON without HTML escaping, so that markup
// in model text stays readable.
func (o *jsonOutput) add(v any) error { return writeJSON(o.w, v) }

// close writes the buffered JSON to its file, atomically.
func (o *jsonOutput) close(cmd string) error {
	if o == nil || o.name == "-" {
		return nil
	}
	if err := atomicfile.WriteFile(o.name, o.buf.Bytes(), 0o644); err != nil {
		return inputErr("%s: --json %v", cmd, err)
	}
	return nil
}

// emitJSON writes v to the command's --json output, if one was asked for,
// through wrap when given (record redacts its key). It reports whether the
// JSON took stdout, so the table must not be printed.
func emitJSON(name string, stdout io.Writer, cmd string, v any, wrap func(io.Writer) io.Writer) (tookStdout bool, err error) {
	js := openJSON(name, stdout)
	if js == nil {
		return false, nil
	}
	if wrap != nil {
		js.w = wrap(js.w)
	}
	if err := js.add(v); err != nil {
		return false, err
	}
	return js.toStdout(), js.close(cmd)
}

// writeJSON writes v as one line of JSON without HTML escaping.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// withOutputCheck runs checkOutputFlags before a command's own Before.
func withOutputCheck(cmds []*cli.Command) {
	for _, cmd := range cmds {
		before := cmd.Before
		cmd.Before = func(c *cli.Context) error {
			if err := checkOutputFlags(c); err != nil {
				return err
			}
			if before != nil {
				return before(c)
			}
			return nil
		}
		withOutputCheck(cmd.Subcommands)
	}
}
