// Package repair simulates the repairs agent frameworks and serving stacks
// apply to a model's tool calls before running them (the AI SDK's
// experimental_repairToolCall, TanStack's repairToolInput, schema
// coercion), so an evaluation can say which repair would have turned a
// failure into a pass.
//
// The repairs are a fixed set (Kinds, the one list), each defined by what
// it sees — the parsed calls and the catalog, never the expected answer —
// and by when it applies:
//
//   - tool_name: a call names no catalog tool, and exactly one catalog tool
//     is within edit distance 2 of the name or differs from it only in
//     case, the separators - _ . or an mcp__server__ prefix; the call is
//     renamed to it. Two candidates (equally close or not): no repair.
//   - json: a call the parser could not complete kept its argument text,
//     and one pass of the standard JSON repair (close open strings and
//     brackets, drop trailing commas, turn single-quoted strings into
//     double-quoted ones, escape raw control characters inside strings)
//     makes it a JSON object; the call becomes a complete one.
//   - coerce: a top-level argument's JSON type is not one its parameter's
//     schema allows, and a lossless conversion gives one that is: a string
//     holding an integer or number, a string "true" or "false", a
//     one-element array unwrapped, a scalar wrapped in a one-element array.
//   - drop_unknown: arguments the catalog's checker reports as
//     unexpected_param are removed.
//   - drop_optional: optional (not required) arguments that carry no value
//     (null or "") or a value the catalog's checker rejects (wrong type,
//     not in the enum, other schema violations) are left out — what a
//     framework does with an optional value it cannot send.
//
// Apply runs one repair over a model output; Fixes runs each alone and
// re-judges the output with a caller's verdict function, reporting the
// repairs that make it pass. The package knows nothing of replay.
package repair
