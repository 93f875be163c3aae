package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Relationship talk beyond "dating" and "married" (issue 14, h14-blind5):
// "been seeing Marco for 3 months", "Sanjay is seeing Marisol".

func init() {
	thirdVerbs["seeing"] = true    // "Sanjay from work is seeing Marisol"
	implicitVerbs["seeing"] = true // "been seeing Marco for 3 months"
}

// seeing reads "I've been seeing Marco for 3 months", "she's seeing
// Marisol now", "he's going out with Priya": PARTNER_OF, role dating. "Seeing" is as often a meeting
// ("seeing Tom tomorrow", "seeing Mia for lunch"), so the partner's name
// must end the clause, or be followed by a stretch of time ("for 3
// months", "for a while", "since may") or "now", and no other time may
// stand in the clause.
func (p *sentCtx) seeing(cl clause) {
	s := p.s
	if !cl.plain() || !cl.be && !cl.been {
		return
	}
	at := cl.verb + 1
	switch {
	case s.Norm(cl.verb) == "seeing":
	case s.Norm(cl.verb) == "going" && s.Seq(cl.verb+1, "out", "with"):
		at = cl.verb + 3 // "Tom has been going out with Priya since May"
	default:
		return
	}
	partner, end, ok := p.person(at)
	if !ok {
		if partner, end, ok = p.lowerPerson(at); !ok {
			return
		}
	}
	if p.isSpeaker(partner) || s.Toks[end-1].Poss {
		return
	}
	if sp, ok := nameAt(s, at); ok && !personLike(p.known.typeName(s, sp).typ) {
		return // "I'm seeing Coldplay": a band, not a person
	}
	k := end
	for s.Is(k, "now", "again", "lol", "btw", "tbh", "ngl", "rn", "apparently", "properly", "officially") {
		k++
	}
	switch {
	case s.Norm(k) == "for":
		if !p.stretchAt(k + 1) {
			return
		}
	case s.Norm(k) == "since":
	case k < len(s.Toks) && s.Toks[k].Word && !startsClause(s, k):
		return // "seeing Ade at the gig", "seeing Tom tomorrow"
	case !cl.third && !cl.been && k == end:
		return // "I'm seeing Tom." is as often a plan to meet: the speaker's own needs "now" or a stretch
	default:
		for _, h := range p.times {
			if h.From > cl.verb && h.From < cl.end {
				return // "I'm seeing Tom, then Jo, tomorrow"
			}
		}
	}
	p.relation(rel{typ: ontology.RelPartnerOf, from: p.self(), to: partner, role: "dating", conf: confWeak, validFrom: p.ts})
}

// stretchAt reports whether a stretch of time starts at k: "3 months",
// "a few weeks", "a while", "ages", "two years".
func (p *sentCtx) stretchAt(k int) bool {
	s := p.s
	for j := k; j < k+3 && j < len(s.Toks); j++ {
		if stretchWords[s.Norm(j)] {
			return true
		}
		if !s.Toks[j].Word {
			return false
		}
	}
	return false
}

var stretchWords = lang.Words(`months month years year weeks week while ages yrs mos`)

// fromQualifier returns the last token of a "from work" phrase right
// after a name ending at k ("Sanjay from work", "Ewa from my old team",
// "Malik from our year"), so the clause after it is the name's; -1 if
// none.
func fromQualifier(s *sentence, k int) int {
	if s.Norm(k) != "from" {
		return -1
	}
	j := k + 1
	if departments[s.Norm(j)] {
		return j // "Gareth from finance is organising a quiz team"
	}
	if s.Is(j, "my", "our") {
		j++
		if s.Is(j, "old", "new") {
			j++
		}
	}
	if _, ok := tieSources[s.Norm(j)]; !ok {
		return -1
	}
	if s.Norm(j) != "work" && !s.Is(k+1, "my", "our") {
		return -1 // "Sanjay from school" may be where he came from today
	}
	return j
}

// homeShares are the homes one shares with a roommate.
var homeShares = lang.Words(`flat house place apartment room houseshare`)

// describedPerson are the nouns of a description standing before a name
// in apposition: "a Danish guy, Magnus".
var describedPerson = lang.Words(`guy girl woman man bloke lad lass lady dude chap fella fellow person student`)

