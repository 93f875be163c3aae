package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Lengths of time after an employer ("been at Arup for 3 yrs", "worked at
// Stripe for five years") say the place was a job, not a visit: "been at
// the pub for hours" has no such length.

// yearUnits are the units a job is counted in.
var yearUnits = lang.Words(`years yrs year yr months month mos`)

// yearsAfter returns the end of a length of time in years or months at k
// ("for 3 years", "5 yrs", "for a few months", "for years", "over a
// decade"), or k when there is none.
func yearsAfter(s *sentence, k int) int {
	j := k
	if s.Is(j, "for", "over", "almost", "nearly") {
		j++
		if s.Is(j, "years", "decades", "ages") {
			return j + 1
		}
	}
	switch {
	case s.Seq(j, "a", "few"), s.Seq(j, "a", "couple"):
		j += 2
		if s.Norm(j) == "of" {
			j++
		}
	case s.Is(j, "a", "several", "many", "a"):
		j++
	default:
		if _, num := lang.NumberValue(s.Norm(j)); !num {
			return k
		}
		j++
	}
	if s.Is(j, "decade", "decades") || yearUnits[s.Norm(j)] {
		return j + 1
	}
	return k
}

// pastTimeAt reports whether a time in the past starts at k: "last
// summer", "in 2019", "before", "b4", "years ago", "back in 2015".
func pastTimeAt(s *sentence, k int) bool {
	switch {
	case s.Is(k, "before", "b4", "previously", "once"):
		return true
	case s.Norm(k) == "last" && s.Is(k+1, "year", "summer", "winter", "spring", "autumn", "fall"):
		return true
	case s.Seq(k, "back", "in"), s.Seq(k, "years", "ago"):
		return true
	case s.Norm(k) == "in" || s.Norm(k) == "from":
		n, ok := lang.NumberValue(s.Norm(k + 1))
		return ok && n >= 1950 && n <= 2100
	}
	return false
}

// pastJob reports whether a plain simple past of work or intern ("Mina
// worked at Brightwater Analytics", "I interned at Arup last summer", "she
// worked at Stripe for five years") tells a past job: the employer a name
// typed an organisation by its own words, or a length of years or a past
// time after it. "I worked at the library all day" is not read.
func (p *sentCtx) pastJob(cl clause, v, base, past string) bool {
	if v != past || base != "work" && base != "intern" || cl.had || cl.be || cl.was || cl.neg || cl.usedTo ||
		cl.modal || cl.hedged || p.s.Question || !p.s.Is(cl.verb+1, "at", "for") {
		return false
	}
	employer, _, end := p.employerAndTitle(cl.verb+1, cl.end)
	if employer == nil {
		return false
	}
	if yearsAfter(p.s, end) > end || pastTimeAt(p.s, end) {
		return true
	}
	sp, ok := p.typed(cl.verb + 2)
	return ok && sp.typ == ontology.EntityOrganization && sp.tconf >= confName && p.phraseEnds(end, cl.end)
}
