package rules

import "github.com/loci-memory/loci/lang"

// askedLine reports whether the readings that take any line ending in a
// question mark for a question ("Rosie from Halden?", "got a flat in
// Leeds??") must read nothing in the sentence being read: the line ends
// in one and the sentence is not the statement said before the clause the
// line asks (lang's askedClause, issue 14 h14-asked26): "started at
// Tesco monday hbu?", "we got a flat in Leeds, do u have one?" state
// their first clause. Which clause of a line is asked is decided once,
// when the line is split into sentences.
func (p *sentCtx) askedLine() bool {
	return !p.s.Said && lang.EndsInQuestion(p.text)
}
