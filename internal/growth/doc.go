// Package growth checks, in tests, that the memory a function allocates
// grows at most linearly with the size of a hostile input: the input is
// built at two sizes and the bytes allocated for the bigger one must stay
// under MaxRatio times those for the smaller one. Allocated bytes are
// measured with runtime.MemStats (TotalAlloc), not wall time, so the check
// is stable on a loaded machine.
package growth
