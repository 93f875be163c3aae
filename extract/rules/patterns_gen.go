package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// thereAt resolves "there" at token k to the place (or organisation)
// it stands for: the last name of that type earlier in the sentence, else
// the discourse's most recent one ("Graz! My cousin Andrei is studying
// there", "he moved out there for her", "I am working there like software
// tester"). It returns the antecedent and the turn to cite, and reports
// false when "there" is not at k, does not end its phrase ("there's",
// "there for a week" still reads: a time may follow), or has no
// antecedent of the type within the coreference window.
func (p *sentCtx) thereAt(k int, t ontology.EntityType) (ontology.EntityRef, string, bool) {
	s := p.s
	if s.Norm(k) != "there" || s.Tok(k).Poss || !p.phraseEnds(p.skipTimeAndAdverbs(k+1), len(s.Toks)) {
		return ontology.EntityRef{}, "", false
	}
	for i := len(p.names) - 1; i >= 0; i-- {
		if n := p.names[i]; n.to <= k && n.typ == t {
			return ontology.EntityRef{Name: n.name, Type: t}, p.ids[0], true
		}
	}
	a, ok := p.disc.resolve(func(m mention) bool { return m.ref.Type == t })
	if !ok {
		return ontology.EntityRef{}, "", false
	}
	return ontology.EntityRef{Name: a.ref.Name, Type: t}, a.turn, true
}

// skipTimeAndAdverbs returns the first token from k that is neither in a
// time expression nor an adverb ("there now", "there since 2021", "there
// in 2019").
func (p *sentCtx) skipTimeAndAdverbs(k int) int {
	for k < len(p.s.Toks) {
		switch {
		case p.inTime(k):
			k++
		case adverbs[p.s.Norm(k)] || p.s.Is(k, "too", "as", "well", "for", "her", "him", "them", "now"):
			k++
		default:
			return k
		}
	}
	return k
}

// pluralGroup reports whether "the" at k opens a capitalised name whose
// last word is a plural, as groups are named ("the Deben Strummers", "the
// Rivets"), and which nothing has typed as a place or a person ("the
// Cotswolds" is in the gazetteer).
func (p *sentCtx) pluralGroup(k int) bool {
	s := p.s
	if s.Norm(k) != "the" {
		return false
	}
	sp, ok := p.typed(k + 1)
	if !ok || sp.typ == ontology.EntityPlace || sp.typ == ontology.EntityPerson {
		return false
	}
	last := s.Toks[sp.to-1]
	key := lowerKey(s, sp)
	return len(last.Norm) > 3 && last.Norm[len(last.Norm)-1] == 's' && !last.Poss && !inGazetteer(key) && !inGazetteer("the "+key)
}

// genClause reads h14-gen's verb classes in a plain clause, first or
// third person: being let go (WORKS_AT, ended), leaving for an
// organisation (WORKS_AT it), organising a named group (LEADS).
func (p *sentCtx) genClause(cl clause) {
	if !cl.plain() || p.s.Question {
		return
	}
	p.letGo(cl)
	p.lostJob(cl)
	p.leftFor(cl)
	p.workingIn(cl)
	p.organises(cl)
	p.setUp(cl)
	p.comingToLive(cl)
	p.wasBandRole(cl)
	p.joinedNamedAfter(cl)
	if !cl.we {
		p.leavingFor(cl.verb, p.self())
	}
}

// wasBandRole reads a part once played in a named band: "He was the
// drummer of Stereo Miorița": MEMBER_OF, ended at the turn's time.
func (p *sentCtx) wasBandRole(cl clause) {
	s := p.s
	if !cl.was || cl.be || p.ts == nil {
		return
	}
	k := cl.verb
	if s.Is(k, "the", "a", "an") {
		k++
	}
	if s.Norm(k) == "lead" {
		k++
	}
	if !bandRoles[s.Norm(k)] || !s.Is(k+1, "of", "in", "for", "with") {
		return
	}
	sp, ok := p.typed(k + 2)
	if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace ||
		!sp.confirmed && !(sp.typ == ontology.EntityConcept && (s.Norm(k+2) == "the" || sp.to-sp.from >= 2)) {
		return // "the drummer of Stereo Miorița" names a band; "a singer in Paris" does not
	}
	group := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelMemberOf, from: p.self(), to: group, role: s.Norm(k), conf: confWeak, validUntil: p.ts})
}

