#!/usr/bin/env bash
# startup.sh: how long `tooleval --version` and `tooleval parse` of a small input take,
# start-up included (the goal of issue 24: p50 < 10 ms for both).
#
# Builds the binary once (or uses $TOOLEVAL_BIN), runs each command RUNS times (default 20)
# after one warm-up run and prints the p50 and p95 wall-clock times in milliseconds.
# Where cgo is on (go build's default with a C compiler: net then links the C resolver
# and the binary is dynamically linked), it also times a CGO_ENABLED=0 build, the
# static binary the README's install line suggests.
# /bin/true is timed the same way: the cost of fork and exec on this machine, which
# the tooleval figures include (on a loaded machine it dominates them); so is a Go
# program that only prints a line: the Go runtime's own start-up on this machine, the
# floor no Go binary goes below.
#
#   benchmarks/startup.sh            # from the repository root
#   RUNS=50 benchmarks/startup.sh
#   TOOLEVAL_BIN=/tmp/old benchmarks/startup.sh   # time a binary built elsewhere
#   BASELINE_BIN=/tmp/old benchmarks/startup.sh    # and compare with one built elsewhere, runs
#                                                  # alternating (the fair way on a loaded machine)
#   chrt -f 50 benchmarks/startup.sh               # as root on a loaded machine: real-time priority,
#                                                  # so other jobs do not decide the figures
#
# Wall-clock times on a shared machine move with its load; instruction counts do not.
# Where valgrind is installed the script also prints, per command, the instructions
# executed from exec to exit (cachegrind's I refs) and the page faults (GNU time's
# minor faults), each the median of 5 runs: the figures to compare builds by.
set -euo pipefail

runs=${RUNS:-20}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Builds (and valgrind) run at normal priority even when the script runs under chrt: a
# compiler at real-time priority would starve the machine.
normal() {
	if command -v chrt >/dev/null; then chrt -o 0 "$@"; else "$@"; fi
}

root=$(cd "$(dirname "$0")/.." && pwd)
base=${BASELINE_BIN:-}
bin=${TOOLEVAL_BIN:-}
static=
if [[ -z $bin ]]; then
	bin=$dir/tooleval
	normal go build -o "$bin" "$root/cmd/tooleval"
	if [[ $(go env CGO_ENABLED) == 1 ]]; then
		static=$dir/tooleval-static
		CGO_ENABLED=0 normal go build -o "$static" "$root/cmd/tooleval"
	fi
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

# report NAME TIME...: the p50 and p95 (nearest rank) of the times.
report() {
	local name=$1
	shift
	local n=$#
	mapfile -t sorted < <(printf '%s\n' "$@" | sort -g)
	local p50=${sorted[$(((n + 1) / 2 - 1))]}
	local p95=${sorted[$(((n * 95 + 99) / 100 - 1))]}
	printf '%-34s p50 %6.1f ms   p95 %6.1f ms   (%d runs)\n' "$name" "$p50" "$p95" "$n"
}

# measure NAME CMD...: RUNS timings of CMD, printed as p50 and p95.
measure() {
	local name=$1
	shift
	"$@" >/dev/null # warm-up: page cache, first exec
	local -a ts=()
	for ((i = 0; i < runs; i++)); do
		ts+=("$(time_ms "$@")")
	done
	report "$name" "${ts[@]}"
}

# compare NAME ARGS...: RUNS runs each of $BASELINE_BIN and the binary with ARGS,
# alternating, so that both see the same load; the p50 and p95 of each.
compare() {
	local name=$1
	shift
	"$base" "$@" >/dev/null
	"$bin" "$@" >/dev/null
	local -a ta=() tb=()
	for ((i = 0; i < runs; i++)); do
		ta+=("$(time_ms "$base" "$@")")
		tb+=("$(time_ms "$bin" "$@")")
	done
	report "$name, baseline" "${ta[@]}"
	report "$name" "${tb[@]}"
}

# median CMD...: the median of 5 runs of CMD, each printing one number.
median() {
	local -a xs=()
	for ((i = 0; i < 5; i++)); do
		xs+=("$("$@")")
	done
	printf '%s\n' "${xs[@]}" | sort -n | sed -n 3p
}

# instructions CMD...: instructions executed by one run of CMD (valgrind's cachegrind).
instructions() {
	normal valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		sed -n 's/.*I *refs: *//p' | tr -d ,
}

# faults CMD...: page faults of one run of CMD (GNU time's minor faults).
faults() {
	normal /usr/bin/time -f '%R' "$@" 2>&1 >/dev/null | tail -1
}

# counts NAME CMD...: the medians of instructions and page faults of CMD.
counts() {
	local name=$1
	shift
	local f=-
	if [[ -x /usr/bin/time ]]; then
		f=$(median faults "$@")
	fi
	printf '%-34s %11d instructions   %5s page faults   (median of 5 runs)\n' "$name" "$(median instructions "$@")" "$f"
}

measure "/bin/true (exec floor)" /bin/true
measure "Go hello (Go floor)" "$dir/hello-bin"
if [[ -n $base ]]; then
	compare "tooleval --version" --version
	compare "tooleval parse (120 B)" parse "$dir/out.txt"
else
	measure "tooleval --version" "$bin" --version
	measure "tooleval parse (120 B)" "$bin" parse "$dir/out.txt"
fi
if [[ -n $static ]]; then
	measure "--version, CGO_ENABLED=0" "$static" --version
	measure "parse (120 B), CGO_ENABLED=0" "$static" parse "$dir/out.txt"
fi
if command -v valgrind >/dev/null; then
	counts "Go hello" "$dir/hello-bin"
	if [[ -n $base ]]; then
		counts "tooleval --version, baseline" "$base" --version
		counts "tooleval parse (120 B), baseline" "$base" parse "$dir/out.txt"
	fi
	counts "tooleval --version" "$bin" --version
	counts "tooleval parse (120 B)" "$bin" parse "$dir/out.txt"
	if [[ -n $static ]]; then
		counts "--version, CGO_ENABLED=0" "$static" --version
		counts "parse (120 B), CGO_ENABLED=0" "$static" parse "$dir/out.txt"
	fi
fi
if [[ -n $base ]]; then
	printf 'binary, baseline: %s bytes\n' "$(stat -c %s "$base")"
fi
printf 'binary: %s bytes\n' "$(stat -c %s "$bin")"
if [[ -n $static ]]; then
	printf 'binary, CGO_ENABLED=0: %s bytes\n' "$(stat -c %s "$static")"
fi
