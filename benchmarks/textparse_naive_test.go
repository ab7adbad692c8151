package benchmarks

import (
	"bytes"
	"regexp"
)

// naiveXML is the baseline the textparse benchmarks compare against: what
// common agent frameworks do with streamed text. Every chunk is appended to
// a buffer and the whole buffer is re-scanned with regular expressions for
// complete tool-call blocks; text before the first possible call is
// released once no '<' is pending.
type naiveXML struct {
	buf   []byte
	calls int // complete calls already reported
	text  int // bytes of text already released
	names []string
}

var (
	naiveBlock = regexp.MustCompile(`(?s)<use_tool>.*?</use_tool>|<function_calls>.*?</function_calls>|<tool_call>.*?</tool_call>`)
	naiveName  = regexp.MustCompile(`(?s)<tool_name>\s*(.*?)\s*</tool_name>|<invoke name="([^"]+)">|"name"\s*:\s*"([^"]+)"`)
	naiveArgs  = regexp.MustCompile(`(?s)<arguments>(.*?)</arguments>|<parameter name="([^"]+)">(.*?)</parameter>|"arguments"\s*:\s*(\{.*\})`)
)

func (n *naiveXML) feed(chunk []byte) {
	n.buf = append(n.buf, chunk...)
	blocks := naiveBlock.FindAllIndex(n.buf, -1)
	for _, m := range blocks[min(n.calls, len(blocks)):] {
		block := n.buf[m[0]:m[1]]
		for _, nm := range naiveName.FindAllSubmatch(block, -1) {
			n.names = append(n.names, string(bytes.Join(nm[1:], nil)))
		}
		naiveArgs.FindAllSubmatch(block, -1)
	}
	n.calls = len(blocks)
	// Release text up to the last '<' that might start a block.
	end := len(n.buf)
	if i := bytes.LastIndexByte(n.buf, '<'); i >= 0 {
		end = i
	}
	if end > n.text {
		n.text = end
	}
}
