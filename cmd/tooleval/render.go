package main

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/prompt"
	"github.com/urfave/cli/v2"
)

// renderCommand is the `tooleval render` command.
func renderCommand() *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "print the tool section of a prompt for a catalog, in one variant",
		ArgsUsage: " ",
		Description: "Variants: " + strings.Join(prompt.Variants(), ", ") + " (native is native:openai-chat).\n" +
			"Protocols: " + strings.Join(prompt.Protocols(), ", ") + ".\n" +
			"Modes: " + strings.Join(sortedKeys(catalog.DefaultModes), ", ") + ".\n" +
			"With --tokens the token and character counts go to stderr.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "catalog", Usage: "tool catalog `FILE` (OpenAI, Anthropic, MCP, BFCL, Gemini or document form; JSON or JSON Lines), or use --mcp/--mcp-config"},
			&cli.StringFlag{Name: "variant", Value: prompt.VariantDetailed, Usage: "prompt `VARIANT`"},
			&cli.StringFlag{Name: "protocol", Usage: "append the calling-protocol section for text `PROTOCOL`"},
			&cli.StringFlag{Name: "tokens", Usage: "print the token count in `ENCODING` (o200k_base, cl100k_base) on stderr"},
			&cli.IntFlag{Name: "budget", DefaultText: "600", Usage: "per-tool budget of `N` characters in the retrieved variant (-1 for none)"},
		}, append(selectionFlags(), mcpFlags()...)...),
		Action: action(renderOptionsFrom, runRender),
	}
}

// renderOptions are what `tooleval render` renders.
type renderOptions struct {
	catalog   string
	mcp       mcpOpts
	selection catalog.Selection
	variant   string
	// prompt holds the protocol and the budget (-1: no limit).
	prompt prompt.Options
	// tokens is the encoding to count the text's tokens in ("" none).
	tokens string
}

// renderOptionsFrom reads the flags and arguments of `tooleval render` (a bad one is exit 2).
func renderOptionsFrom(c *cli.Context) (*renderOptions, error) {
	if c.NArg() > 0 {
		return nil, usageErr("render: unexpected arguments %v (the catalog goes in --catalog)", c.Args().Slice())
	}
	variant, protocol, enc := c.String("variant"), c.String("protocol"), c.String("tokens")
	if err := checkVariant("render", "variant", variant); err != nil {
		return nil, err
	}
	if protocol != "" && !contains(prompt.Protocols(), protocol) {
		return nil, usageErr("render: unknown --protocol %q (want one of %s)", protocol, strings.Join(prompt.Protocols(), ", "))
	}
	if enc != "" && !contains(prompt.Encodings(), enc) {
		return nil, usageErr("render: unknown --tokens encoding %q (want one of %s)", enc, strings.Join(prompt.Encodings(), ", "))
	}
	// -1 is no limit; 0 would silently mean the default in prompt.Options.
	if c.IsSet("budget") && c.Int("budget") != -1 {
		if err := intFlagIn(c, "render", "budget", 1, math.MaxInt); err != nil {
			return nil, usageErr("%v (or -1 for no limit)", err)
		}
	}
	return &renderOptions{catalog: c.String("catalog"), mcp: mcpOptsFrom(c), selection: selectionFrom(c), variant: variant,
		prompt: prompt.Options{Protocol: protocol, Budget: c.Int("budget")}, tokens: enc}, nil
}

// runRender runs `tooleval render` with o.
func runRender(o *renderOptions, std streams) error {
	enc := o.tokens
	cat, _, err := catalogFlag(context.Background(), std.err, "render", o.catalog, &o.mcp)
	if err != nil {
		return err
	}
	if cat, err = selectTools("render", cat, o.selection); err != nil {
		return err
	}
	text, err := prompt.Render(cat.Tools(), o.variant, o.prompt)
	if err != nil {
		return usageErr("render: %v", err)
	}
	if _, err := fmt.Fprint(std.out, text); err != nil {
		return err
	}
	if enc != "" {
		size, err := prompt.Measure(text, enc)
		if err != nil {
			return inputErr("render: %v", err)
		}
		fmt.Fprintf(std.err, "%d tokens (%s), %d characters, %d tools\n", size.Tokens[enc], enc, size.Chars, cat.Len())
	}
	return nil
}

// checkVariant is a usage error, naming the command and its flag, for a
// variant Render does not know.
func checkVariant(cmd, flag, v string) error {
	if v == prompt.VariantNative || contains(prompt.Variants(), v) {
		return nil
	}
	return usageErr("%s: unknown --%s %q (want one of %s)", cmd, flag, v, strings.Join(prompt.Variants(), ", "))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
