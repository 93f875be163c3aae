// Package budget renders the context an LLM agent gets from Loci — blocks of
// structured anchors (topic summaries, entity profiles, event records) and
// retrieved memories — into text that fits an exact token budget.
//
// Render is deterministic, fills the budget to within a word or so, keeps
// block order and per-block reserved shares, cuts at most one item per block
// and only at a word boundary, and never reports a citation whose turn id
// the rendered text does not show (CitedIn recomputes citations from any
// final text). Its result carries Tokens == Counter.Count(Text) <= budget.
//
// Counting uses the real OpenAI tokenizers (cl100k_base, o200k_base) from
// vocabularies compiled into the binary: nothing is fetched at run time, so
// the package works offline. See NewCounter for how counts are made exact
// and fast, and counter_test.go for how they are checked.
package budget