// shareHome reads "we share a flat with Magnus", "I'm sharing a house with
// Dani and Jo", "share a flat with a Danish guy, Magnus": KNOWS, role
// roommate, of the speaker. Kin and partners ("with my boyfriend Kai")
// are read by their own patterns.
func (p *sentCtx) shareHome() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for k := 0; k+3 < len(s.Toks); k++ {
		if !s.Is(k, "share", "sharing", "shared") {
			continue
		}
		j := k + 1
		if s.Is(j, "a", "the", "an") {
			j++
		}
		if !homeShares[s.Norm(j)] || p.hedgedAt(k) || p.negatedBefore(k) {
			continue
		}
		if s.Norm(j+1) != "with" {
			for _, x := range p.togetherOthers(k) { // "@priya_k and I share a flat"
				p.relRole(p.speaker, kindKnows, "roommate", x, confWeak)
			}
			return
		}
		if !p.speakerVerb(k) {
			return
		}
		at := j + 2
		if s.Is(at, "a", "an") {
			// "a Danish guy, Magnus": up to two words, a person noun, a comma
			d := at + 1
			for n := 0; n < 2 && s.Tok(d).Word && !describedPerson[s.Norm(d)]; n++ {
				d++
			}
			if !describedPerson[s.Norm(d)] || s.Norm(d+1) != "," {
				return
			}
			at = d + 2
		}
		people, _ := p.personList(at)
		for _, x := range people {
			if !p.isSpeaker(x) {
				p.relRole(p.speaker, kindKnows, "roommate", x, confWeak)
			}
		}
		return
	}
}

// speakerVerb reports whether the verb at k is the speaker's: "I" or "we"
// before it (with auxiliaries and adverbs), or nothing (a dropped "I").
func (p *sentCtx) speakerVerb(k int) bool {
	s := p.s
	j := k - 1
	for j >= 0 && (adverbs[s.Norm(j)] || s.Is(j, "am", "are", "have", "had", "was", "were", "do", "did", "been")) {
		j--
	}
	if j < 0 || !s.Toks[j].Word {
		return true
	}
	return s.Is(j, "i", "we") || implicitLead[s.Norm(j)] && clauseStart(s, j)
}

// tutorVerbs name what someone was to the speaker who trained them: "Dmitri
// coached me", "she mentored me".
var tutorVerbs = map[string]string{"coached": "coach", "coaches": "coach", "trained": "coach", "trains": "coach",
	"mentored": "mentor", "mentors": "mentor"}

// tutoredMe reads "Dmitri coached me at the boxing club", "Ngozi mentors
// me": KNOWS, the speaker to the person, role coach or mentor.
func (p *sentCtx) tutoredMe() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for v := 1; v+1 < len(s.Toks); v++ {
		role, ok := tutorVerbs[s.Norm(v)]
		if !ok || s.Norm(v+1) != "me" || p.hedgedAt(v) {
			continue
		}
		sp, ok := p.subjectBefore(v)
		if !ok || !personLike(sp.typ) || p.isSpeaker(ontology.EntityRef{Name: sp.name}) {
			continue
		}
		if sp.from > 0 && s.Toks[sp.from-1].Word && !clauseStart(s, sp.from) {
			continue // "the club Dmitri coached me at"
		}
		p.relRole(p.speaker, kindKnows, role, ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, confWeak)
	}
}

func init() {
	roleAdjectives["team"] = true                                        // "my team lead Priya"
	roleWords["lead"] = roleInfo{role: "team lead", kind: kindColleague} // "my lead Priya"
	roleAdjectives["line"] = true                                        // "my line manager Bronwen"
	roleAdjectives["direct"] = true                                      // "my direct manager"
}

// proposedAccepted reads "Leandro proposed to Bea last night … she said
// yes", "I proposed to Kai and he said yes!!": PARTNER_OF, role fiance. A
// proposal alone is no engagement; the same turn must say it was
// accepted.
func (p *sentCtx) proposedAccepted() {
	s := p.s
	if s.Question {
		return
	}
	for v := 0; v+2 < len(s.Toks); v++ {
		if s.Norm(v) != "proposed" || s.Norm(v+1) != "to" || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		rest := strings.ToLower(p.text[s.Toks[v].End:])
		if !acceptedIn(rest) {
			continue
		}
		partner, _, ok := p.person(v + 2)
		if !ok || p.isSpeaker(partner) {
			continue
		}
		p.ofSubject(v, p.speakerVerb(v), func(who ontology.EntityRef) { p.relRole(who, kindPartner, "fiance", partner, confWeak) })
	}
}

// acceptedIn reports whether text (what follows a proposal) says it was
// accepted: "said yes" (not "said yes to the dress") or "accepted", and
// no refusal.
func acceptedIn(text string) bool {
	if strings.Contains(text, "said no") || strings.Contains(text, "turned him down") || strings.Contains(text, "turned her down") {
		return false
	}
	if i := strings.Index(text, "said yes"); i >= 0 && !strings.HasPrefix(strings.TrimLeft(text[i+len("said yes"):], " "), "to") {
		return true
	}
	return strings.Contains(text, "she accepted") || strings.Contains(text, "he accepted")
}
