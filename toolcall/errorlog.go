package toolcall

// MaxKeptErrors is how many error events a Collector or a Recorder keeps
// in detail; every error past it is counted, never kept, so a stream of a
// million malformed lines costs a counter, not a million errors (an 8 MB
// transcript of "data: x" lines made 932k errors, 1.77 GB). Every
// consumer that collects parser events (parse, replay, record) goes
// through these two types.
const MaxKeptErrors = 100

// errorLog keeps the first max errors and counts the rest.
type errorLog struct {
	max     int // 0: MaxKeptErrors; negative: keep every error
	n       int // errors seen
	dropped int
}

// keep counts one error and reports whether to keep it in detail.
func (l *errorLog) keep() bool {
	l.n++
	limit := l.max
	if limit == 0 {
		limit = MaxKeptErrors
	}
	if limit > 0 && l.n > limit {
		l.dropped++
		return false
	}
	return true
}
