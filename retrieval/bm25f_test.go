package retrieval

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// bm25fCorpus has two weighted fields: description (weight 2) and
// parameter descriptions (weight 1).
var bm25fCorpus = []toolcall.Tool{
	{Name: "t1", Description: "read file", Params: []toolcall.Param{{Name: "p", Description: "file path"}}},
	{Name: "t2", Description: "write file file"},
	{Name: "t3", Description: "list directory", Params: []toolcall.Param{{Name: "p", Description: "directory path"}}},
}

// TestBM25FHandComputed checks BM25F scores against a hand computation
// (k1 = 1.2, b = 0.75):
//
//	N = 3 tools; description lengths 2, 3, 2 (avgdl 7/3); parameter
//	description lengths 2 and 2 in the two tools that have one (avgdl 2).
//	"file": held by t1 and t2 (t1 in both fields, counted once): n = 2,
//	  idf = ln(1 + 1.5/2.5) = ln 1.6
//	  t1: x = 2·1/(0.25 + 0.75·2/(7/3)) + 1·1/(0.25 + 0.75·2/2) = 2/(25/28) + 1 = 3.24
//	      score = ln 1.6 · 3.24·2.2/(3.24 + 1.2)
//	  t2: x = 2·2/(0.25 + 0.75·3/(7/3)) = 4/(17/14) = 56/17
//	      score = ln 1.6 · (56/17)·2.2/(56/17 + 1.2)
//	"path": t1 and t3, x = 1 each: score = ln 1.6 · 2.2/2.2 = ln 1.6 (a tie,
//	  catalog order)
//
// The sum of per-field BM25 would instead score t1's "file" twice, with a
// saturation and an IDF per field.
func TestBM25FHandComputed(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Analyzer = AnalyzerConfig{Normalize: NormalizeNone}
	cfg.Weights = map[string]float64{FieldDescription: 2, FieldParamDesc: 1}
	ix, err := New(bm25fCorpus, WithConfig(cfg))
	if err != nil {
		t.Fatal(err)
	}
	ln16 := math.Log(1.6)
	sat := func(x float64) float64 { return x * 2.2 / (x + 1.2) }
	tests := []struct {
		query string
		want  []Hit
	}{
		{"file", []Hit{{Name: "t2", Score: ln16 * sat(56.0/17)}, {Name: "t1", Score: ln16 * sat(3.24)}}},
		{"path", []Hit{{Name: "t1", Score: ln16}, {Name: "t3", Score: ln16}}},
	}
	for _, tc := range tests {
		checkHits(t, ix, tc.query, tc.want, 1e-9)
	}
	// Explain shares t1's one "file" score between its two fields by their
	// weighted term frequencies (2.24 and 1 of 3.24).
	e, err := ix.Explain("file", "t1")
	if err != nil {
		t.Fatal(err)
	}
	total := ln16 * sat(3.24)
	if len(e.Fields) != 2 || math.Abs(e.Score-total) > 1e-9 ||
		math.Abs(e.Fields[0].Score-total*2.24/3.24) > 1e-9 || math.Abs(e.Fields[1].Score-total/3.24) > 1e-9 {
		t.Errorf("explain t1: %+v, want %v split 2.24:1", e, total)
	}
	if e.Fields[0].Terms[0].DocFreq != 2 {
		t.Errorf("explain t1: doc freq %d, want the tool-level 2", e.Fields[0].Terms[0].DocFreq)
	}
}

// TestBM25FFieldB: a field's own b replaces the global one in its length
// normalisation only. With field_b.description 0 the hand computation of
// TestBM25FHandComputed becomes: t2 "file" x = 2·2/1 = 4; t1 x = 2·1/1 +
// 1·1/(0.25 + 0.75·2/2) = 3 (parameter descriptions keep b = 0.75), so t2
// still leads but by a different margin.
func TestBM25FFieldB(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Analyzer = AnalyzerConfig{Normalize: NormalizeNone}
	cfg.Weights = map[string]float64{FieldDescription: 2, FieldParamDesc: 1}
	cfg.FieldB = map[string]float64{FieldDescription: 0}
	ix, err := New(bm25fCorpus, WithConfig(cfg))
	if err != nil {
		t.Fatal(err)
	}
	ln16 := math.Log(1.6)
	sat := func(x float64) float64 { return x * 2.2 / (x + 1.2) }
	checkHits(t, ix, "file", []Hit{{Name: "t2", Score: ln16 * sat(4)}, {Name: "t1", Score: ln16 * sat(3)}}, 1e-9)
	e, err := ix.Explain("file", "t1")
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(e.Score-ln16*sat(3)) > 1e-9 {
		t.Errorf("explain t1: %v, want %v (the score Search gives)", e.Score, ln16*sat(3))
	}
}