// comingToLive reads a definite move said with "to live": "my brother
// Mihai is coming to live in Vienna in March", "she's moving in with Hana
// in Didsbury", "i'm moving in with my cousin Hattie in Thorpe St Andrew"
// (MOVED_TO, and LIVES_IN of the one moved in with, who lives there
// already).
func (p *sentCtx) comingToLive(cl clause) {
	s := p.s
	if !cl.be || !s.Is(cl.verb, "coming", "moving") {
		return
	}
	k := cl.verb + 1
	var host *ontology.EntityRef
	switch {
	case s.Seq(k, "to", "live", "in"):
		k += 3
	case s.Seq(k, "in", "with"):
		j, role := k+2, false
		if s.Is(j, "my", "his", "her", "our", "their", "your", "ur") && isRoleWord(s.Norm(j+1)) {
			j, role = j+2, true // "moving in with my cousin Hattie in …", "with her sister in Leeds"
		}
		if role && s.Is(j, "in") {
			k = j + 1 // someone unnamed: the move stands, no host
			break
		}
		sp, ok := nameAt(s, j)
		if !ok {
			return
		}
		if sp = p.known.typeName(s, sp); sp.typ != ontology.EntityPerson || s.Norm(sp.to) != "in" {
			return
		}
		host = &ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		k = sp.to + 1
	default:
		return
	}
	place, _, conf, ok := p.place(k)
	if !ok {
		return
	}
	p.relation(rel{typ: ontology.RelMovedTo, from: p.self(), to: place, conf: min(conf, confWeak), validFrom: p.scheduled(cl)})
	if host != nil {
		p.relation(rel{typ: ontology.RelLivesIn, from: *host, to: place, conf: min(conf, confWeak), validFrom: p.ts})
	}
}

// founding is a business someone set up before it is named: "he's set
// up his own studio!! it's called Foldline".
type founding struct {
	founder ontology.EntityRef
	with    ontology.EntityRef // the speaker, of "me and my brother Santi set up …"
	cite    []string           // the founder's antecedent turn, when a pronoun named them
	leads   bool               // "runs the little bookshop …, it's called X": LEADS, not CREATED
}

// setUpVerbs found something: with "up" for "set".
var setUpVerbs = map[string]bool{"set": true, "started": true, "opened": true, "launched": true, "founded": true}

// setUp reads a founding whose name comes after it: "Marcus set up his own
// studio", "Aoife set it up last year, it's called Hollowpine", "Ellie's
// started her own business doing cakes", "she finally opened her own!".
// The business waits in the turn for its name.
func (p *sentCtx) setUp(cl clause) {
	s := p.s
	v := s.Norm(cl.verb)
	runs := v == "run" || v == "runs" || v == "running" && cl.be
	if !setUpVerbs[v] && !runs || cl.be && !runs {
		return
	}
	k := cl.verb + 1
	if runs {
		// "he runs the little bookshop on the high street, it's called Bell's Books"
		if !s.Is(k, "the", "a", "his", "her", "their") {
			return
		}
		k++
		for j := 0; j < 2 && s.Is(k, "little", "tiny", "small", "local", "new", "old", "family"); j++ {
			k++
		}
		if introNouns[s.Norm(k)] && !s.Is(k, "team", "club", "band", "choir") {
			p.founded = &founding{founder: p.self(), cite: p.cite, leads: true}
		}
		return
	}
	if v == "set" {
		if s.Seq(k, "it", "up") {
			p.founded = &founding{founder: p.self(), cite: p.cite}
			return
		}
		if s.Norm(k) != "up" {
			return
		}
		k++
	}
	if !s.Is(k, "his", "her", "their", "my", "our", "a", "an") {
		return
	}
	k++
	own := false
	for s.Is(k, "own", "new", "little", "tiny", "small") {
		own = own || s.Norm(k) == "own"
		k++
	}
	for m := 0; m < 2 && !introNouns[s.Norm(k)] && introNouns[s.Norm(k+1+m)] && jobModifier(s, k); m++ {
		k++ // "a coffee roastery", "a dog grooming salon"
	}
	if !introNouns[s.Norm(k)] && !(own && p.phraseEnds(k, cl.end)) || s.Is(k, "team", "club", "band", "choir") {
		return // "started a new team", "opened a bar tab" are not businesses named next
	}
	p.founded = &founding{founder: p.self(), cite: p.cite}
	if cl.third && p.meAndBefore(cl.subj) {
		p.founded.with = p.speaker // "me and my brother santi set up a coffee roastery"
	}
}

