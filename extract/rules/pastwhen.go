package rules

import "github.com/loci-memory/loci/lang"

// Temporal clauses in the past (issue 14, h14-blind5): "back when I lived
// in Leeds", "when I was living in Kyiv", "before I moved to Bristol"
// state what was so; "when I move to Leeds" and "if I lived in Leeds" do
// not. hedgeWords holds "when" and "before" for the future ones.

// pastTemporal reports whether the clause cl is hedged only by a "when",
// "whenever" or "before" that opens it (lead, the clause's hedgeOpening),
// and its verb is in the past: such a clause is a statement about then.
func pastTemporal(s *sentence, lead string, cl clause) bool {
	switch lead {
	case "when", "whenever", "before":
	default:
		return false
	}
	if cl.modal || cl.neg || cl.verb >= len(s.Toks) || hedgedAfter(s, cl.verb) {
		return false
	}
	if cl.was || cl.had {
		return true
	}
	return !cl.be && !cl.have && lang.IsPastVerb(s, cl.verb)
}
