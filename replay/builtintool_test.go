package replay

import "testing"

// TestBuiltinToolCallReplayed: a case whose catalog declares a provider's
// built-in tool the agent runs (Anthropic's bash, OpenAI's shell) scores
// its calls against that tool: the right command passes, a wrong one fails
// on its arguments, and neither is an unknown tool.
func TestBuiltinToolCallReplayed(t *testing.T) {
	catalog := `[{"type":"bash_20250124","name":"bash"},{"name":"get_time","description":"Get the current time in a time zone.","input_schema":{"type":"object","properties":{"zone":{"type":"string"}},"required":["zone"]}}]`
	body := func(cmd string) string {
		return `{"type":"message","role":"assistant","content":[{"type":"text","text":"Listing the folder."},{"type":"tool_use","id":"toolu_1","name":"bash","input":{"command":"` + cmd + `"}}],"stop_reason":"tool_use"}`
	}
	suiteText := `{"id": "bash-right", "query": "Run a bash command that lists the files in this folder", "catalog": "tools.json", "gold_tools": ["bash"], "transcript": {"format": "anthropic", "text": ` + jsonText(body("ls -la")) + `}, "gold_calls": [{"bash": {"command": ["ls -la", "ls"]}}]}
{"id": "bash-wrong", "query": "Run a bash command that lists the files in this folder", "catalog": "tools.json", "gold_tools": ["bash"], "transcript": {"format": "anthropic", "text": ` + jsonText(body("rm -rf .")) + `}, "gold_calls": [{"bash": {"command": ["ls -la", "ls"]}}]}
`
	checkRightWrong(t, catalog, suiteText, "bash-right", "bash-wrong")
}
