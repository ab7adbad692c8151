package textparse

import "testing"

func init() {
	parseCases = append(parseCases, jsonBlockCases("pangu", FormatPangu, listWrap("<|tool_call_start|>", "<|tool_call_end|>"), jsonBlockOpts{})...)
	parseCases = append(parseCases, []parseCase{
		{name: "pangu/typed_values_in_two_calls", format: FormatPangu,
			in:   `Booking it.<|tool_call_start|>[{"name": "find_flight", "arguments": {"from": "PEK", "to": "SZX"}}, {"name": "book_seat", "arguments": {"passenger": "Li Wei", "row": 14, "aisle": true, "meal": null, "extras": ["bag", "wifi"], "contact": {"phone": "+86 10 5555 0100"}}}]<|tool_call_end|>`,
			want: `text="Booking it." call=find_flight{"from":"PEK","to":"SZX"} call=book_seat{"passenger":"Li Wei","row":14,"aisle":true,"meal":null,"extras":["bag","wifi"],"contact":{"phone":"+86 10 5555 0100"}}`},
		// The openPangu-Embedded checkpoints spell the tokens as unused
		// vocabulary entries.
		{name: "pangu/unused_tokens", format: FormatPangu,
			in:   `[unused16]The user wants Hangzhou.[unused17]Checking.[unused11][{"name": "get_weather", "arguments": {"city": "Hangzhou"}}][unused12]`,
			want: `text="Checking." reasoning="The user wants Hangzhou." call=get_weather{"city":"Hangzhou"}`},
		// The block's closer starts with the list's '[': a '[' that starts
		// no closer opens the list, at any chunking.
		{name: "pangu/unused_list_on_its_own_line", format: FormatPangu,
			in:   "[unused11]\n[{\"name\": \"lights_off\", \"arguments\": {\"room\": \"hall\"}}]\n[unused12]\nDone.",
			want: `text="\nDone." call=lights_off{"room":"hall"}`},
		{name: "pangu/unused_closer_in_value", format: FormatPangu,
			in:   `[unused11][{"name": "note", "arguments": {"text": "ends with [unused12] here"}}][unused12]`,
			want: `call=note{"text":"ends with [unused12] here"}`},
		{name: "pangu/list_closed_by_closer", format: FormatPangu,
			in:   `<|tool_call_start|>[{"name": "send_email", "arguments": {"to": "ops@example.com"}}<|tool_call_end|>Sent.`,
			want: `text="Sent." call=send_email{"to":"ops@example.com"}`},
		{name: "pangu/unused_list_closed_by_closer", format: FormatPangu,
			in:   `[unused11][{"name": "send_email", "arguments": {"to": "ops@example.com"}}[unused12]Sent.`,
			want: `text="Sent." call=send_email{"to":"ops@example.com"}`},
		{name: "pangu/list_left_open_at_end", format: FormatPangu,
			in:   `<|tool_call_start|>[{"name": "list_devices"}`,
			want: `call=list_devices{} error=missing_closer`},
		{name: "pangu/closer_missing_at_end", format: FormatPangu,
			in:   `<|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "Wuhan"}}]`,
			want: `call=get_weather{"city":"Wuhan"} error=missing_closer`},
		// A prompt that opened reasoning opens <think>; an Embedded
		// checkpoint closes it with [unused17].
		{name: "pangu/reasoning_open_unused_closer", format: FormatPangu, open: true,
			in:   `Sum of two numbers.[unused17]It is 4.[unused11][{"name": "save_note", "arguments": {"text": "2+2=4"}}][unused12]`,
			want: `text="It is 4." reasoning="Sum of two numbers." call=save_note{"text":"2+2=4"}`},
		// openPangu-Embedded writes its own opener after a prompt that
		// opened the reasoning: markup, dropped as <think> written again
		// is; written after other reasoning it stays reasoning text.
		{name: "pangu/reasoning_open_unused_opener_again", format: FormatPangu, open: true,
			in:   "\n[unused16]Two cities, so two lookups.[unused17]Checking both now.",
			want: `text="Checking both now." reasoning="\nTwo cities, so two lookups."`},
		{name: "pangu/reasoning_open_unused_opener_later_stays", format: FormatPangu, open: true,
			in:   "First [unused16]then more.[unused17]Done.",
			want: `text="Done." reasoning="First [unused16]then more."`},
		{name: "pangu/object_not_list", format: FormatPangu,
			in:   `<|tool_call_start|>{"name": "get_weather", "arguments": {"city": "Chengdu"}}<|tool_call_end|>`,
			want: `call=get_weather{"city":"Chengdu"}`},
		{name: "pangu/empty_list", format: FormatPangu,
			in:   `<|tool_call_start|>[]<|tool_call_end|>No call needed.`,
			want: `text="No call needed."`},
		{name: "pangu/doubled_colon", format: FormatPangu,
			in:   `<|tool_call_start|>[{"name":: "get_weather"}]<|tool_call_end|>Sorry.`,
			want: `text="Sorry." error=invalid_json`},
		{name: "pangu/stray_closer_dropped", format: FormatPangu,
			in:   "All set.<|tool_call_end|>",
			want: `text="All set." error=malformed_markup`},
		// <|tool_call_start|> is LFM2's marker under auto; the unused
		// spelling is no marker there.
		{name: "pangu/unused_not_auto", format: FormatAuto,
			in:   `[unused11][{"name": "f", "arguments": {}}][unused12]`,
			want: `text="[unused11][{\"name\": \"f\", \"arguments\": {}}][unused12]"`},
		{name: "openpangu_v2/parameters_key", format: FormatOpenPanguV2,
			in:   `<think>Search first.</think>Thought: I should search.<|tool_call_start|>[{"name": "web_search", "parameters": {"query": "Ascend 910 memory"}}]<|tool_call_end|>`,
			want: `text="Thought: I should search." reasoning="Search first." call=web_search{"query":"Ascend 910 memory"}`},
		{name: "openpangu_v2/text_after_kept", format: FormatOpenPanguV2,
			in:   `<|tool_call_start|>[{"name": "get_time", "arguments": {"tz": "Asia/Shanghai"}}]<|tool_call_end|> End text`,
			want: `text=" End text" call=get_time{"tz":"Asia/Shanghai"}`},
	}...)
}

func FuzzPangu(f *testing.F) {
	addSeeds(f, "pangu/")
	addSeeds(f, "openpangu_v2/")
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) { fuzzParse(t, FormatPangu, false, in, seed) })
}