// namedFounding reads the name of a business the turn said someone set
// up: "it's called X", "she's calling it X", "it's named X": CREATED
// founder → X, an organisation.
func (p *sentCtx) namedFounding() {
	s := p.s
	if p.founded == nil {
		return
	}
	for k := 0; k+1 < len(s.Toks); k++ {
		at := -1
		switch {
		case s.Is(k, "called", "named") && s.Is(k-1, "is") && s.Is(k-2, "it"):
			at = k + 1
		case s.Is(k, "calling", "naming") && s.Norm(k+1) == "it":
			at = k + 2
		case k == s.FirstWord() && s.Tok(k).Cap && nameOnly(s, k) && len(p.founded.cite) == 0:
			// "I set up a coffee roastery!!! Ceiba Tostadores 🌳☕": the name alone after it, when
			// the founder is named, not a pronoun's guess
			at = k
		}
		if at < 0 {
			continue
		}
		if s.Norm(at) == "the" && s.Tok(at+1).Cap {
			at++
		}
		sp, ok := nameAt(s, at)
		if !ok {
			return
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		f := p.founded
		p.founded = nil
		saved := p.cite
		p.cite = f.cite
		p.typedEntity(org, confCue, "named:founded")
		if f.leads {
			p.relation(rel{typ: ontology.RelLeads, from: f.founder, to: org, conf: confWeak, validFrom: p.ts})
		} else {
			p.created(f.founder, org, " founded ", confWeak)
			if f.with.Name != "" && f.with.Name != f.founder.Name {
				p.cite = saved
				p.created(f.with, org, " founded ", confWeak)
			}
		}
		p.cite = saved
		return
	}
}

// letGo reads losing a job: "Marcus got let go from Halden Bank", "I was
// laid off by Ocado", "she got fired from Tesco", "he was made redundant
// at Ford": WORKS_AT, ended at the turn's time.
func (p *sentCtx) letGo(cl clause) {
	s := p.s
	k := cl.verb
	if s.Norm(k) == "got" {
		k++
	} else if !cl.was && !cl.have && !cl.been {
		return
	}
	switch {
	case s.Seq(k, "let", "go"), s.Seq(k, "laid", "off"), s.Seq(k, "made", "redundant"):
		k += 2
	case s.Is(k, "fired", "sacked", "dismissed"):
		k++
	default:
		return
	}
	for k < cl.end && p.inTime(k) {
		k++ // a burst's next message may finish it: "got fired today" / "from Aldi"
	}
	if !s.Is(k, "from", "by", "at") {
		return
	}
	if s.Is(k, "from") && p.ts != nil && p.leftGroup(cl, k+1) {
		return // "I got let go from my band": a group left, not a job
	}
	org, _, ok := p.org(k + 1)
	if !ok {
		return
	}
	if sp, typed := p.typed(k + 1); !typed || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace {
		return // "fired from the team", "let go by Tom"
	}
	p.employment(cl, &org, "", false, "")
}

// leftFor reads "Kai left for Monzo in april": a move to a new employer,
// WORKS_AT when the name is read as an organisation ("left for Paris" is
// a trip).
func (p *sentCtx) leftFor(cl clause) {
	s := p.s
	if s.Norm(cl.verb) != "left" || cl.be || s.Norm(cl.verb+1) != "for" {
		return
	}
	sp, ok := p.typed(cl.verb + 2)
	if !ok || !p.orgConfirmed(sp) {
		return // an organisation by a strong cue or by an earlier turn ("works at Monzo")
	}
	if !p.phraseEnds(p.skipTimeAndAdverbs(sp.to), cl.end) {
		return
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.employment(cl, &org, "", true, " moved to a job at")
}

// organiseVerbs lead a group one runs: "he also organises EdinburghJS".
var organiseVerbs = map[string]bool{"organise": true, "organises": true, "organize": true, "organizes": true,
	"organising": true, "organizing": true}

// organises reads "X organises <a named group>": LEADS, role organiser.
// The object must be a capitalised name that is neither a person nor a
// place ("organises the party", "organises Tom" are not read).
func (p *sentCtx) organises(cl clause) {
	s := p.s
	if !organiseVerbs[s.Norm(cl.verb)] {
		return
	}
	sp, ok := p.typed(cl.verb + 1)
	if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || !p.phraseEnds(p.skipTimeAndAdverbs(sp.to), cl.end) {
		return
	}
	group := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelLeads, from: p.self(), to: group, role: "organiser", conf: confWeak, validFrom: p.ts})
}