// zhCatalog is a small hand-written Chinese catalog in the shape of
// real ones: terse descriptions, the words that tell tools apart (航班号,
// 城市, 取消) in parameter descriptions (the cancelling tool calls itself
// 退订; 取消 is only in its parameters), 航班信息 in several parameter
// descriptions but one description, city names as examples in many
// parameter descriptions and in one tool's description.
var zhCatalog = []toolcall.Tool{
	{Name: "cancel_booking", Description: "退订已经购买的行程。", Params: []toolcall.Param{
		{Name: "flight_no", Description: "要取消的航班号，见航班信息"},
		{Name: "reason", Description: "取消原因"}}},
	{Name: "flight_status", Description: "查询航班信息与实时状态。", Params: []toolcall.Param{
		{Name: "flight_no", Description: "航班号，例如CA123"}}},
	{Name: "change_flight", Description: "改签到其他日期。", Params: []toolcall.Param{
		{Name: "flight_no", Description: "原航班号，见航班信息"},
		{Name: "new_date", Description: "新的出发日期"}}},
	{Name: "book_ticket", Description: "预订机票或火车票。", Params: []toolcall.Param{
		{Name: "from", Description: "出发城市，如北京"},
		{Name: "to", Description: "到达城市，如上海"},
		{Name: "date", Description: "出发日期"}}},
	{Name: "fresh_delivery", Description: "北京上海生鲜配送到家。", Params: []toolcall.Param{
		{Name: "address", Description: "收货地址"},
		{Name: "items", Description: "商品清单"}}},
	{Name: "city_weather", Description: "查询天气预报。", Params: []toolcall.Param{
		{Name: "city", Description: "城市名称，如北京、上海"}}},
	{Name: "hotel_search", Description: "搜索酒店并比较价格。", Params: []toolcall.Param{
		{Name: "city", Description: "城市，如上海或北京"},
		{Name: "checkin", Description: "入住日期"}}},
	{Name: "metro_route", Description: "规划地铁换乘路线。", Params: []toolcall.Param{
		{Name: "city", Description: "所在城市，如北京"},
		{Name: "from", Description: "起点站"},
		{Name: "to", Description: "终点站"}}},
	{Name: "exchange_rate", Description: "查询货币汇率。", Params: []toolcall.Param{
		{Name: "base", Description: "基准货币代码，如CNY"},
		{Name: "target", Description: "目标货币代码，如USD"}}},
	{Name: "send_sms", Description: "发送短信通知。", Params: []toolcall.Param{
		{Name: "phone", Description: "手机号码"},
		{Name: "text", Description: "短信内容"}}},
}

// TestChineseScoringShapes: the two failure shapes of issue #17 on a
// hand-written catalog. Under the sum of per-field BM25 (the old model),
// a word that is rare among descriptions but common in parameter
// descriptions gets the highest IDF of the description field: the chance
// bigram 班信 (from 航班信息) makes the lookup tool beat the cancelling
// tool, and 北京/上海 (three terms per city: 北, 京, 北京) make a
// grocery-delivery tool beat the ticket tool. BM25F, with one IDF per
// term over whole tools, ranks the tool the user needs first.
func TestChineseScoringShapes(t *testing.T) {
	tests := []struct{ query, want string }{
		{"帮我取消航班CA123，航班信息我已经看过了", "cancel_booking"},
		{"订一张从北京到上海的票", "book_ticket"},
	}
	for _, sim := range []string{SimilarityBM25F, SimilarityBM25} {
		cfg := DefaultConfig()
		cfg.Similarity = sim
		ix, err := New(zhCatalog, WithConfig(cfg))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range tests {
			hits, err := ix.Search(tc.query, 3)
			if err != nil {
				t.Fatal(err)
			}
			top := ""
			if len(hits) > 0 {
				top = hits[0].Name
			}
			if sim == SimilarityBM25F && top != tc.want {
				t.Errorf("bm25f: %q ranks %v, want %s first", tc.query, names(hits), tc.want)
			}
			if sim == SimilarityBM25 && top == tc.want {
				t.Errorf("the per-field model already ranks %s first for %q (%v): the test no longer shows the shape", tc.want, tc.query, names(hits))
			}
		}
	}
}

// TestNestedParameterFound: a tool whose only mention of a word is the
// description of a property nested in an object parameter is found by it.
func TestNestedParameterFound(t *testing.T) {
	shipping := `{"type":"object","properties":{"carrier":{"type":"object","properties":{
		"code":{"type":"string","description":"courier company code, e.g. DHL or FedEx"}}}}}`
	tools := []toolcall.Tool{
		{Name: "create_order", Description: "Create a sales order.", Params: []toolcall.Param{
			{Name: "shipping", Types: []string{"object"}, Description: "how the order ships", Schema: json.RawMessage(shipping)}}},
		{Name: "track_parcel", Description: "Track a parcel by number.", Params: []toolcall.Param{{Name: "number", Description: "tracking number"}}},
		{Name: "list_orders", Description: "List recent sales orders."},
	}
	ix, err := New(tools)
	if err != nil {
		t.Fatal(err)
	}
	hits, err := ix.Search("courier FedEx", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].Name != "create_order" {
		t.Fatalf("courier FedEx: %v, want create_order first", names(hits))
	}
	e, _ := ix.Explain("FedEx carrier code", "create_order")
	got := map[string]string{}
	for _, f := range e.Fields {
		for _, tm := range f.Terms {
			got[tm.Term] = f.Field
		}
	}
	if got["fedex"] != FieldParamDesc || got["carrier"] != FieldParams || got["shipping.carrier.code"] != "" && got["code"] != FieldParams {
		t.Errorf("nested terms matched in %v, want fedex in param_desc and carrier, code in params (path shipping.carrier.code)", got)
	}
	if _, err := New([]toolcall.Tool{{Name: "bad", Params: []toolcall.Param{{Name: "p", Schema: json.RawMessage(`{"properties":`)}}}}); err == nil {
		t.Error("a parameter schema that is not JSON must fail New, naming the tool")
	}
}
