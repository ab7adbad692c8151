package replay_test

import (
	"fmt"
	"testing/fstest"

	"github.com/tooleval/tooleval/replay"
	"github.com/tooleval/tooleval/suite"
)

// A trajectory whose first retrieval (k=1) misses delete_note: the model
// searches the tool corpus again, its query brings the tool in, and the
// next step calls it.
func ExampleRun_trajectory() {
	cat := `[{"name":"search_notes","description":"Full-text search over the user's notes.","parameters":{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}},
{"name":"delete_note","description":"Delete a note by its id; it goes to the trash.","parameters":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}},
{"name":"get_weather","description":"Current weather for a city.","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}]`
	call := func(name, args string) string {
		return `{"format":"use_tool","text":"<use_tool><tool_name>` + name + `</tool_name><arguments>` + args + `</arguments></use_tool>"}`
	}
	line := `{"id":"t1","query":"search my notes for budget","catalog":"cat.json","gold_tools":["search_notes","delete_note"],"search_tool":{},"steps":[` +
		`{"transcript":` + call("search_notes", `{\"query\":\"budget\"}`) + `,"gold_calls":[{"search_notes":{"query":["budget"]}}]},` +
		`{"transcript":` + call("search_tools", `{\"query\":\"delete note trash\"}`) + `,"gold_calls":[]},` +
		`{"transcript":` + call("delete_note", `{\"id\":\"n1\"}`) + `,"gold_calls":[{"delete_note":{"id":["n1"]}}]}]}`
	fsys := fstest.MapFS{"cat.json": {Data: []byte(cat)}, "suite.jsonl": {Data: []byte(line)}}
	suite, err := suite.Load(fsys, "suite.jsonl", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := replay.Run(suite, replay.Options{Ks: []int{1}, Variants: []string{"retrieved"}, Encoding: "none"})
	if err != nil {
		fmt.Println(err)
		return
	}
	t := rep.Configs[0].Results[0].Trajectory
	fmt.Printf("passed %v; recall %.1f → %.1f; recovered %v\n", t.Passed, t.RecallFirst, t.RecallFinal, t.Recovered)
	for _, s := range t.Steps {
		fmt.Printf("step %d: %d tools injected, added %v, passed %v\n", s.Step, s.Injected, s.Added, s.Passed)
	}
	// Output:
	// passed true; recall 0.5 → 1.0; recovered [delete_note]
	// step 1: 1 tools injected, added [], passed true
	// step 2: 1 tools injected, added [], passed true
	// step 3: 2 tools injected, added [delete_note], passed true
}
