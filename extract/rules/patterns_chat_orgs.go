package rules

// Chat phrasings about organisations, colleagues and kin: where an
// organisation has a site, whom one knows from where, reports and titles.

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// siteNouns are the places an organisation has somewhere ("they have a
// big terminal in Sines").
var siteNouns = lang.Words(`office offices terminal site branch branches headquarters hq factory plant store
	shop studio lab campus warehouse`)

// hasSiteIn reads "they have a big terminal in Sines", "Norvik has an
// office in Porto", with "have"/"has" at v: LOCATED_IN.
func (p *sentCtx) hasSiteIn(v int) {
	s := p.s
	k := v + 1
	if !s.Is(k, "a", "an", "their", "its", "another") {
		return
	}
	for j := k + 1; j < len(s.Toks) && j <= k+3; j++ {
		if siteNouns[s.Norm(j)] && s.Norm(j+1) == "in" {
			place, _, conf, ok := p.place(j + 2)
			if !ok {
				return
			}
			e := v
			for adverbs[s.Norm(e-1)] {
				e--
			}
			org, cite, ok := p.orgSubject(e)
			if !ok {
				return
			}
			defer p.citeFrom(cite)()
			p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: min(conf, confWeak), validFrom: p.ts})
			return
		}
		if !s.Toks[j].Word || s.Toks[j].Cap {
			return
		}
	}
}

// orgSubject reads the organisation a statement is about, ending just
// before token e: "it"/"they" (the most recent organisation), "the
// company" (describedKind), or an organisation's name.
func (p *sentCtx) orgSubject(e int) (ontology.EntityRef, string, bool) {
	s := p.s
	switch n := s.Norm(e - 1); {
	case n == "it" || n == "they":
		if p.sentenceNames(e-1, p.orgNamedOrUntyped) {
			return ontology.EntityRef{}, "", false // "joined Static Halo, they're based in Nottingham": the name just said
		}
		a, ok := p.disc.organisation()
		return a.ref, a.turn, ok
	case descriptionClass[n] != "" && s.Norm(e-2) == "the":
		a, ok := p.disc.describedKind(n, p.speaker.Name)
		return a.ref, a.turn, ok && a.ref.Type == ontology.EntityOrganization
	}
	if ref, ok := p.disc.expand(s.Tok(e - 1).Text); ok && !s.Tok(e-1).Cap && ref.Type == ontology.EntityOrganization {
		return ref, "", true // "brightwater is headquartered in Seattle"
	}
	sp, ok := nameBefore(s, e)
	if !ok || s.Toks[sp.to-1].Poss {
		return ontology.EntityRef{}, "", false
	}
	sp = p.known.typeName(s, sp)
	if sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
		return ontology.EntityRef{}, "", false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, "", true
}

// sentenceNames reports whether the sentence names, before token e, a name
// that is.
func (p *sentCtx) sentenceNames(e int, is func(span) bool) bool {
	for _, n := range p.names {
		if n.to <= e && is(n) {
			return true
		}
	}
	return false
}

// orgNamedOrUntyped reports whether sp names an organisation or a thing
// nothing has typed ("tinapay republic"), either of which a following
// "they" may mean.
func (p *sentCtx) orgNamedOrUntyped(sp span) bool {
	return p.orgNamed(sp) || sp.typ == ontology.EntityConcept
}

// tieSources say where the speaker knows someone from ("Malik from our
// year", "Dana from work") and the role that makes them.
var tieSources = map[string]string{"work": "colleague", "team": "colleague", "office": "colleague",
	"year": "classmate", "course": "classmate", "class": "classmate", "cohort": "classmate", "school": "classmate",
	"uni": "classmate", "university": "classmate", "college": "classmate"}

// knownFrom reads "Malik from our year", "lucía from our pilates class",
// "Dana from work": KNOWS with the role the place gives.
func (p *sentCtx) knownFrom() {
	s := p.s
	me := p.self()
	if me.Name == "" {
		return
	}
	for f := 1; f < len(s.Toks); f++ {
		if s.Norm(f) != "from" {
			continue
		}
		k := f + 1
		if s.Is(k, "my", "our") {
			k++
		}
		role := ""
		for j := k; j < len(s.Toks) && j < k+3; j++ {
			if r, ok := tieSources[s.Norm(j)]; ok && (j == k+0 || s.Is(k-1, "my", "our")) {
				role = r
				break
			}
		}
		if role == "" || s.Norm(f+1) != "work" && !s.Is(f+1, "my", "our") {
			continue
		}
		var person ontology.EntityRef
		if sp, ok := nameBefore(s, f); ok && !s.Toks[sp.to-1].Poss {
			sp = p.known.typeName(s, sp)
			if !personLike(sp.typ) || p.identityQuestion(sp.from) {
				continue
			}
			person = ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		} else if ref, _, ok := p.lowerPerson(f - 1); ok && s.Is(f-2, "remember", "met", "know", "with", "and") {
			person = ref // "remember lucía from our pilates class"
		} else {
			continue
		}
		if p.isSpeaker(person) {
			continue
		}
		p.relation(rel{typ: ontology.RelKnows, from: me, to: person, role: role, conf: confWeak, validFrom: p.ts})
	}
}