// ownerHomeNouns name where someone lives: "her new house in Harrogate".
var ownerHomeNouns = map[string]bool{"house": true, "flat": true, "place": true, "home": true, "apartment": true,
	"cottage": true, "bungalow": true}

// bizPlaceVerbs, before "his own place", make it a business: "opened his
// own place in ilkley", "runs her own place in Leith".
var bizPlaceVerbs = lang.Words(`opened open opens opening started starting starts launched launching runs run
	running`)

// homeAdjectives may stand between the owner and the home noun.
var homeAdjectives = map[string]bool{"new": true, "little": true, "big": true, "old": true, "lovely": true,
	"tiny": true, "own": true, "gorgeous": true, "nice": true}

// genSentence reads h14-gen's sentence patterns: someone's home in a
// place, and a liking for "that place" just named.
func (p *sentCtx) genSentence() {
	if p.s.Question || p.hedgedAt(0) {
		return
	}
	p.namedPartner()
	p.beenTogether() // "Can I bring Aigerim? We've been together a year now"
	p.stillWith()
	p.partOfGroup()
	p.announcedPartner()
	p.nextDoor()
	if p.speaker.Name != "" && p.s.Is(0, "leaving", "left") && !p.echoesOthersMove() {
		p.leavingFor(0, p.speaker) // "Leaving Greenwich for Lewes in August, the house is bought"
	}
	p.theirHome()
	p.loveThatPlace()
	p.namedFounding()
	p.theyAreIn()
}

// theyAreIn reads "Hartley and Sons, they're in Wetherby": "they" or "it"
// with "is/are in" a place, right after an organisation the sentence
// names with no person between and no two people before it ("I met Tom
// and Ana at Ocado, they're in Leeds": they are the people): LOCATED_IN.
func (p *sentCtx) theyAreIn() {
	s := p.s
	for k := 1; k+3 < len(s.Toks); k++ {
		if !s.Is(k, "they", "it") || !s.Is(k+1, "are", "is") || s.Norm(k+2) != "in" {
			continue
		}
		var org *span
		for i := len(p.names) - 1; i >= 0; i-- {
			if n := &p.names[i]; n.to <= k {
				if p.orgNamed(*n) && k-n.to <= 2 && peopleIn(p.names[:i]) < 2 {
					org = n
				}
				break
			}
		}
		if org == nil {
			continue
		}
		place, end, conf, ok := p.place(k + 3)
		if !ok || !p.phraseEnds(p.skipTimeAndAdverbs(end), len(s.Toks)) && s.Norm(end) != "," || nearStayAfter(s, end) {
			continue // …, or "theyre in Keighley this weekend": a stall at an event, not where the firm is
		}
		ref := ontology.EntityRef{Name: org.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: ref, to: place, conf: min(conf, confWeak), validFrom: p.ts})
	}
}

// nearStayAfter reports whether the words at k bound a stay in a place to a
// near time ("this weekend", "next week", "today", "till Sunday", "for
// the weekend", "on Saturday"): a visit, a market or a show, which says
// nothing of where a business is.
func nearStayAfter(s *sentence, k int) bool {
	_, day := lang.Weekdays[s.Norm(k+1)]
	return s.Is(k, "this", "next", "today", "tonight", "tomorrow", "until", "till", "til") ||
		s.Is(k, "for") && s.Is(k+1, "the", "a") && s.Is(k+2, "weekend", "week", "day", "night", "fortnight", "month") ||
		s.Is(k, "on") && day
}

