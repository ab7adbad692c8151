package textparse

import (
	"slices"
	"strings"
)

// This file is the description of a dialect that the dialect_*.go files
// register (registry.go). A dialect is data: the markers or tags that open
// and close its calls and reasoning, and which body reader reads the calls. The engine (block.go) does the rest: scanning, holding a marker
// prefix at a chunk edge, the call lifecycle, caps, recovery.

// Dialect describes one text dialect read by the shared engine.
type Dialect struct {
	// Format is the --format name.
	Format Format
	// Wire is the wire shape in one line, for help and the README.
	Wire string
	// Blocks are the call blocks the dialect writes.
	Blocks []Block
	// Reasoning spans besides <think>…</think> ([THINK]…[/THINK]). A
	// span without Open is entered by a Body.Header; the dialect's block
	// Open markers also end it.
	Reasoning []Span
	// Drop markers are markup with no meaning to tool calls
	// (<|START_RESPONSE|>): consumed without an event.
	Drop []string
	// DropTags are markup dropped in text and in the dialect's reasoning
	// alike: one that ends with '>' as it is, one that does not through
	// the next '>' (within maxDropTail bytes; with none there, the marker
	// and those bytes are text): citation tags such as Command A's <co>
	// and </co: 0:[1,2]>.
	DropTags []string
	// DropLabels are markers dropped with the label that follows them, up
	// to the next '<' (within maxDropTail bytes; with none there, the
	// marker and those bytes are text), in text and in the dialect's
	// reasoning alike: a message header naming its author before the
	// token that says what the message is (<|message_model|>AUTHOR<|…|>).
	DropLabels []string
	// StrayClose: the blocks' Close markers (and their CallEnd and
	// NameEnd markers, where those are tokens in angle brackets) are
	// special tokens that never appear in prose, so one outside a block
	// is stray markup, reported (malformed_markup) and consumed rather
	// than text. For a tag dialect:
	// the closing tag of its Wrapper met outside one.
	StrayClose bool
	// CutMarkers: the dialect's markers are special tokens that never
	// appear in prose, so the start of one cut short by the end of the
	// output (at least its first two bytes, <|open|>too; one that opens
	// with '<', not a word the dialect also reads) is markup the
	// output stopped inside, dropped and reported (malformed_markup)
	// rather than text. Read when the dialect is named (--format).
	CutMarkers bool
	// Stray are special-token markup of the dialect that has no place
	// outside its blocks (argument tags, call closers): met in
	// text or in the dialect's reasoning when the dialect is named, each
	// is stray markup, dropped and reported (malformed_markup). One that
	// ends without '>' opens a tag: its header is dropped with it through
	// the next '>' (the tag's closing token) when a blank or '<' follows
	// it; any other byte after it is text (the marker alone is dropped);
	// with no '>' within maxDropTail bytes the marker and those bytes are
	// text. With CutMarkers, one the output stopped inside is dropped too.
	// With KeepCallsInReasoning it stays reasoning there: a call kept as
	// reasoning keeps its inner tags.
	Stray []string
	// NoThink: <think> and <thinking> are text when the dialect is named
	// (ThinkAsText makes every reasoning span text): its reasoning has markers of its own, and its
	// tokenizer maps a <think> in the prompt to them, so one the model
	// writes is words.
	NoThink bool
	// Lead markers are dropped only as the first bytes of the output, or
	// of the text right after a call's CallEnd (after white space), when
	// the dialect is named: a channel's name left where its special
	// tokens were stripped ("commentary…", "<|call|>commentary<|channel|>").
	Lead []string
	// LeadAfter: markers that end one of the dialect's messages (a Drop
	// marker, or a reasoning span's Close); the text after one starts as
	// the output's does, where Lead markers and Block.Lead Opens are read
	// again.
	LeadAfter []string
	// NoAuto keeps the dialect out of auto detection: its markers are
	// shared with other dialects (<tool_calls>), or start with a byte
	// common in prose that would slow every auto scan ("function call").
	// --format names it.
	NoAuto bool
	// Tags, for an XML-style dialect, are the tags its calls are written
	// in. Such a dialect's Blocks, when it has any, are message headers
	// (Body.Header) that say whether what follows is reasoning or text,
	// its calls written in its tags: they are read only when the dialect
	// is named, tags detect it under auto.
	Tags *Tags
	// Alias names the dialect this one is another name of (the same
	// data under an older name): auto reports the dialect itself.
	Alias Format
	// RepairTags, for an XML-style dialect named (--format), reads tags
	// that a model damaged in ways valid output never shows, where the
	// catalog confirms what the tag names, and reports each repair
	// (malformed_markup): an Eq tag written without its '=' (<function
	// NAME>, <functionNAME>, NAME a tool of the catalog), an Eq tag whose
	// '>' is missing before white space (<function=NAME\n,
	// <parameter=P\nV: NAME a tool of the catalog, P a parameter of the
	// call's tool; what follows the name is the tag's content), and a
	// parameter tag whose own name and '=' are written twice
	// (<parameter=parameter=P>). Without a catalog nothing is repaired.
	RepairTags bool

	// comp: the marker sets of a dialect that is not registered (a
	// user's), compiled by prepare; compPlain: the same without its
	// reasoning spans (ThinkAsText), compiled on first use.
	comp, compPlain *compiled
}

