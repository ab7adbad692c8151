// Package textparse pulls tool calls out of streamed model text: the
// text protocols agents and open models write their calls in (XML-ish tags,
// special-token markers, JSON and Python call lists). It was xmlparse; the
// engine now reads dialects that are not XML, so the name says what it
// parses, not one family's syntax. The XML-ish dialects:
//
//	use_tool        <use_tool><tool_name>NAME</tool_name><arguments>{json}</arguments></use_tool>
//	function_calls  <function_calls><invoke name="NAME"><parameter name="P">V</parameter></invoke></function_calls>
//	                (also a bare <invoke> without the wrapper)
//	tool_call       <tool_call>{"name":…,"arguments":…}</tool_call> (also "parameters", a
//	                JSON-encoded arguments string, {"id","tool_name","arguments"},
//	                {"type":"function","function":{"name","arguments"}}, a JSON array of
//	                such objects for several calls, a ```json fence)
//	qwen3_coder     <tool_call><function=NAME><parameter=P>V</parameter></function></tool_call>
//	cline           <read_file><path>a.go</path></read_file> (tool and parameter names from a catalog)
//	hermes          another name of tool_call
//	glm45, minimax_m2, seed_oss, deepseek_v32, step3: the same engine with
//	                their own tags (see Wire)
//
// and <think>…</think> / <thinking>…</thinking> as reasoning.
//
// Every dialect is one dialect_*.go file that registers a Dialect
// (registry.go): its format name, its wire shape, its markers or tags, its
// reasoning spans and the body reader of its calls. Formats, ParseFormat,
// Wire, Dialects and Lookup read that registry, and so does everything
// that lists formats elsewhere. Adding a dialect is one new file and its
// tests; the engine's files name no dialect, not even in a comment
// (TestEngineNamesNoDialect, TestEngineFilesNameNoDialect).
//
// A marker dialect no release knows can be described at run time in a
// JSON dialect file (LoadDialect, ReadDialectFile; DialectFile writes a
// built-in one as such a file) and read through ParseOptions.Dialect.
//
// The special-token dialects (kimi_k2, deepseek_v3/v31, harmony, longcat,
// mistral, cohere, …) name their markers — literal bytes like
// "[TOOL_CALLS]" or "<|tool_call_begin|>" — in Blocks. The XML-style
// dialects describe their tags in Tags (wrapper, invoke and parameter
// names, name="…" or =NAME, a typed string="true|false" attribute, their
// own reasoning tag); tagtable.go turns every registered Tags into one
// vocabulary of tag kinds and roles. The engine scans text for every
// enabled marker and tag at once with bytes.IndexByte per candidate first
// byte (block.go), and one matcher (match.go) holds the bytes of the markup
// being matched, at most a marker or a tag at a chunk edge: a marker is a
// literal, a tag a marker with a shape (tags.go). modes.go and block.go
// say what a complete marker or tag does.
//
// In the manner of golang.org/x/net/html.Tokenizer, the engine scans and
// dispatches, and body readers consume: a reader owns the state of the
// body it reads and works through the shared call lifecycle, argument
// streaming, caps and recovery (call.go, jsonargs.go). A block's body is
// read by a bodyReader (reader.go: the JSON call object reader of
// envelope.go, the Python reader of pybody.go, the Gemma 4 reader,
// Functionary's recipient reader); a body written in tags by a tagBody
// (tagbody.go: parameter tags and key/value pairs in value.go and kv.go,
// name and arguments tags in named.go), which also says which tags it
// acts on and what they do. auto picks the dialect of the
// first tag or marker met (a marker split at any byte gives the same
// answer); the dialects anchored at the start of the answer (a bare JSON
// or Python list) are left out of auto, since prose may start with '{' or
// '['.
//
// New takes toolcall.ParseOptions, the options every parser shares:
// ReasoningOpen starts inside reasoning (the prompt ended with <think>);
// ThinkAsText turns reasoning parsing off: every reasoning span, <think>
// and the dialect's own, is plain text.
//
// Tag names are case-sensitive, as every inference server's parser and
// every model's chat template write them: <TOOL_CALL> or <Invoke> is text.
// A ```json fence is tolerated inside <tool_call> and inside <arguments>.
// A call's closing tag met inside a parameter value without </parameter>
// before it (code that mentions </function>) ends the call only if the
// wrapper's closer, another call or the end of the stream follows;
// otherwise it is part of the value.
//
// A cline value ends only at its own closing tag (another parameter's
// opening tag inside it is content) and is trimmed of surrounding
// whitespace, as the agents that define the dialect trim it; the other
// XML dialects drop only one newline after the opening tag and before the
// closing one.
//
// A Parser is a synchronous state machine in the style of
// golang.org/x/net/html.Tokenizer: feed it chunks with Feed, read the
// toolcall.Events it returns, and call Close at the end. It makes one forward
// pass: no byte is scanned twice; the only bytes it holds back are a possible
// tag prefix at the end of a chunk, an unfinished UTF-8 character, a JSON
// number or literal waiting for its delimiter, and the newline and closing
// tag at the end of an XML parameter value (which are only known to end the
// value once the next tag is seen). Text is released as soon as it cannot
// start a tag, and the text path allocates nothing.
//
// Concatenated text and reasoning deltas plus the byte spans of protocol
// markup equal the input; the concatenated args_delta events of a call equal
// its final Arguments. Problems are error events with byte offsets into the
// whole input and stable codes (toolcall.Code*); parsing always goes on.
package textparse
