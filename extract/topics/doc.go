// Package topics finds the themes that run across the sessions of one
// conversation (a months-long project, an adoption, training for a
// marathon) and writes an extractive summary of each, so that an agent can
// be handed "topic summaries" whose every sentence is tied to a source
// turn. Over-summarisation is the failure this package is built against:
// a summary is never generated text, only verbatim sentences of the
// topic's turns, each cited by turn id.
//
// It is pure: no I/O, no shared state, only the standard library and the
// ontology package; the same Input and Config always give the same topics
// in the same order.
//
// # Algorithm
//
// Content-bearing turns are clustered; the others ("lol", "Thanks so
// much!") join no topic. A turn bears content when its text has at least
// Config.MinTextBytes bytes (25) and two distinct content words: words that
// are not English stop words, chat fillers and reactions ("awesome",
// "haha"), time words ("week") or a speaker's name, lightly stemmed so
// that "miles"/"mile" and "running"/"run" match.
//
// The similarity of two turns is
//
//   - with vectors: the cosine of their embeddings plus 0.25 times the
//     cosine of their TF-IDF vectors (shared rare words sharpen themes that
//     embeddings blur with conversational style);
//   - without (when any content turn lacks a vector of the common length):
//     a context-aware TF-IDF cosine. Each turn stands for its own vector
//     plus 0.3 times those of the content turns just before and after it in
//     the same session, so that a reply ("Fingers crossed, you will make
//     great parents") takes the theme of what it answers; products of a
//     turn with itself or with the other turn of the pair are left out, so
//     that neighbours are not similar merely for holding each other.
//
// The merge threshold is Config.Similarity when set. By default, with
// vectors, it adapts to the conversation and the embedding model, whose
// cosine scales differ widely (unrelated chat turns score about 0.2 with
// MiniLM, 0.65 with BGE): it is the median pair similarity plus 2.5
// spreads, where the spread, the median minus the 16th percentile, is a
// robust standard deviation of the background taken from the lower half
// of the distribution (related pairs inflate the upper half); or the 97th
// percentile if that is lower, as for models whose upper tail is
// compressed (BGE). Without vectors the threshold is 0.07: most TF-IDF
// pairs share no word, so there is no background to measure, and none is
// needed, TF-IDF being model-free. These values were set on the LoCoMo
// conversations (MiniLM, BGE and no vectors) and the test conversation.
// Pairs of turns that mention the same distinctive entity (not a speaker;
// mentioned by at most a quarter of the content turns) gain one spread
// (0.03 without vectors).
//
// Turns are clustered by average linkage (UPGMA) cut at the threshold, with
// the nearest-neighbour-chain algorithm: O(n²) time and memory. Only the
// last Config.MaxTurns turns (1,000) are clustered, which bounds the
// matrix. Average linkage needs a
// cluster to be similar on average, not through one chain of pairs, so
// themes do not bleed into each other through a single bridging turn.
//
// A cluster becomes a topic when it has at least MinTurns turns (4) from at
// least MinSessions sessions (2), and when it is nameable: some content
// word occurs in at least 15% of its turns. Clusters that share no word
// are held together by style (congratulations, greetings), not a theme.
// Topics are ranked by turns × log2(1 + sessions) and cut to MaxTopics.
//
// Each topic is then described:
//
//   - Label: its 2-4 most distinctive words, those frequent in its turns and
//     rare in the rest of the conversation (by pc·ln(pc/p), pc and p the
//     shares of the topic's and the conversation's turns using the word),
//     shown as the two-word phrase a word usually occurs in ("home study");
//   - Summary: its most central sentences, verbatim, in conversation order.
//     Questions, fragments under 20 bytes and sentences without two content
//     words are skipped; a sentence scores its turn's centrality (cosine to
//     the centroid) plus its coverage of the topic's words, first-person
//     statements ("I signed up for the marathon") above remarks to the
//     listener ("your painting is lovely"); one sentence per turn first,
//     near-duplicates skipped;
//   - KeyFacts: the facts citing its turns, by the centrality of the cited
//     turn plus the statement's similarity to the topic's words;
//   - Participants, Span, Sessions and Centroid.
//
// # Limitations
//
// A topic's Key is derived from its first turn's id: it survives appended
// sessions, but not re-clustering that moves that turn, and a topic can
// drop out of the top MaxTopics. The stop list, stemmer, voice heuristic
// and sentence splitter are English. A turn belongs to one topic at most, so
// a turn touching two themes goes to the closer. Clusters held together
// by encouragement ("keep pushing for your dreams") pass the naming test
// when they share words, and become topics. When one theme fills most of
// a conversation, the adaptive threshold takes it for the background and
// may split it into sub-themes.
// In a conversation longer than Config.MaxTurns, themes of the turns before
// the last MaxTurns are no longer topics.
package topics
