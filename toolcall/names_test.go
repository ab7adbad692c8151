package toolcall

import (
	"bytes"
	"strconv"
	"testing"
)

func TestGeneratedID(t *testing.T) {
	for _, c := range []struct {
		i    int
		want string
	}{{0, "call_0"}, {9, "call_9"}, {63, "call_63"}, {64, "call_64"}, {12345, "call_12345"}} {
		if got := GeneratedID(c.i); got != c.want {
			t.Errorf("GeneratedID(%d) = %q, want %q", c.i, got, c.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = GeneratedID(17) }); n != 0 {
		t.Errorf("GeneratedID(17) allocates %v times", n)
	}
}

func TestNamesIntern(t *testing.T) {
	var n Names
	a := n.Intern([]byte("read_file"))
	if a != "read_file" {
		t.Fatalf("got %q", a)
	}
	b := []byte("read_file")
	if allocs := testing.AllocsPerRun(100, func() { _ = n.Intern(b) }); allocs != 0 {
		t.Errorf("a known name allocates %v times", allocs)
	}
	for i := 0; i < 300; i++ {
		n.Intern([]byte(GeneratedID(i)))
	}
	if len(n.m) != maxInterned {
		t.Errorf("remembers %d names, want the cap %d", len(n.m), maxInterned)
	}
	if got := n.Intern([]byte("call_299")); got != "call_299" {
		t.Errorf("a name past the cap comes back as %q", got)
	}
}

// TestGeneratedIDBlocks: ids from the shared blocks are "call_<index>",
// in any order of asking, at block edges and past the last block.
func TestGeneratedIDBlocks(t *testing.T) {
	for _, i := range []int{0, 63, 64, 65, 127, 128, 5000, 64, idBlocks*idBlock - 1, idBlocks * idBlock, 1 << 40, 70, -1} {
		if got, want := GeneratedID(i), "call_"+strconv.Itoa(i); got != want {
			t.Errorf("GeneratedID(%d) = %q, want %q", i, got, want)
		}
	}
	for i := 0; i < 300; i++ {
		if got, want := GeneratedID(i), "call_"+strconv.Itoa(i); got != want {
			t.Fatalf("GeneratedID(%d) = %q, want %q", i, got, want)
		}
	}
}

// TestNamesCopy: strings made by Copy keep their bytes while later ones
// are cut from the same block and from new blocks, and a long one is its
// own string.
func TestNamesCopy(t *testing.T) {
	var n Names
	var got []string
	var want []string
	buf := []byte("call_")
	for i := range 600 { // several 1 KiB blocks
		id := strconv.AppendInt(append(buf[:0], "call_"...), int64(i*7919), 36)
		got = append(got, n.Copy(id))
		want = append(want, string(id))
		for j := range id { // the caller's buffer is reused
			id[j] = 'x'
		}
	}
	long := bytes.Repeat([]byte("k"), copyBlock)
	got, want = append(got, n.Copy(long)), append(want, string(long))
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("id %d: got %q, want %q", i, got[i], want[i])
		}
	}
	if n.Copy(nil) != "" {
		t.Error("Copy(nil) is not empty")
	}
	if a := testing.AllocsPerRun(100, func() { n.Copy([]byte("call_abc123")) }); a > 0.05 {
		t.Errorf("Copy allocates %.2f times per id", a)
	}
}