// Tags describes an XML-style dialect: its calls are tags, read by the tag
// reader (tags.go) rather than matched as markers. Tag names are given
// without '<' and '>'. The engine reads each field the same way for every
// dialect; which fields a dialect sets picks how its calls are read:
//
//   - Wrapper, Invoke, Param: <Wrapper><Invoke name="NAME"><Param
//     name="P">V</Param></Invoke></Wrapper>, values coerced by the
//     catalog's schema;
//   - Invoke with JSON: the tag holds a JSON call object (envelope.go);
//   - Invoke with Name and Args: <Invoke><Name>NAME</Name><Args>{json}</Args></Invoke>;
//   - Invoke with Key and Value: <Invoke>NAME<Key>P</Key><Value>V</Value></Invoke>;
//   - Catalog: the tool's name is the tag, its parameters tags inside it.
type Tags struct {
	// Wrapper is the tag around a group of calls, "" for none; its
	// opener written again inside it is reported (malformed_markup) and
	// the wrapper goes on. Reopen: the opener met inside a wrapper of
	// another dialect sharing its tags is markup too, dropped.
	Wrapper string
	Reopen  bool
	// WrapperEnd, when set, is an opening-shaped tag that ends the
	// wrapper in place of </Wrapper>; CallBegin, CallSep and CallEnd are
	// opening-shaped tags around each call inside it (special tokens
	// such as <｜BEGIN｜>TYPE<｜SEP｜>…<｜END｜>). With Key and Value,
	// CallSep may follow the tool name (<CALL>NAME<SEP><KEY>…).
	WrapperEnd, CallBegin, CallSep, CallEnd string
	// Invoke is the tag of one call and Param the tag of one of its
	// parameters. Their names are the name="…" attribute, or with Eq the
	// value after '=' (<function=NAME>, <parameter=P>). Bare: Invoke
	// opens a call outside a Wrapper too.
	Invoke, Param string
	Eq, Bare      bool
	// Typed is an attribute of Param whose value "true" makes the value
	// a JSON string and "false" JSON as written (Typed "string":
	// string="true|false"), where the catalog gives no type; where it
	// does, the schema decides, as the serving stacks' type fixers read
	// it: string="true" for an integer parameter is 42, string="false"
	// 7 for a string parameter is "7".
	Typed string
	// JSON: Invoke holds a JSON call object.
	JSON bool
	// Name and Args: the tags inside Invoke holding the tool name and
	// the JSON arguments.
	Name, Args string
	// Key and Value: the name follows Invoke, then pairs of tags holding
	// a parameter's name and its value. CallObject: an Invoke whose body
	// starts with '{' holds a JSON call object instead ({"name": NAME,
	// "arguments": {…}}), read as a JSON call tag's.
	Key, Value string
	CallObject bool
	// EscapedNewlines, with Key and Value: a literal \n (a backslash and
	// an n) written where only white space goes (after the tool name,
	// between a key and its value, between pairs, before the call's
	// closer) is white space, as a template's newlines written escaped.
	EscapedNewlines bool
	// TypeTag, with Key and Value, is a tag a pair may hold between its
	// key and its value declaring the value's type
	// (<TypeTag>integer</TypeTag>, the names a tool's schema may use:
	// int, str, bool…; a "[…]" after the name is dropped). Where the
	// catalog gives the parameter no type, the declared type converts the
	// value as a schema's would ("any": the text as written).
	TypeTag string
	// Catalog: tool and parameter names are tags (from WithTools).
	Catalog bool
	// Suffix: each of the dialect's tags (and <think>) may carry a
	// checkpoint's suffix after a colon, <NAME:SUFFIX>; any suffix of
	// letters, digits, '_', '-' and '.' (at most 32 bytes) is accepted,
	// so one description reads the whole family.
	Suffix bool
	// Fence: the dialect's tags in Markdown code in the text (a fenced
	// block from a line starting with ``` or ~~~ to the next, or an inline
	// code span between runs of backticks within a paragraph) are text, a
	// call quoted in an answer rather than made (fence.go).
	Fence bool
	// Think is the dialect's own reasoning tag, besides <think>.
	Think string
	// ThinkAlt are more reasoning tags of the dialect, one per reasoning
	// effort its template may ask for (<ifm|think_fast>, <ifm|think_faster>
	// beside Think <ifm|think>): each opens reasoning that its own closer
	// ends; reasoning the prompt opened (ReasoningOpen) ends at Think's
	// closer, at any of theirs, or at </think>.
	ThinkAlt []string
	// KeepNewline: a value's trailing newline is content, not markup
	// (for a dialect that writes values flush against their tags, a
	// newline before the Param closer belongs to the value: code edits
	// depend on it). A value that starts with a newline right after its
	// opening tag is written on its own lines: both newlines are markup.
	KeepNewline bool
	// CDATA: a value may hold <![CDATA[…]]> sections, whose text is the
	// value's as it is (no tag inside one is read).
	CDATA bool
	// UntypedJSON: the value of a parameter whose type the catalog does
	// not give (no catalog, a tool or parameter it lacks) is JSON or a
	// Python literal when it reads whole as one, else a string, for a
	// dialect whose template writes the values that are not strings with
	// tojson (catalog.AppendUntyped). Otherwise such a value is a string.
	UntypedJSON bool
	// QuotedStrings: the template writes every value with tojson, strings
	// quoted, so a string parameter's value that reads whole as one JSON
	// string is that string ("Seoul" is Seoul); one written without
	// quotes is its text, as written. Such values are held to their
	// closer, not streamed.
	QuotedStrings bool
	// JSONBody: an Invoke may hold a JSON object of arguments instead of
	// Param tags (<invoke name="f">{"city": "Paris"}</invoke>).
	JSONBody bool
	// Namespace: a tool may be named through its namespace, the first
	// dot-separated part of its name (read.read for read, repo.repo.read
	// for repo.read), as a template that offers recipients NS.* invites;
	// with a catalog, such a name that the catalog lacks is the tool's.
	Namespace bool
	// InvokeAlt and ParamAlt are other spellings of the Invoke and Param
	// opening tags, named after '=' (a tokenizer's merged forms of
	// <function name="f">: <functionname="f">, the space marker kept as
	// <functionĠname="f">); they close with Invoke's and Param's tags.
	InvokeAlt, ParamAlt []string
	// WrapperJSON: the Wrapper may hold JSON call objects
	// ({"name": NAME, "arguments": {…}}) instead of Invoke tags: where a
	// call may start, the first byte decides ('{' a JSON call, '<' a tag).
	WrapperJSON bool
	// SchemaParams: where the catalog gives the call's tool and its
	// parameters, a Param opening tag met inside a value starts the next
	// parameter only when it names one of the tool's parameters not given
	// yet. Another (a file being written that holds such tags) is the
	// value's text, and so are the Param, Invoke and Wrapper tags nested
	// in it: each closer first closes the nearest such opener, so a call
	// quoted whole inside a value stays in it.
	SchemaParams bool
	// Unwrap names parameters a model writes the whole arguments object
	// in (<parameter name="arguments">{"city": "Paris"}</parameter>):
	// where the catalog gives the tool's parameters and the tool has none
	// of that name, such a parameter written as the call's only one, whose
	// value is an object (JSON or a Python literal, or a string holding
	// one) of the tool's parameters, is read as the call's arguments, as
	// the serving stacks repair it. Its value is held until the call's
	// closer or its next parameter decides.
	Unwrap []string
	// Damaged is the prefix of the dialect's tag names ("｜DSML｜"): a
	// tag that starts with it (or its closer's "</" form) and is none of
	// the dialect's tags, written at the start of a line outside code
	// (a wrapper misspelt, cut or run into words: <｜DSML｜toolcalls>,
	// "<｜DSML｜tool_calls" without its '>', <｜DSML｜tool_calls-ok …),
	// is a damaged wrapper when a call follows it: that line, and the
	// blank lines and further such lines after it, are held until the
	// next line decides, dropped with malformed_markup when the dialect's
	// Wrapper or Invoke opens there, as a serving stack's detector
	// drops them; otherwise (a line of words, the end of the output, 256
	// bytes held) they are text (damaged.go).
	Damaged string
}

