package rules

import (
	"strings"
	"time"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// maxPatternBytes bounds the sentences patterns read: longer ones are
// usually pasted text, costly to scan and rarely plain statements.
const maxPatternBytes = 600

// sentCtx is one sentence of a turn while it is being read.
type sentCtx struct {
	*turnCtx
	s     *sentence
	names []span             // the sentence's emitted names
	times []timeHit          // its time expressions
	day   time.Time          // the turn's day at 00:00 UTC (zero when unknown)
	subj  ontology.EntityRef // the subject of a third-person clause being read ("" Name: the speaker)

	roleEnded bool // the role being read is over ("my late husband", "my ex"): relRole ends it

	slotMemo []frameSlotMemo // frame slots read (frames.go)
	words    map[string]bool // the sentence's words, once a frame asked (frames_need.go)

	before     *sentence // the turn's sentence before, once asked (sentenceBefore, chat_turns.go)
	beforeRead bool
}

// process reads one sentence: its names always, its patterns when it is
// short enough. Its mentions join the discourse after it.
func (c *turnCtx) process(s *sentence) {
	defer c.flush()
	defer c.dropHedgedTies(s, len(c.out.Relations))                         // "i think Marcus runs it", after every reading (hedged_ties.go)
	defer c.dropQuotedSelf(s, len(c.out.Relations))                         // "Jess said \"i work at X\"" (hedged_ties.go)
	defer c.dropHomeOfMove(len(c.out.Relations))                            // "we moved into our own place in molo" (hedged_ties.go)
	defer c.dropSarcasticLikes(s, len(c.out.Relations), len(c.out.Profile)) // "oh sure, I just LOVE Mondays 🙄"
	p := &sentCtx{turnCtx: c, s: s}
	defer p.noteCandidate() // after the pair subjects, before the flush
	defer p.pairSubjects(len(c.out.Relations))
	p.names = c.known.sentenceNames(s)
	for _, n := range p.names {
		typ, conf, cue := n.typ, n.tconf, n.cue
		if typ == ontology.EntityConcept && conf == 0 {
			// The words around an untyped name vote for its type, weakly:
			// the patterns still read it as untyped.
			if t, why, ok := contextType(s, n); ok {
				typ, conf, cue = t, confContext, why
			}
		}
		if (typ == ontology.EntityConcept || n.cue == "prep:in") && conf < confCue && bandIn(s, n.from) {
			typ, conf, cue = ontology.EntityOrganization, confCue, "context:band in"
		}
		if conf < confCue && c.species != "" && petNameAt(s, n.from) {
			typ, conf, cue = ontology.EntityAnimal, confName, "pet-name:"+c.species
		}
		c.typedEntity(ontology.EntityRef{Name: n.name, Type: typ}, conf, cue)
		if len(c.pending) > 0 && c.pending[len(c.pending)-1].ref.Name == n.name {
			c.pending[len(c.pending)-1].head = n.head
			c.pending[len(c.pending)-1].object = prepositions[s.Norm(n.from-1)] && !topicHeading(s, n) || calledByIt(s, n.from) ||
				s.Is(n.from-1, "sa") && codeSwitched(s) // Tagalog "permanent ka na sa QE?": where, not who
		}
	}
	c.noteOpeningName(s, p.names)
	c.noteOpeningPossessive(s, p.names) // "Ken's do was lovely"
	p.reflexiveGender()                 // "Rafaela … got herself engaged"
	p.copulaGender()                    // "yerlan's a kisumu girl originally"
	c.noteOpeningPair(s, p.names)       // "Robin and Kim dropped by"
	c.noteSpecies(s)
	if s.End-s.Start > maxPatternBytes {
		return
	}
	p.times = lang.ScanTimes(c.text, s, c.ref)
	if c.ts != nil {
		y, m, d := c.ref.Date()
		p.day = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
	p.noteChatGroup() // "Agenda for Thursday's Ashgrove CC committee" (chatgroup.go)
	p.itIsCalled()
	p.homeIs()
	p.firstDayAt()
	if !s.Question {
		p.runBy()
		p.writtenBy()
		p.makesMeLove()
		p.favouriteApposition()
		p.hiredMe()
		p.groupRoleIs()
		p.thirdPerson()
		p.orgInPlace()
		p.lineUp()               // "me on bass, teodora sings, raff on drums"
		p.groupLeaderIs()        // "the commodore is Birgit"
		p.chatRoles()            // "i'm the new treasurer", "Jolene is officially one of us" (chatgroup_roles.go)
		p.demonymMember()        // "happy new year goblins" … "6 years a goblin" (chatgroup_roles.go)
		p.sayHiToNewcomer()      // "we have a new member! everyone say hi to Rhiannon" (chatgroup_roles.go)
		p.groupJoined()          // "Teodora joined the band last month"
		p.ownGroupSaid()         // "I'm in a band with my flatmates, we're called …"
		p.itIsIn()               // "leif starts at Selkie Boatworks" / "it's in Buckie"
		p.kindInFragment()       // "doing shifts at the Crooked Compass" / "the pub in Headingley" (orgs_kind_fragment.go)
		p.parenRoles()           // "Hal (flatmate) is away"
		defer p.sentenceFrames() // data/frames.txt, after the patterns of their own
	}
	p.othersPatterns()
	p.pairs()
	if c.speaker.Name == "" {
		return
	}
	p.myPatterns()
	p.firedMe()  // "they let me go at Tesco"
	p.oustedMe() // "they kicked me out of the band"
	p.kinTitle()
	p.knownFrom()       // "Malik from our year" holds in a question too
	p.styles4Sentence() // "Ahmed from accounts", "X introduced me to Y" (patterns_acquaintance.go)
	p.styles4Things()   // "can't get enough of X", "meet Pickle 🐢", "my WI group, the Hoxton Hens" (patterns_idioms.go)
	for _, cl := range clauses(s) {
		p.selfPatterns(cl)
	}
	if f := p.implicitOpening(); f >= 0 && !p.answerHolds() && !p.elidedOfOther() { // not "oonagh's gone." / "moved to dundee" (guards_elided.go)
		// "still at Arup" is the speaker's unless it answers a question
		cl, ok := implicitClause(s, f)
		switch {
		case ok && s.Norm(f) == "at" && cl.neg:
			p.notAtAnymore(cl) // "not at dunmore anymore" (works_phrasing.go)
		case ok && s.Is(f, "at", "with"):
			p.stillAt(cl) // "still at Cabify", "at Google now", "still w/ Accenture": nothing else reads a bare "at"
		case ok:
			p.selfPatterns(cl)
		}
	}
	p.implicitEvent()
	p.blind5Sentence()
	p.genSentence()
	p.blind8Sentence()             // "they're in leeds", "joined a rowing crew, the Harbour Belles" (orgs_they_are_in.go, groups_joined.go)
	p.blind9Sentence()             // "we got a flat in X", "he's coming from Brightwake" (homes_lived_in.go, works_started.go)
	p.blind10Sentence()            // "Halden are transferring me to their Manchester office", "Dani has left London" (orgs_sites_and_branches.go, homes_left_and_origins.go)
	p.runReadings(blind11Readings) // "I have been on Hazel Grove for thirty years", "my team lead is this guy Joris" (homes_lived_in.go, works_mates.go)
	p.blind13Sentence()            // "their head office is over in Macclesfield", "Garrick's took me on" (orgs_sites_and_branches.go, works_started.go)
	p.blind14Sentence()            // "Stevie has signed for Clifton Rovers", "my cousin Dev is a nurse there" (groups_joined.go, orgs_there.go)
	p.blind15Sentence()            // "their office is in kazimierz", "X runs the place", "on the east side of kraków" (orgs_sites_and_branches.go, owns_places.go, places_side.go)
	p.blind16Sentence()            // "driving days for Parcelwing now", "sheffield's home now" (works_now.go, homes_lived_in.go)
	// "she's taken a matron post at X", "he coaches the X", "i love a pub quiz" (works_started.go, leads_posts.go, study_and_likes.go)
	p.runReadings(blind18Readings)
	p.runReadings(blind17Readings)       // "my manager at X", "Rosie from X signed up", "they're out in X", "2nd year at X College" (works_mates.go, orgs_they_are_in.go, study_and_likes.go)
	p.runReadings(leads22Readings)       // "she runs the place now", "me and X are running it" (leads_runs.go)
	p.runReadings(biz22Readings)         // "got his own place now, TR Motors" (owns_business.go)
	p.runReadings(orgs22Readings)        // "X, theyre a catering company in Y" (orgs_described.go)
	p.runReadings(blind23bReadings)      // "benny's sold the Rowan Tree", "he's on bass for them now" (owns_places.go, groups_joined.go)
	p.runReadings(located23Readings)     // "they've just opened a second shop in Leeds" (located_business.go)
	p.runReadings(located23HomeReadings) // "ive been in brixton 8 yrs", "plenty of room here in Swansea" (homes_said.go)
	p.runReadings(works23Readings)       // "after ten years at Unilever, Rob finally quit" (works_phrasing.go)
	p.runReadings(blind24Readings)       // "Bowls club made me vice chair. Lostock Crown Green.", "last day at X was friday" (leads_posts.go, works_left.go)
	p.runReadings(blind25Readings)       // "as captain of hollybank rovers i'm taking that as a compliment" (quits_and_posts.go)
	p.runReadings(orgNamedAgainReadings) // "the restaurant's in surry hills" (orgs_named_again.go)
	p.runReadings(blind27Readings)       // "I'm Hannah, mum to Olly" (kin_intro.go)
	p.runReadings(proFormReadings)       // "danny does the piercings there", "kirsty heads up sales there" (proform_work.go)
	p.runReadings(blind28Readings)       // "me and raf are officially a thing", "got the keys to a flat in X" (partners_item.go, homes_keys.go, ties_been.go)
	p.runReadings(fp29Readings)          // "You'll report to me on nights" (reports_to_me.go)
	p.runReadings(gl29Readings)          // "its official w ines", "jamie's quitting the breadhouse" (partners_official.go, works_left.go)
	p.runReadings(kin30Readings)         // "well done sus", "riaan my seun i hope…" in a family's chat (vocative_sibling.go)
	p.runReadings(biz30Readings)         // "Gerald at Allestree Motors says" (works_at_says.go)
	p.runReadings(roles33Readings)       // "i'm head coach of the Mile End Mosquitoes", "i adopted a cat, meet kape" (roles_of_group.go)
	p.seeingSomeoneAnswered()            // "i'm seeing someone 🙈" / "WHO" / "wout. plays bass" (partners_seeing.go)
	p.runReadings(thing37Readings)       // "dario from our course at maastricht uni", "did events management at X" (study_course_at.go)
}

// calledByIt reports whether the name at k follows "it's called" or "it's
// named", with or without "the" ("It's called Papel & Tinta", "It's called
// the Slow Heron"): a thing's name, never a person a pronoun may mean.
func calledByIt(s *sentence, k int) bool {
	if s.Norm(k-1) == "the" {
		k--
	}
	return s.Is(k-1, "called", "named") && s.Seq(k-3, "it", "is")
}

// self is the subject of the statement being read: the speaker of a
// first-person statement, or the person a third-person clause is about.
func (p *sentCtx) self() ontology.EntityRef {
	if p.subj.Name != "" {
		return p.subj
	}
	return p.speaker
}

// typed reads and types the name at i, after an optional "the".
func (p *sentCtx) typed(i int) (span, bool) {
	if p.s.Norm(i) == "the" {
		i++
	}
	sp, ok := nameAt(p.s, i)
	if !ok {
		return span{}, false
	}
	return p.known.typeName(p.s, sp), true
}

// place reads a place name at i ("Boston", "the Netherlands"). Names typed
// as people, organisations or works are refused. Gazetteer and known
// places are strong; other capitalised names weaker.
func (p *sentCtx) place(i int) (ontology.EntityRef, int, float64, bool) {
	sp, ok := p.typed(i)
	if !ok {
		if ref, end, ok := p.lowerPlace(i); ok {
			return ref, end, confStrong, true
		}
		return ontology.EntityRef{}, 0, 0, false
	}
	conf := confStrong
	switch {
	case (sp.typ == ontology.EntityConcept || weakCue(sp)) && orgDescribedAfter(p.s, sp.to): // "from Gower Paws, they're a charity"
		return ontology.EntityRef{}, 0, 0, false
	case sp.typ == ontology.EntityPlace && weakCue(sp):
		conf = confWeak
	case sp.typ == ontology.EntityPlace:
	case sp.typ == ontology.EntityConcept && !sp.confirmed && !workUnit(ontology.NormaliseName(sp.name)): // not "in Marketing"
		conf = confWeak
	default:
		return ontology.EntityRef{}, 0, 0, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPlace}, sp.to, conf, true
}

// withThe renders a name read at k as written: "the Bay Area" when the
// name followed "the", the bare name otherwise.
func (p *sentCtx) withThe(k int, name string) string {
	if p.s.Norm(k) == "the" {
		return "the " + name
	}
	return name
}

// org reads an organisation name at i ("Acme", "the Mayo Clinic"). Names
// typed as people, places or works are refused.
func (p *sentCtx) org(i int) (ontology.EntityRef, int, bool) {
	sp, ok := p.typed(i)
	if !ok {
		return p.describedOrg(i)
	}
	if sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept || weakCue(sp) {
		return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
	}
	return ontology.EntityRef{}, 0, false
}

// weakCue reports whether a name's type rests only on the preposition
// before it ("in Los Lunes"), which a pattern may overrule.
func weakCue(sp span) bool { return strings.HasPrefix(sp.cue, "prep:") }

// person reads a person's name at i. Names typed as places, organisations
// or works are refused.
func (p *sentCtx) person(i int) (ontology.EntityRef, int, bool) {
	sp, ok := nameAt(p.s, i)
	if !ok {
		return ontology.EntityRef{}, 0, false
	}
	sp = p.known.typeName(p.s, sp)
	switch sp.typ {
	case ontology.EntityPerson, ontology.EntityConcept:
		return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, sp.to, true
	}
	return ontology.EntityRef{}, 0, false
}

// personList reads a list of person names at i ("Tim", "Tim and Ana", "Tim,
// Ana, and Lou").
func (p *sentCtx) personList(i int) ([]ontology.EntityRef, int) { return p.namesList(i, p.person) }

// namesList reads names joined by commas and "and" at i, each read by
// read: personList's, or lower-case ones (lowerPerson).
func (p *sentCtx) namesList(i int, read func(int) (ontology.EntityRef, int, bool)) ([]ontology.EntityRef, int) {
	var out []ontology.EntityRef
	for len(out) < 6 {
		ref, end, ok := read(i)
		if !ok {
			break
		}
		out = append(out, ref)
		i = end
		next := i
		if p.s.Norm(next) == "," {
			next++
		}
		if p.s.Norm(next) == "and" {
			next++
		}
		if next == i {
			break
		}
		i = next
	}
	return out, i
}

// timeFor returns the time expression governing the clause [from, to): one
// inside it, or one opening the sentence before it ("Last week, I ran…").
func (p *sentCtx) timeFor(from, to int) *timeHit {
	for k := range p.times {
		h := &p.times[k]
		if h.From >= from && h.To <= to {
			return h
		}
	}
	for k := range p.times {
		h := &p.times[k]
		if h.To <= from && onlyGlue(p.s, h.To, from) {
			return h
		}
	}
	return nil
}

// inTime reports whether token k belongs to a time expression.
func (p *sentCtx) inTime(k int) bool {
	for _, h := range p.times {
		if k >= h.From && k < h.To {
			return true
		}
	}
	return false
}

// onlyGlue reports whether tokens [from, to) hold only punctuation and
// linking words, so a time expression before them governs what follows.
func onlyGlue(s *sentence, from, to int) bool {
	for k := from; k < to; k++ {
		t := s.Toks[k]
		if t.Word && t.Norm != "then" && t.Norm != "so" && t.Norm != "and" && t.Norm != "when" {
			return false
		}
	}
	return true
}

// pastTime returns the clause's time expression when it is not in the
// future, else nil.
func (p *sentCtx) pastTime(from, to int) *timeHit {
	h := p.timeFor(from, to)
	if h == nil || !p.day.IsZero() && h.Span.Start.After(p.day) {
		return nil
	}
	return h
}

// since is when a state stated in the clause began: the start of its past
// time expression, else the turn's time.
func (p *sentCtx) since(from, to int) *time.Time { return p.startOr(p.pastTime(from, to)) }

// startOr is the start of h, or the turn's time when h is nil.
func (p *sentCtx) startOr(h *timeHit) *time.Time {
	if h != nil {
		t := h.Span.Start
		return &t
	}
	return p.ts
}

// when renders the clause's past time expression for a statement (" in
// 2019"), or "".
func (p *sentCtx) when(from, to int) string { return hitWords(p.pastTime(from, to)) }

// hitWords renders a time expression for a statement, or "" for nil.
func hitWords(h *timeHit) string {
	if h != nil {
		return " " + spanWords(h.Span)
	}
	return ""
}

// has reports whether a token of [from, to) is one of ws.
func (p *sentCtx) has(from, to int, ws ...string) bool {
	for k := from; k < to && k < len(p.s.Toks); k++ {
		if p.s.Is(k, ws...) {
			return true
		}
	}
	return false
}

// stmt joins statement parts into a sentence with a final full stop.
func stmt(parts ...string) string {
	return strings.Join(parts, "") + "."
}

// citeFrom makes the relations and facts emitted next cite turn cite as
// well, when it names one other than the current turn (the one that
// introduced an organisation a pronoun stands for), and returns what
// undoes that, to defer.
func (p *sentCtx) citeFrom(cite string) func() {
	if cite == "" || cite == p.ids[0] {
		return func() {}
	}
	p.cite = []string{cite}
	return func() { p.cite = nil }
}
