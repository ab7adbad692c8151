#!/usr/bin/env bash
# bestof.sh: wall-clock MB/s of every dialect row (tool-dense, 4 KiB chunks), best and median of
# COUNT short runs. On a shared or virtual machine other processes only ever slow a run down, so
# the best of many short runs is the closest figure to the code's own speed; the median shows the
# spread. Usage: benchmarks/bestof.sh [ROW-REGEX] [COUNT]   (defaults: every row, 20 runs of 8 ops)
# BENCH_BIN=path reuses a compiled `go test -c ./benchmarks/` binary.
set -euo pipefail
re=${1:-.*}; n=${2:-20}
cd "$(dirname "$0")"
bin=${BENCH_BIN:-}
if [ -z "$bin" ]; then bin=$(mktemp -d)/bench.test; go test -c -o "$bin" .; fi
"$bin" -test.run xxx -test.bench "Dialects\$/^($re)\$/^chunk=4096\$" -test.benchtime 8x -test.count "$n" -test.benchmem |
  awk '/^BenchmarkDialects/ { split($1, a, "/"); print a[2], $5, $(NF-1) }' | sort -k1,1 -k2,2n |
  awk '{ v[$1] = v[$1] " " $2; c[$1]++; al[$1] = $3 }
       END { for (r in v) { k = split(substr(v[r], 2), x, " "); m = (k % 2) ? x[(k+1)/2] : (x[k/2] + x[k/2+1]) / 2
             printf "%-18s best %7.1f MB/s  median %7.1f MB/s  %s allocs/op\n", r, x[k], m, al[r] } }' | sort -k3,3n