// Span is a pair of markers around reasoning. Label, when set, is an
// optional label right after Open, dropped with the newline that may
// follow it (templates write <|ch>thought\n): with Open <|ch>, Close <ch|>
// and Label "thought", both <|ch>thought…<ch|> and <|ch>…<ch|> are
// reasoning. Alt marks a span that is another spelling of <think>…</think>
// some of the dialect's checkpoints write: a prompt that opens reasoning
// (ReasoningOpen) opens <think>, not it, and its Close ends <think> too.
// Named marks a span whose markers are words prose may hold ("Here is my
// thought process:"): it is read only when the dialect is named (--format),
// not under auto, and its Close met outside it is text, not a stray closer
// (after a call that ended the span, markup, dropped as any span's is).
//
// Ends are other markers that end the span, dropped as its Close is: the
// opener of the dialect's answer channel, which says the reasoning is over
// (an output whose prompt opened the span starts its answer so when it
// thinks nothing).
//
// Lead: the span's Open is read only as the first bytes of the output
// (after white space), when the dialect is named: a word prose holds,
// that marks reasoning only where an output whose special tokens were
// stripped starts (gpt-oss's "analysis…assistantfinal…").
//
// Resume: a call block written inside the span (a call inside reasoning,
// inreasoning.go) goes back to the span at the block's Close (or at the
// call's closer, for a reader that reads it: Body.CallClose), for a
// dialect whose reasoning interleaves its calls; when the dialect is
// named (under auto, detecting the dialect changes the marker sets).
//
// Damaged: markers holding a damaged spelling of Close, with what after it
// shows it is one (a closer that lost its last token, right before the
// answer channel's opener): they end the span as Close does, reported
// malformed_markup.
type Span struct {
	Open, Close, Label string
	Alt, Named         bool
	Ends               []string
	Lead               bool
	Resume             bool
	Damaged            []string
}

