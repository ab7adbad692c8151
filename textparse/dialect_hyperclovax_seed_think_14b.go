package textparse

// HyperCLOVA X SEED Think 14B (NAVER; vLLM's hyperclovax_seed_think_14b
// parser): ChatML turns. A reasoning turn starts with /think and ends where
// the model opens the next assistant turn; a turn whose role is written
// " -> tool/function_call" holds a JSON list of calls; <|im_end|> and the
// turn markers are dropped. A reasoning turn ends at its <|im_end|> (the
// stacks wait for the next assistant turn's start; nothing else follows
// it).
//
//	/think
//	The user wants Seoul's weather.<|im_end|>
//	<|im_start|>assistant -> tool/function_call
//	[{"name": "get_weather", "arguments": {"city": "Seoul"}}]<|im_end|>
//
// An output whose prompt already opened the assistant turn starts with the
// role's rest (" -> tool/function_call\n[…]"), or, where a reasoning
// parser took the role away, with the list itself.
const FormatHyperCLOVAXSeedThink14B Format = "hyperclovax_seed_think_14b"

func init() {
	body := Body{Read: ReadJSON}
	register(&Dialect{
		Format: FormatHyperCLOVAXSeedThink14B,
		Wire:   `<|im_start|>assistant -> tool/function_call\n[{"name":NAME,"arguments":{json}},…]<|im_end|>; /think\n…<|im_end|> reasoning; a bare JSON list as the whole answer`,
		Blocks: []Block{
			{Open: hcxToolRole, Body: body},
			{Anchored: true, Body: body},
		},
		Reasoning: []Span{{Open: "/think\n", Close: hcxTurnEnd}},
		Drop:      []string{hcxTurnEnd, hcxAssistant, "<|stop|>", "<|endofturn|>"},
		NoAuto:    true,
	})
}

// The 14B's ChatML markers: the end of a turn, the start of an assistant
// turn, and the role of a turn of calls (after a space).
const (
	hcxTurnEnd   = "<|im_end|>"
	hcxAssistant = "<|im_start|>assistant"
	hcxToolRole  = "-> tool/function_call\n"
)
