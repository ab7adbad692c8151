package catalog

import (
	"strings"
	"testing"
)

func issueCodes(c *Catalog) string {
	var out []string
	for _, is := range c.Issues() {
		out = append(out, is.Code+":"+is.Tool)
	}
	return strings.Join(out, ",")
}

func TestSelect(t *testing.T) {
	agent := loadTest(t, "anthropic.json")
	fs := loadTest(t, "filesystem.mcp.json")
	servers := loadTest(t, "servers.json")
	bfcl := loadTest(t, "bfcl.jsonl")
	cases := []struct {
		name   string
		cat    *Catalog
		sel    Selection
		tools  string
		issues string // codes:tool of the selection's own issues (load issues filtered)
	}{
		{"all but enabledForPrompt:false", agent, Selection{}, "run_command,ask_followup_question,apply_diff,read_file", "skipped_tool:web_search"},
		{"ask mode drops edit and command", agent, Selection{Mode: "ask"}, "ask_followup_question,read_file", "skipped_tool:web_search"},
		{"architect mode", agent, Selection{Mode: "architect"}, "ask_followup_question,apply_diff,read_file", "skipped_tool:web_search"},
		{"disabled", agent, Selection{Disabled: []string{"run_command"}}, "ask_followup_question,apply_diff,read_file", "skipped_tool:web_search"},
		{"include brings back", agent, Selection{Mode: "ask", Include: []string{"run_command"}}, "run_command,ask_followup_question,read_file", "skipped_tool:web_search"},
		{"include cannot undo disabled", agent, Selection{Disabled: []string{"read_file"}, Include: []string{"read_file"}}, "run_command,ask_followup_question,apply_diff", "skipped_tool:web_search"},
		{"exclude", agent, Selection{Exclude: []string{"apply_diff"}}, "run_command,ask_followup_question,read_file", "skipped_tool:web_search"},
		{"alias", agent, Selection{Aliases: map[string]string{"apply_diff": "edit"}}, "run_command,ask_followup_question,edit,read_file", "skipped_tool:web_search"},
		{"unknown names", agent, Selection{Disabled: []string{"nope"}, Aliases: map[string]string{"zzz": "y"}}, "run_command,ask_followup_question,apply_diff,read_file", "skipped_tool:web_search,unknown_selection:nope,unknown_selection:zzz"},
		{"disabled by enabledForPrompt is known", agent, Selection{Disabled: []string{"codebase_search"}}, "run_command,ask_followup_question,apply_diff,read_file", "skipped_tool:web_search"},
		{"mcp names", fs, Selection{MCPNames: true, Exclude: []string{"mcp__filesystem__move_file"}}, "mcp__filesystem__read_text_file,mcp__filesystem__write_file,mcp__filesystem__edit_file,mcp__filesystem__list_directory,mcp__filesystem__search_files", ""},
		{"mcp mode filter", fs, Selection{Mode: "ask", Disabled: []string{"write_file", "edit_file"}}, "read_text_file,list_directory,search_files", ""},
		{"ask keeps only readOnlyHint MCP tools", fs, Selection{Mode: "ask"}, "read_text_file,list_directory,search_files", ""},
		{"architect keeps every MCP tool", fs, Selection{Mode: "architect"}, "read_text_file,write_file,edit_file,list_directory,search_files,move_file", ""},
		{"a mode of read-only MCP tools", fs, Selection{Mode: "look", Modes: map[string][]string{"look": {GroupMCPRead}}, Include: []string{"move_file"}}, "read_text_file,list_directory,search_files,move_file", ""},
		{"mcp names tell servers apart", servers, Selection{MCPNames: true}, "mcp__github__search,mcp__github__create_issue,mcp__docs_search__search", "duplicate_tool:search"},
		{"collision without mcp names", servers, Selection{}, "search,create_issue", "name_collision:search,name_collision:search"},
		{"sanitize", bfcl, Selection{SanitizeNames: true, Exclude: []string{"cache.put"}}, "physics_projectile_range,stats_t_test,geo_distance", "sanitized_name:physics.projectile_range,sanitized_name:stats.t_test,sanitized_name:geo.distance"},
		{"invalid kept without sanitize", bfcl, Selection{Include: []string{"geo.distance"}, Exclude: []string{"physics.projectile_range", "stats.t_test", "cache.put"}}, "geo.distance", "invalid_name:geo.distance"},
		{"alias collides", agent, Selection{Aliases: map[string]string{"apply_diff": "read_file"}}, "run_command,ask_followup_question,read_file", "skipped_tool:web_search,name_collision:read_file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.cat.Select(c.sel)
			if err != nil {
				t.Fatal(err)
			}
			if names := strings.Join(got.Names(), ","); names != c.tools {
				t.Errorf("tools = %s\nwant    %s", names, c.tools)
			}
			if is := issueCodes(got); is != c.issues {
				t.Errorf("issues = %s\nwant     %s\n%v", is, c.issues, got.Issues())
			}
		})
	}
	if _, err := agent.Select(Selection{Mode: "yolo"}); err == nil || !strings.Contains(err.Error(), "architect, ask, code, debug") {
		t.Errorf("unknown mode: %v", err)
	}
	sel, _ := fs.Select(Selection{MCPNames: true})
	if tool, ok := sel.Lookup("mcp__filesystem__write_file"); !ok || tool.OriginalName != "write_file" {
		t.Errorf("renamed tool = %+v", tool)
	}
}

func TestSanitizeName(t *testing.T) {
	cases := []struct{ in, want string }{
		{"read_file", "read_file"},
		{"math.factorial", "math_factorial"},
		{"requestFirst Aid Assistance", "requestFirst_Aid_Assistance"},
		{"getPM2.5Level", "getPM2_5Level"},
		{"地图搜索", "_"},
		{"map_地图", "map__"},
		{"", "_"},
		{"a&b", "a_b"},
	}
	for _, c := range cases {
		if got := SanitizeName(c.in); got != c.want {
			t.Errorf("SanitizeName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	long := strings.Repeat("x", 70)
	a, b := SanitizeName(long+"a"), SanitizeName(long+"b")
	if len(a) != 64 || a == b || !validName(a) {
		t.Errorf("long names: %q %q", a, b)
	}
	if got := MCPName("docs.search", "find"); got != "mcp__docs_search__find" {
		t.Errorf("MCPName = %q", got)
	}
}
