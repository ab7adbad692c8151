package lexicon

import (
	_ "embed"
	"sync"
)

//go:embed zh-en.txt
var builtinText []byte

var builtin = sync.OnceValues(func() (*Lexicon, error) { return Parse("zh-en.txt", builtinText) })

// Builtin returns tooleval's embedded lexicon of agent-tool vocabulary
// (zh-en.txt, in the format Parse reads), parsed once. It panics if the
// embedded file does not parse, which a test rules out.
func Builtin() *Lexicon {
	l, err := builtin()
	if err != nil {
		panic("lexicon: built-in lexicon: " + err.Error())
	}
	return l
}
