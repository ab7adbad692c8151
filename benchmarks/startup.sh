#!/usr/bin/env bash
# startup.sh: how long `tooleval --version` and `tooleval parse` of a small input take,
# start-up included (the goal of issue 24: p50 < 10 ms for both).
#
# Builds the binary once (or uses $TOOLEVAL_BIN), runs each command RUNS times (default 20)
# after one warm-up run and prints the p50 and p95 wall-clock times in milliseconds.
# /bin/true is timed the same way: the cost of fork and exec on this machine, which
# the tooleval figures include (on a loaded machine it dominates them); so is a Go
# program that only prints a line: the Go runtime's own start-up on this machine, the
# floor no Go binary goes below.
#
#   benchmarks/startup.sh            # from the repository root
#   RUNS=50 benchmarks/startup.sh
#   TOOLEVAL_BIN=/tmp/old benchmarks/startup.sh   # time a binary built elsewhere
#   chrt -f 50 benchmarks/startup.sh               # as root on a loaded machine: real-time priority,
#                                                  # so other jobs do not decide the figures
set -euo pipefail

runs=${RUNS:-20}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Builds run at normal priority even when the script runs under chrt: a
# compiler at real-time priority would starve the machine.
normal() {
	if command -v chrt >/dev/null; then chrt -o 0 "$@"; else "$@"; fi
}

bin=${TOOLEVAL_BIN:-}
if [[ -z $bin ]]; then
	bin=$dir/tooleval
	normal go build -o "$bin" "$(dirname "$0")/../cmd/tooleval"
fi

# The Go floor: a program that prints one line.
mkdir -p "$dir/hello"
printf 'package main\n\nimport "os"\n\nfunc main() { os.Stdout.WriteString("hello\\n") }\n' >"$dir/hello/main.go"
(cd "$dir/hello" && GOFLAGS= go mod init hello >/dev/null 2>&1 && normal go build -o "$dir/hello-bin" .)

# A small model output: some text, then one hermes-style call (about 120 bytes).
printf 'Let me look that up.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}</tool_call>' >"$dir/out.txt"

# time_ms CMD...: one run's wall-clock time in milliseconds (bash's EPOCHREALTIME, no fork
# for the clock itself); output of the command is discarded, a failure stops the script.
time_ms() {
	local t0=$EPOCHREALTIME
	"$@" >/dev/null
	local t1=$EPOCHREALTIME
	echo "($t1 - $t0) * 1000" | bc -l
}

# measure NAME CMD...: RUNS timings of CMD, printed as p50 and p95 (nearest rank).
measure() {
	local name=$1
	shift
	"$@" >/dev/null # warm-up: page cache, first exec
	local -a ts=()
	for ((i = 0; i < runs; i++)); do
		ts+=("$(time_ms "$@")")
	done
	mapfile -t sorted < <(printf '%s\n' "${ts[@]}" | sort -g)
	local p50=${sorted[$(((runs + 1) / 2 - 1))]}
	local p95=${sorted[$(((runs * 95 + 99) / 100 - 1))]}
	printf '%-28s p50 %6.1f ms   p95 %6.1f ms   (%d runs)\n' "$name" "$p50" "$p95" "$runs"
}

measure "/bin/true (exec floor)" /bin/true
measure "Go hello (Go floor)" "$dir/hello-bin"
measure "tooleval --version" "$bin" --version
measure "tooleval parse (120 B)" "$bin" parse "$dir/out.txt"
printf 'binary: %s bytes\n' "$(stat -c %s "$bin")"
