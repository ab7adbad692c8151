// Package lexicon holds bilingual Chinese–English word lists for
// cross-lingual tool retrieval, with no model and no network: Chinese
// queries over English tool descriptions and the reverse.
//
// Builtin is tooleval's own lexicon of the vocabulary agent tools use
// (actions such as 查询 ↔ search, query; 预订 ↔ book, reserve; objects such
// as 航班 ↔ flight, 会议室 ↔ meeting room), embedded from zh-en.txt, whose
// format Parse documents. LoadCEDICT reads a user-supplied dictionary in the
// CC-CEDICT text format within a size cap, keeping the first few short
// senses of each word; Merge puts two lexicons together (the tool-domain
// senses first, since a general dictionary's first senses are often not
// the ones tools need: 预订 is "to place an order" before "book").
//
// Segment cuts Chinese text into the lexicon's words by longest match,
// dropping function words (FunctionWords) and characters no word covers.
package lexicon