// theirHome reads "her new house in Harrogate", "Tom's flat in Leeds":
// LIVES_IN the owner (his/her resolved to a person). A plural or unnamed
// owner ("their", "her mum's") is not read, nor a holiday home.
func (p *sentCtx) theirHome() {
	s := p.s
	for m := 0; m+3 < len(s.Toks); m++ {
		n := s.Norm(m)
		if n != "his" && n != "her" && !s.Toks[m].Poss {
			continue
		}
		k := m + 1
		for homeAdjectives[s.Norm(k)] {
			k++
		}
		if !ownerHomeNouns[s.Norm(k)] || s.Norm(k+1) != "in" || s.Toks[k].Poss || openedBusiness(s, m) {
			continue // …, or "opened his own place in ilkley": a restaurant, a shop, no home
		}
		place, _, conf, ok := p.place(k + 2)
		if !ok {
			continue
		}
		var owner ontology.EntityRef
		cite := ""
		switch n {
		case "his", "her":
			a, ok := p.pronoun(m, n)
			if !ok {
				continue
			}
			owner, cite = a.ref, a.turn
		default:
			sp, ok := nameBefore(s, m+1)
			if !ok {
				continue
			}
			sp = p.known.typeName(s, sp)
			if sp.typ != ontology.EntityPerson {
				continue
			}
			owner = ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		}
		func() {
			defer p.citeFrom(cite)()
			p.relation(rel{typ: ontology.RelLivesIn, from: owner, to: place, conf: min(conf, confWeak), validFrom: p.ts})
		}()
	}
}

// openedBusiness reports whether the word at m (an owner's "his", "her",
// "my") follows a verb that opens or runs a business: "opened his own
// place in ilkley", "runs her own place in Leeds", "set up my own place":
// a restaurant or a shop, no home.
func openedBusiness(s *sentence, m int) bool {
	return bizPlaceVerbs[s.Norm(m-1)] || s.Is(m-1, "up") && s.Is(m-2, "set", "setting", "sets")
}

// thatPlaceNouns are the words of "love that place".
var thatPlaceNouns = map[string]bool{"place": true, "spot": true, "shop": true, "café": true, "cafe": true,
	"restaurant": true, "bar": true, "pub": true, "bakery": true, "bookshop": true}

// loveThatPlace reads "love that place" (with or without "I") after an
// organisation was named: LIKES the speaker → it.
func (p *sentCtx) loveThatPlace() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "love", "loved", "adore", "adored") || s.Norm(k+1) != "that" || !thatPlaceNouns[s.Norm(k+2)] || !p.phraseEnds(k+3, len(s.Toks)) {
			continue
		}
		if k > 0 && !s.Is(k-1, "i", "really", "just", "so", "absolutely", "also") && !onlyWords(s, 0, k, "lol", "omg", "oh", "ah", "aw", "ooh", "honestly", "tbh", "yes", "yeah") {
			continue // "do you love that place", "she loves that place": not the speaker
		}
		if k > 0 && s.Is(k-1, "really", "just", "so", "absolutely", "also") && k > 1 && !s.Is(k-2, "i") && !onlyWords(s, 0, k-1, "lol", "omg", "oh", "ah", "aw", "ooh", "honestly", "tbh", "yes", "yeah") {
			continue
		}
		// An organisation first (a café, a shop), else a named thing of
		// two words nothing typed ("Sea Holly"); never a town, which the
		// same turn often names beside the place ("Pellegrino's, that
		// italian place in Norwich").
		a, ok := p.disc.resolve(func(m mention) bool { return m.ref.Type == ontology.EntityOrganization })
		if !ok {
			a, ok = p.disc.resolve(func(m mention) bool {
				return m.ref.Type == ontology.EntityConcept && strings.Contains(m.ref.Name, " ") && !m.object
			})
		}
		if !ok {
			return
		}
		a.ref.Type = ontology.EntityOrganization
		defer p.citeFrom(a.turn)()
		p.relation(rel{typ: ontology.RelLikes, from: p.speaker, to: a.ref, conf: confWeak, validFrom: p.ts})
		return
	}
}

// peopleIn counts the people among names.
func peopleIn(names []span) int {
	n := 0
	for _, sp := range names {
		if sp.typ == ontology.EntityPerson {
			n++
		}
	}
	return n
}

// meAndBefore reports whether the third-person subject at subj is the
// second of a pair the speaker opens: "me and my brother Santi", "me n
// Santi".
func (p *sentCtx) meAndBefore(subj int) bool {
	s := p.s
	for k := subj - 1; k >= 0 && k >= subj-3; k-- {
		if s.Is(k, "and", "n", "&") {
			return s.Is(k-1, "me") && (k-1 == afterLeads(s) || clauseOpening(s, k-1))
		}
		if !s.Tok(k).Word || !s.Is(k, "my", "our") && !isRoleWord(s.Norm(k)) && !s.Tok(k).Cap {
			return false
		}
	}
	return false
}