// Block is one kind of call block:
//
//	Open (Call body CallEnd Sep?)* Close
//
// Markers that are "" are absent: without Call the body follows Open
// directly; without CallEnd a call ends where its JSON ends; without Close
// the block ends after one body (and Sep, when set, lets another follow).
type Block struct {
	// Anchored blocks have no Open marker: the body starts at the first
	// non-space byte of the answer (the message, or what follows a
	// reasoning span) when the body reader accepts that byte ('{' or '['
	// for ReadJSON, '`' with Fence).
	Anchored bool
	// Named blocks are read only when the dialect is named (--format),
	// not under auto, and not inside reasoning: their Open is not a
	// special token, and prose may hold it.
	Named bool
	// Lead blocks are read only when the dialect is named, and their Open
	// only where a message starts (the output's first bytes after white
	// space, or the text after a call's CallEnd or a Dialect.LeadAfter
	// marker): a header that prose may hold ("to=") that the model writes
	// at a message's start.
	Lead  bool
	Open  string // marker that opens the block (required unless Anchored)
	Close string // marker that closes it
	// AltClose is a second marker that closes the block as Close does,
	// and a body reader that ends at Close ends at it too: the end of the
	// turn, which a model may write in Close's place.
	AltClose string
	// TagOpen: Open is the opener of a call's tag (a special token and
	// the tag's name, <|open|>call) whose attributes follow it after a
	// blank: the body starts at a name byte after white space or at a
	// '<' (the token that ends the tag, or the next one). Any other byte
	// after it makes the Open stray markup, dropped (malformed_markup),
	// the byte read as text; in reasoning the Open stays reasoning.
	TagOpen bool
	Call    string // marker before each call inside the block
	CallEnd string // marker after each call
	Sep     string // bytes allowed between calls (besides whitespace)
	Body    Body
}

// tagHeaderStarts reports whether byte c, after a TagOpen block's Open
// (blank: white space came between them), starts the tag's header.
func tagHeaderStarts(c byte, blank bool) bool {
	return c == '<' || blank && isNameByte(c, true)
}

// Reader names the body readers, a bit each.
type Reader uint16

const (
	// ReadJSON reads {"name":…,"arguments"|"parameters":…} (the JSON call
	// shapes of envelope.go), or a JSON list of them, arguments streamed.
	ReadJSON Reader = 1 << iota
	// ReadNameJSON reads a tool name up to Body.NameEnd (an optional id
	// after Body.IDMark), then a JSON object of arguments, streamed.
	ReadNameJSON
	// The other bits name readers that register themselves
	// (registerReader, reader.go), each in its own file.
)

