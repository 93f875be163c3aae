// Package rules is Loci's rules-based knowledge extractor: it draws
// entities, relations, profile facts, facts and events from conversation
// turns with word lists and token patterns, without any model call, so it
// is cheap enough to run inline while turns are ingested.
//
// It favours precision over recall: a wrong fact stored about a person costs
// more than a missing one, which a later LLM pass may still find. So every
// pattern is anchored on an explicit phrasing ("I moved to X", "my sister
// X"), names must be capitalised (or confirmed by a pattern), and
// questions, negations, modal and conditional statements are skipped.
//
// It reads text as package lang tokenizes it and resolves time expressions
// with lang's resolver, which the query side uses too.
//
// Everything here is pure: no I/O, no shared mutable state (the word lists
// are built once and only read), and the same input always gives the same
// output in the same order.
package rules