// reportTo reads "I report to Keisha": KNOWS, manager.
func (p *sentCtx) reportTo(cl clause) {
	if !cl.plain() || !p.s.Is(cl.verb, "report", "reports") || p.s.Norm(cl.verb+1) != "to" {
		return
	}
	if boss, _, ok := p.person(cl.verb + 2); ok {
		p.relRole(p.self(), kindColleague, "manager", boss, confWeak)
	} else if p.s.Norm(cl.verb+2) == "me" && p.subj.Name != "" && p.phraseEnds(chatTail(p.s, cl.verb+3), cl.end) {
		p.relRole(p.subj, kindColleague, "manager", p.speaker, confWeak) // "Ana reports to me"
	}
}

// wasAtBefore reads "she was a professor at Reed before this", "I was at
// Deloitte before", "shona was at Pattisons for 6 yrs": WORKS_AT ended by
// the turn's time. A school or a university ("was at Leeds Uni for three
// years") is studying, not a job; a saint's name alone ("he was at St
// Stephen's for many years") may be a church, a school or a hospital, so
// it reads nothing unless a title says the job.
func (p *sentCtx) wasAtBefore(cl clause) {
	s := p.s
	if !cl.was || cl.neg || cl.modal || cl.hedged || s.Question || !p.has(cl.verb, cl.end, "before") && !forYears(s, cl.verb, cl.end) || p.ts == nil {
		return
	}
	k := cl.verb
	title := ""
	if s.Is(k, "a", "an") {
		occ, _, next, ok := p.occupation(k+1, cl.end)
		if !ok {
			return
		}
		title, k = occ, next
	}
	if !s.Is(k, "at", "with", "for") {
		return
	}
	employer, _, ok := p.org(k + 1)
	if !ok || schoolName(employer.Name) || title == "" && saintsOnly(employer.Name) {
		return
	}
	me := p.self()
	p.relation(rel{typ: ontology.RelWorksAt, from: me, to: employer, role: title, conf: confWeak, validUntil: p.ts})
}

// saintsOnly reports whether an organisation's name is a saint's name and
// nothing more ("St Stephen", "Saint Anne's"), no word saying what kind of
// place it is ("St Oswin's Hospital").
func saintsOnly(name string) bool {
	f := strings.Fields(strings.ToLower(name))
	if len(f) < 2 || f[0] != "st" && f[0] != "st." && f[0] != "saint" {
		return false
	}
	for _, w := range f[1:] {
		if orgCues[strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")] {
			return false
		}
	}
	return true
}

// yearsWords count a stay in years or months.
var yearsWords = lang.Words(`years yrs year yr months decades`)

// forYears reports whether [from, end) says how long in years or months:
// "for 6 yrs", "for nearly ten years", "for a year".
func forYears(s *sentence, from, end int) bool {
	for k := from; k < end; k++ {
		if !s.Is(k, "for") {
			continue
		}
		for j := k + 1; j < end && j <= k+3; j++ {
			if yearsWords[s.Norm(j)] {
				return true
			}
		}
	}
	return false
}

// kinTitles are relationship words used as a title before a name ("Aunty
// Bisi", "Uncle Femi") and the role they give.
var kinTitles = map[string]string{"aunty": "aunt", "auntie": "aunt", "aunt": "aunt", "uncle": "uncle",
	"grandma": "grandmother", "granny": "grandmother", "nana": "grandmother", "grandpa": "grandfather",
	"grandad": "grandfather", "granddad": "grandfather", "cousin": "cousin"}

// parentLabels are speaker labels of a parent, who uses the children's
// titles ("Grandpa Ray" said by Mum is her father, not her grandfather).
var parentLabels = lang.Words(`mum mom dad mother father mama papa mummy mommy daddy ma pa`)