// Body says how the calls of a block are read. With both readers, the
// first byte decides: '{' or '[' is JSON, anything else a name.
type Body struct {
	Read Reader
	// NameEnd ends the name of ReadNameJSON ("[ARGS]", "<|tool_sep|>",
	// "\n").
	NameEnd string
	// BraceEndsName: the '{' of the JSON arguments ends the name too,
	// NameEnd absent (NAME{json}).
	BraceEndsName bool
	// IDMark, when set, may follow the name; the id runs to NameEnd
	// (NAME[ID]ID[ARGS], with IDMark "[ID]" and NameEnd "[ARGS]").
	IDMark string
	// Name, when set, turns the raw name bytes into the tool name and id
	// ("functions.NAME:0" may be name NAME, id "functions.NAME:0").
	// ok=false rejects the call (invalid_tool_name). An empty name with
	// ok says raw may be an id written where the name belongs: with a
	// catalog that lacks raw as a name, the tool is the one the call's
	// arguments identify (idname.go), else raw is the name.
	Name func(raw string) (name, id string, ok bool)
	// Fence allows a ```json … ``` fence around the JSON.
	Fence bool
	// WrapArrayArgs: with ReadNameJSON and a catalog, arguments written
	// for one array parameter alone are that parameter's (with
	// repaired_value), as a serving stack's schema fixer reads them: a
	// JSON list is the value of the tool's first required array
	// parameter, an object that lacks a required array parameter and
	// whose keys are all properties of its items is its one element
	// (catalog.ListParam, catalog.ItemParam). The arguments of a tool
	// whose items have properties are held until they end, to tell.
	WrapArrayArgs bool
	// InList: the block's Open marker ends with the '[' of a JSON list of
	// calls (functools[…]); ReadJSON reads the list's elements.
	InList bool
	// InObject: the block's Open marker is the start of a call object up
	// to its name key's ':' ({"name":); ReadJSON reads the object from
	// the name's value on. Calls after a separator are whole objects.
	InObject bool
	// Probe: the block's Open marker is the '[' of a list that prose may
	// hold too ("[see docs]", "arr[len(a)]"): the body reader reads the
	// bytes right after it, spaces included, and gives them back as text
	// when no call list follows (a Python call list after text). With
	// ReadNameJSON and a Header, Open starts a header that prose may hold
	// too ("to="): its name runs to NameEnd without a space or a '<'
	// (at most maxGenericName bytes), else Open and the name are given
	// back as text (or reasoning, whose span the header ends only once it
	// is read). With ReadNameJSON and no Header, Open starts a call that
	// prose may hold too (<![ before CDATA[): the same, and the name's
	// bytes are those a tool name may hold.
	Probe bool
	// NameKey: a call object's one key is the tool name and its value
	// the arguments ({"get_weather": {"city": "Paris"}}).
	NameKey bool
	// Repair: the python reader reads what the model wrote for a value
	// whose meaning is not in doubt although it is not valid Python (a
	// set as a list, 07 as 7, a raw newline or an unescaped quote of the
	// string's own style inside a string), each with repaired_value
	// (pyliteral.Value.Repair), as vLLM's LFM2 parser does; without it
	// they are invalid_json, as vLLM reads bare Python lists.
	Repair bool
	// Quote delimits the strings of a reader whose values are not JSON
	// (a reader's own default when "").
	Quote string
	// TypeWord, when the name read up to NameEnd is exactly it, is a call
	// type, not the name: the name follows, up to a newline
	// ("function<SEP>NAME\n"). Without the type word the call is the
	// other shape, reported under auto as the dialect Untyped.
	TypeWord string
	Untyped  Format
	// ArgOpen, ArgValue and ArgEnd are the markers of one argument for
	// ReadMarkerArgs (markerargs.go): ArgOpen KEY ArgValue VALUE ArgEnd,
	// after the tool's name, which runs to NameEnd; CallClose ends the
	// call. The reader reads them all, so the block has no Close: every
	// byte after its Open is the reader's. Without ArgEnd a value ends at
	// the next ArgOpen or CallClose, the white space around it dropped.
	ArgOpen, ArgValue, ArgEnd, CallClose string
	// Header, when set, reads the bytes up to NameEnd as a message
	// header (a channel and a recipient) and says what the message is:
	// a call to name, reasoning (up to the dialect's first Reasoning span's Close),
	// or visible text.
	Header func(raw []byte) (kind HeaderKind, name []byte)
}

// HeaderKind is what a Body.Header says a message is.
type HeaderKind uint8

// Header kinds.
const (
	HeaderText HeaderKind = iota
	HeaderReasoning
	HeaderCall
)

