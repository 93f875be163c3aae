// Package lang holds Loci's English language utilities, shared by the
// extractors (extract/rules, extract/topics) and the query side (query,
// llmcontext, graph's full-text queries): the tokenizer and sentence
// splitter, the tense reader, the time-expression resolver (ResolveTime),
// the lexicon they need (months, weekdays, number words, first names) and
// the English stop-word lists.
//
// It imports nothing of Loci's but ontology, so a query never goes down
// into an extractor to read a date. Everything here is pure: no I/O, no
// shared mutable state (the word sets are built once, when the program
// starts, and only read), and the same input always gives the same output.
package lang
