package retrieval

import (
	"math"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// With feedback on, terms of the first search's best tool join the query:
// a tool that shares them but no query word is found, marked as matched by
// expanded terms, and Explain still sums to the score Search reports.
func TestFeedbackExpandsFromTopTools(t *testing.T) {
	tools := []toolcall.Tool{
		{Name: "invoice_create", Description: "Create an invoice for a customer with line items and tax."},
		{Name: "tax_report", Description: "Summarise line items and tax per customer for a quarter."},
		{Name: "weather", Description: "Forecast for a city."},
	}
	cfg := DefaultConfig()
	off, err := New(tools, WithConfig(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if hits, _ := off.Search("new invoice", 5); len(hits) != 1 {
		t.Fatalf("without feedback: %v, want invoice_create alone", names(hits))
	}
	cfg.FeedbackDocs, cfg.FeedbackTerms, cfg.FeedbackWeight = 1, 10, 0.5
	on, err := New(tools, WithConfig(cfg))
	if err != nil {
		t.Fatal(err)
	}
	hits, err := on.Search("new invoice", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 2 || hits[0].Name != "invoice_create" || hits[1].Name != "tax_report" {
		t.Fatalf("with feedback: %v, want invoice_create then tax_report", names(hits))
	}
	e, _ := on.Explain("new invoice", "tax_report")
	if math.Abs(e.Score-hits[1].Score) > 1e-9 {
		t.Errorf("explain %v != search %v", e.Score, hits[1].Score)
	}
	for _, f := range e.Fields {
		for _, tm := range f.Terms {
			if !tm.Expanded {
				t.Errorf("tax_report matched the query term %q; want only expanded terms", tm.Term)
			}
		}
	}
	bad := DefaultConfig()
	bad.FeedbackWeight = 1
	if _, err := New(tools, WithConfig(bad)); err == nil {
		t.Error("feedback_weight 1 (the query dropped entirely) must be rejected")
	}
}