// Actions of a marker.
const (
	aBlock       = iota + 1 // opens a block (text)
	aReasonOpen             // opens a reasoning span (text)
	aReasonClose            // closes it (reasoning)
	aDrop                   // markup without meaning
	aCall                   // opens a call inside a block
	aCallEnd                // closes a call
	aClose                  // closes the block
	aNameEnd                // ends a name
	aIDMark                 // starts an id after the name
	aStray                  // a closer or Dialect.Stray markup out of place (text, reasoning)
	aReasonCall             // a block's Open inside the dialect's reasoning span (reasoning)
	aLateClose              // a reasoning span's Close in text (after a call ended the span)
	aLabel                  // a reasoning span's Label, which a newline may end (reasoning)
	aDropTag                // a DropTags marker: dropped, with what follows it through '>' when tail
)

// action is what a matched marker does.
type action struct {
	kind    uint8
	dialect *Dialect
	block   *Block
	span    int
	marker  string // aStray: the stray marker; aDropTag: the marker; aReasonClose: a Span.Damaged marker
	tail    bool   // aDropTag, aStray: what follows the marker through the next '>' is dropped too
	label   bool   // aDropTag: what follows the marker up to the next '<' is dropped too (DropLabels)
	lead    bool   // read only as the output's first bytes (compiled.lead)
	relead  bool   // a Dialect.LeadAfter marker: the text after it starts as the output's
}

// actionSet is a marker set with an action per marker.
type actionSet struct {
	markerSet
	acts []action
}

func (s *actionSet) on(m string, a action) {
	if m == "" {
		return
	}
	if i := s.markerSet.index(m); i >= 0 {
		return // the first dialect to claim a marker reads it; its body decides
	}
	s.add(m)
	s.acts = append(s.acts, a)
}

// reopenable reports whether block b's opener, written again where its
// calls are read (before a body began, or between calls), is read as the
// opener: a block whose body the JSON readers read, or a reader that
// never starts a body with the opener's first byte (openerFree), whose
// opener cannot start that body (not '{', '"', a fence where one may open
// the body, or a '[' that may start a JSON list), and is no word a header
// or a probed body reads.
func reopenable(b *Block) bool {
	o := b.Open
	if o == "" || b.Anchored || b.Body.Probe || b.Body.Header != nil {
		return false
	}
	if kind := b.Body.Read &^ (ReadJSON | ReadNameJSON); kind != 0 {
		if r, ok := readerProtos[kind].(openerFree); !ok || !r.neverFirst(o[0]) {
			return false // a reader of its own may read it as its body
		}
	}
	switch {
	case o[0] == '{' || o[0] == '"':
		return false
	case o[0] == '`' && b.Body.Fence:
		return false
	case o[0] == '[' && (len(o) == 1 || o[1] < 'A' || o[1] > 'Z'):
		return false
	case b.Body.Read&ReadNameJSON != 0 && isNameByte(o[0], true):
		return false // a name may start with it
	}
	for _, m := range []string{b.Call, b.CallEnd, b.Close, b.AltClose, b.Body.NameEnd} {
		if m != "" && overlaps(o, m) {
			return false // one marker set never holds both (Action: ```json and ```)
		}
	}
	return true
}

// oneOpen is the opener of a block that is one call with a name
// ([TOOL_CALLS]NAME…, <![NAME>…; not a probed header, whose opener is
// words until its name is read): met inside a name it starts the next
// call, the one being named cut short (onMarker). Other blocks: "".
func oneOpen(b *Block) string {
	if b.Close == "" && b.Call == "" && b.Body.NameEnd != "" && !b.Body.Probe {
		return b.Open
	}
	return ""
}

// overlaps reports whether one of two markers holds the other (a marker
// set never holds both, see refeed).
func overlaps(a, b string) bool {
	return a != "" && b != "" && (strings.Contains(a, b) || strings.Contains(b, a))
}

// reopenSet returns the markers of the reasoning set rs and the span's
// Open, acting as open: the set read while the reasoning the prompt opened
// holds only whitespace (inReasoning.opened), where a model that writes
// the opener again (<think> after a prompt ending in <think>) is read as
// vLLM, SGLang and Ollama read it, as markup.
func reopenSet(rs *actionSet, sp Span, open action) actionSet {
	var s actionSet
	s.on(sp.Open, open)
	for i, m := range rs.list {
		s.on(m, rs.acts[i])
	}
	return s
}

// blockSets are the marker sets of a block's states.
type blockSets struct {
	between actionSet // Call, CallEnd, Close
	name    actionSet // NameEnd, IDMark
}

// compiled holds the immutable marker sets of one dialect selection.
type compiled struct {
	text          actionSet // markers acted on in text
	anchored      []*Block  // blocks that may start the answer
	anchorDialect []*Dialect
	reason        []actionSet  // per reasoning span: its close marker
	reopen        []actionSet  // per reasoning span: reason's and its Open (reopenSet)
	labels        []*actionSet // per reasoning span: its Label, nil for none
	labelEnd      actionSet    // the newline that may end a Label
	spans         []Span
	spanOf        map[*Dialect]int // the first reasoning span of a dialect
	blocks        map[*Block]*blockSets
	formats       []Format
	cutMarkers    bool // the dialect named (Dialect.CutMarkers)
	// lead: text's markers and those read only as the output's first
	// bytes (Span.Lead, Dialect.Lead); empty for none.
	lead actionSet
}

