package catalog

// DeeperThan reports whether text v (a JSON value or a Python literal)
// nests brackets ({ [ () more than max deep. Quoted strings (either quote
// style, with backslash escapes) are skipped. It stops at the first byte
// past the limit, so it is linear and allocates nothing.
func DeeperThan(v []byte, max int) bool {
	if len(v) <= max { // more than max openers need more than max bytes
		return false
	}
	depth := 0
	var quote byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		if quote != 0 {
			switch c {
			case '\\':
				i++
			case quote:
				quote = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			quote = c
		case '{', '[', '(':
			if depth++; depth > max {
				return true
			}
		case '}', ']', ')':
			if depth > 0 {
				depth--
			}
		}
	}
	return false
}
