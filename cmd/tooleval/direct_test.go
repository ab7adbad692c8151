package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/replay"
)

// The run functions take plain options and streams: these tests call them
// without urfave/cli and check they do what the same command line does.

// TestRunReplayAndMergeDirect: runReplay of each shard and runMerge of
// their reports write the JSON that the command line's unsharded replay
// writes, byte for byte.
func TestRunReplayAndMergeDirect(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	if code, _, errOut := runCLI("replay", replaySuite, "-k", "3", "--encoding", "none", "--no-progress", "-q", "--json", whole); code != exitOK {
		t.Fatalf("cli replay: exit %d: %s", code, errOut)
	}
	run := replay.Options{Ks: []int{3}, Encoding: "none", Seed: 1, RandomChunkings: 2}
	var shards []string
	for i := 1; i <= 2; i++ {
		o := &replayOptions{suite: replaySuite, run: run, noProgress: true,
			report: reportOptions{json: filepath.Join(dir, "shard-"+string(rune('0'+i))+".json"), quiet: true, worst: 8}}
		o.run.Shard, o.run.Shards = i, 2
		var out, errOut bytes.Buffer
		if err := runReplay(o, streams{in: strings.NewReader(""), out: &out, err: &errOut}); err != nil {
			t.Fatalf("shard %d: %v (stderr %q)", i, err, errOut.String())
		}
		if out.Len() != 0 {
			t.Errorf("shard %d: -q printed %q", i, out.String())
		}
		shards = append(shards, o.report.json)
	}
	merged := filepath.Join(dir, "merged.json")
	var out, errOut bytes.Buffer
	if err := runMerge(&mergeOptions{shards: shards, report: reportOptions{json: merged, quiet: true, worst: 8}}, streams{out: &out, err: &errOut}); err != nil {
		t.Fatalf("merge: %v (stderr %q)", err, errOut.String())
	}
	want, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(merged)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("merged shards (%d bytes) differ from the whole run (%d bytes)", len(got), len(want))
	}
}

// TestRunValidateDirect: runValidate reports each suite on stdout and a
// broken one as a bad-input error naming its file and line.
func TestRunValidateDirect(t *testing.T) {
	var out, errOut bytes.Buffer
	err := runValidate(&validateOptions{suites: []string{replaySuite, "../../testdata/replay/broken/suite.jsonl"}}, streams{out: &out, err: &errOut})
	if !strings.Contains(out.String(), "suite.jsonl: ok,") {
		t.Errorf("stdout %q: want the good suite's line", out.String())
	}
	var ce *codedError
	if !asCoded(err, &ce) || ce.code != exitBadInput || !strings.Contains(err.Error(), "broken/suite.jsonl:") {
		t.Fatalf("err %v: want exit %d naming the broken suite's file:line", err, exitBadInput)
	}
}