func compile(ds []*Dialect, plain bool) *compiled {
	c := &compiled{blocks: map[*Block]*blockSets{}, spanOf: map[*Dialect]int{}}
	c.labelEnd.on("\n", action{kind: aDrop})
	var lateClose, leadActs []action
	var leadMarks []string
	// relead: m is one of d's LeadAfter markers, read when d is named.
	relead := func(d *Dialect, m string) bool { return len(ds) == 1 && slices.Contains(d.LeadAfter, m) }
	for _, d := range ds {
		if d.NoAuto && len(ds) > 1 {
			continue
		}
		c.formats = append(c.formats, d.Format)
		for bi := range d.Blocks {
			b := &d.Blocks[bi]
			switch {
			case b.Lead && len(ds) == 1:
				leadMarks = append(leadMarks, b.Open)
				leadActs = append(leadActs, action{kind: aBlock, dialect: d, block: b, lead: true})
			case b.Lead: // not under auto
			case !b.Named || len(ds) == 1:
				c.text.on(b.Open, action{kind: aBlock, dialect: d, block: b})
			}
			if b.Anchored && len(ds) == 1 { // not under auto: prose may start with '[' or '{'

				c.anchored = append(c.anchored, b)
				c.anchorDialect = append(c.anchorDialect, d)
			}
			bs := &blockSets{}
			bs.between.on(b.Call, action{kind: aCall, dialect: d, block: b})
			bs.between.on(b.CallEnd, action{kind: aCallEnd, dialect: d, block: b})
			bs.between.on(b.Close, action{kind: aClose, dialect: d, block: b})
			bs.between.on(b.AltClose, action{kind: aClose, dialect: d, block: b})
			oneCall := b.Close == "" && b.Call == "" // each opener starts one call
			switch {
			case oneCall && (b.CallEnd != "" || reopenable(b)):
				// A block that is one call (<|tool_call_begin|>…<|tool_call_end|>):
				// its opener where the call's end is due starts the next
				// call, the first ended without its end marker
				// (malformed_markup), as one stack's tests read two such calls.
				// Written again where the body or its arguments are due
				// (<|python_tag|><|python_tag|>{…}, [TOOL_CALLS]f[ARGS][TOOL_CALLS]…)
				// it is the next call too: the first held none (emptyOpener)
				// or was cut before its arguments.
				bs.between.on(b.Open, action{kind: aCall, dialect: d, block: b})
			case reopenable(b):
				// A block of calls whose opener comes again inside it
				// (<tool_calls>[…]<tool_calls>[…]</tool_calls>): reported,
				// the calls after it read in the same block (onMarker).
				bs.between.on(b.Open, action{kind: aBlock, dialect: d, block: b})
			}
			bs.name.on(b.Body.NameEnd, action{kind: aNameEnd, dialect: d, block: b})
			bs.name.on(b.Body.IDMark, action{kind: aIDMark, dialect: d, block: b})
			// A name ends at the call's own markers too, so a call cut
			// short never swallows the next; and a NameEnd where a body
			// should start is an empty name (not the start of a name).
			for _, m := range []struct {
				s    string
				kind uint8
			}{{b.Call, aCall}, {b.CallEnd, aCallEnd}, {b.Close, aClose}, {b.AltClose, aClose}, {oneOpen(b), aCall}} {
				if !overlaps(m.s, b.Body.NameEnd) && !overlaps(m.s, b.Body.IDMark) {
					bs.name.on(m.s, action{kind: m.kind, dialect: d, block: b})
				}
			}
			// (Only where the between markers already claim its first
			// byte: elsewhere that byte may start a body, '[' a JSON list.)
			if ne := b.Body.NameEnd; ne != "" && bs.between.first[ne[0]] {
				bs.between.on(ne, action{kind: aNameEnd, dialect: d, block: b})
			}
			if b.Body.TypeWord != "" {
				bs.name.on("\n", action{kind: aNameEnd, dialect: d, block: b})
			}
			c.blocks[b] = bs
		}
		for _, sp := range d.Reasoning {
			if plain { // reasoning parsing off: the span's markers are text
				break
			}
			if (sp.Named || sp.Lead) && len(ds) > 1 {
				continue // not under auto: prose may hold its words
			}
			if _, ok := c.spanOf[d]; !ok {
				c.spanOf[d] = len(c.spans)
			}
			if sp.Lead {
				leadMarks = append(leadMarks, sp.Open)
				leadActs = append(leadActs, action{kind: aReasonOpen, dialect: d, span: len(c.spans), lead: true})
			} else {
				c.text.on(sp.Open, action{kind: aReasonOpen, dialect: d, span: len(c.spans)})
			}
			var rs actionSet
			rs.on(sp.Close, action{kind: aReasonClose, dialect: d, span: len(c.spans), relead: relead(d, sp.Close)})
			for _, m := range sp.Ends {
				rs.on(m, action{kind: aReasonClose, dialect: d, span: len(c.spans)})
			}
			for _, m := range sp.Damaged {
				rs.on(m, action{kind: aReasonClose, dialect: d, span: len(c.spans), marker: m})
			}
			if sp.Open == "" { // the dialect's message ends end it too
				for _, m := range d.Drop {
					rs.on(m, action{kind: aReasonClose, dialect: d, span: len(c.spans), relead: relead(d, m)})
				}
				for bi := range d.Blocks {
					if !d.Blocks[bi].Named && !d.Blocks[bi].Lead { // reasoning may mention it
						rs.on(d.Blocks[bi].Open, action{kind: aBlock, dialect: d, block: &d.Blocks[bi]})
					}
				}
			} else {
				// A call written before the span's Close (inreasoning.go);
				// the Close met in text after such a call ends nothing.
				for bi := range d.Blocks {
					if !d.Blocks[bi].Named && !d.Blocks[bi].Lead {
						rs.on(d.Blocks[bi].Open, action{kind: aReasonCall, dialect: d, block: &d.Blocks[bi], span: len(c.spans)})
					}
				}
				lateClose = append(lateClose, action{kind: aLateClose, dialect: d, span: len(c.spans)})
			}
			if sp.Open != "" {
				dropTagsOn(&rs, d)
				if len(ds) == 1 {
					strayOn(&rs, d)
				}
			}
			c.reason = append(c.reason, rs)
			c.reopen = append(c.reopen, reopenSet(&rs, sp, action{kind: aReasonOpen, dialect: d, span: len(c.spans)}))
			var ls *actionSet
			if sp.Label != "" {
				ls = &actionSet{}
				ls.on(sp.Label, action{kind: aLabel, dialect: d})
			}
			c.labels = append(c.labels, ls)
			c.spans = append(c.spans, sp)
		}
		if len(ds) == 1 { // not under auto: other models' text may hold them
			c.cutMarkers = d.CutMarkers
			for _, m := range d.Lead {
				leadMarks = append(leadMarks, m)
				leadActs = append(leadActs, action{kind: aDrop, dialect: d, lead: true})
			}
			for _, m := range d.Drop {
				c.text.on(m, action{kind: aDrop, dialect: d, relead: relead(d, m)})
			}
			dropTagsOn(&c.text, d)
			strayOn(&c.text, d)
			for bi := range d.Blocks {
				if b := &d.Blocks[bi]; d.StrayClose {
					for _, m := range [...]string{b.Close, b.CallEnd, b.Body.NameEnd} {
						if len(m) > 2 && m[0] == '<' { // a special token, not "\n" or "(" a body may end a name at
							c.text.on(m, action{kind: aStray, dialect: d, block: b, marker: m})
						}
					}
				}
			}
		}
	}
	for _, a := range lateClose {
		m := c.spans[a.span].Close
		clash := false
		for _, x := range c.text.list {
			clash = clash || overlaps(m, x)
		}
		if !clash {
			c.text.on(m, a)
		}
	}
	if len(leadMarks) > 0 {
		for i, m := range leadMarks {
			c.lead.on(m, leadActs[i])
		}
		for i, m := range c.text.list {
			c.lead.on(m, c.text.acts[i])
		}
	}
	return c
}

// strayOn adds d's Stray markup to set.
func strayOn(set *actionSet, d *Dialect) {
	for _, m := range d.Stray {
		set.on(m, action{kind: aStray, dialect: d, marker: m, tail: !strings.HasSuffix(m, ">")})
	}
}

// dropTagsOn adds d's DropTags to set.
func dropTagsOn(set *actionSet, d *Dialect) {
	for _, m := range d.DropTags {
		set.on(m, action{kind: aDropTag, dialect: d, marker: m, tail: !strings.HasSuffix(m, ">")})
	}
	for _, m := range d.DropLabels {
		set.on(m, action{kind: aDropTag, dialect: d, marker: m, tail: true, label: true})
	}
}
