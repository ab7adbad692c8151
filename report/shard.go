package report

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxShards bounds n in --shard i/n (and in the shards merge reads): a
// CI matrix is far smaller, and merge lists what is missing of 1…n.
const MaxShards = 4096

// ParseShard reads "i/n" (1 ≤ i ≤ n ≤ MaxShards).
func ParseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if ok {
		i, err = strconv.Atoi(a)
		if err == nil {
			n, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("shard %q: want i/n with 1 ≤ i ≤ n, e.g. 2/4", s)
	}
	if n > MaxShards {
		return 0, 0, fmt.Errorf("shard %q: at most %d shards", s, MaxShards)
	}
	return i, n, nil
}