// kinTitle reads "Aunty Bisi", "Uncle Femi" said by a speaker: that
// speaker's aunt or uncle (FAMILY_OF), unless the speaker is a parent.
func (p *sentCtx) kinTitle() {
	s := p.s
	if parentLabels[ontology.NormaliseName(p.speaker.Name)] {
		return
	}
	for i := 0; i+1 < len(s.Toks); i++ {
		role, ok := kinTitles[s.Norm(i)]
		if !ok || !s.Toks[i].Cap && !lowerKinTitle(s, i) || s.Norm(i-1) == "my" {
			continue
		}
		sp, ok := nameAt(s, i+1)
		if !ok || p.callsSelf(sp.name) {
			continue // "tell him aunty kez is coming" said by kez: the speaker's own title
		}
		if elderNotKin(s, sp.to) {
			continue // "oom Piet next door": a title of respect for an elder, who is a neighbour
		}
		owner := p.speaker
		switch {
		case s.Norm(i-1) == "your":
			// "your Uncle Pete has joined the bowls club": the addressee's
			// uncle (in a two-party chat), not the speaker's
			if owner = p.disc.addressee(p.speaker.Name); owner.Name == "" {
				continue
			}
		case s.Is(i-1, "his", "her", "their") || i > 0 && s.Toks[i-1].Poss:
			continue // someone else's: "Josh's Uncle Pete"
		}
		person := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		p.relation(rel{typ: ontology.RelFamilyOf, from: owner, to: person, role: role, conf: confWeak, validFrom: p.ts})
		p.disc.setGender(sp.name, roleGender[role])
	}
}

// elderNotKin reports, after a titled name ending before k, what makes
// the title one of respect for an elder who is no kin: "oom Piet next
// door", "Aunty Grace from church", "Uncle Dev down the road".
func elderNotKin(s *sentence, k int) bool {
	return s.Is(k, "next") && s.Is(k+1, "door") || s.Is(k, "from") && s.Is(k+1, "church", "next", "work", "chapel", "mosque", "temple", "choir") ||
		s.Is(k, "down", "across", "up") && s.Is(k+1, "the") && s.Is(k+2, "road", "street", "way") || s.Is(k, "upstairs", "downstairs")
}

// jobAcronyms are titles and departments written in capitals ("the SRE
// offer", "the QA role"), never an employer's name.
var jobAcronyms = lang.Words(`sre qa ux ui pm po ops devops it hr cto cfo coo vp pa`)

// tookJob reads "i took the brightwater job", "I accepted the Norvik
// offer": WORKS_AT the organisation the job is at.
func (p *sentCtx) tookJob(cl clause) {
	s := p.s
	if !cl.plain() || !s.Is(cl.verb, "took", "accepted", "take", "accept") || cl.be {
		return
	}
	if s.Is(cl.verb, "took", "accepted") && s.Is(cl.verb+1, "the", "their", "an", "a") && s.Is(cl.verb+2, "offer", "job") && s.Is(cl.verb+3, "from", "at") {
		// "I accepted the offer from Ocado", "took a job at Ocado"
		if org, end, ok := p.org(cl.verb + 4); ok && p.phraseEnds(end, cl.end) {
			p.employment(cl, &org, "", true, " took a job")
		}
		return
	}
	if s.Norm(cl.verb+1) != "the" {
		return
	}
	k := cl.verb + 2
	var org ontology.EntityRef
	if sp, ok := nameAt(s, k); ok {
		sp = p.known.typeName(s, sp)
		if sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept ||
			sp.typ == ontology.EntityConcept && (occupations[lowerKey(s, sp)] || jobAcronyms[lowerKey(s, sp)]) {
			return // "accepted the SRE offer": the job's title, not its employer
		}
		org, k = ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to
	} else if ref, ok := p.disc.expand(s.Toks[min(k, len(s.Toks)-1)].Text); ok && k < len(s.Toks) && ref.Type == ontology.EntityOrganization {
		org, k = ref, k+1
	} else {
		return
	}
	if !s.Is(k, "job", "offer", "position", "role") {
		return
	}
	if (s.Norm(cl.verb) == "take" || s.Norm(cl.verb) == "accept") && !cl.have {
		return
	}
	p.employment(cl, &org, "", true, " took a job")
}

// callsSelf reports whether name is the speaker's own: their label, its
// first word, or the letters the label opens with or a shortening of them
// ("kez" said by kezza_b).
func (p *sentCtx) callsSelf(name string) bool {
	n := ontology.NormaliseName(name)
	lead := labelLead(p.speaker.Name)
	return n != "" && (p.disc.sameSpeaker(n, p.speaker.Name) || len(n) >= 3 && strings.HasPrefix(lead, n))
}
