package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// noteKinTitle records that a typing cue "title:<word>" named name by a
// family title (kinTitles: "Aunty Thanh", "Uncle Femi"), which says the
// person is family of the speakers, not anyone's partner.
func (d *discourse) noteKinTitle(name, cue string) {
	if t, ok := strings.CutPrefix(cue, "title:"); ok && kinTitles[t] != "" {
		if d.kin == nil {
			d.kin = map[string]bool{}
		}
		d.kin[ontology.NormaliseName(name)] = true
	}
}

// partnerWithin resolves "your girlfriend", said without a name, like
// namedPersonWithin, skipping the people a family title named: after
// "Aunty Thanh's 60th" and "Can I bring Aigerim?", "your girlfriend" is
// not the aunt, whose gender alone fits.
func (d *discourse) partnerWithin(window int, pronoun string) (antecedent, bool) {
	want := pronounGender[pronoun]
	return d.resolveWithin(window, func(m mention) bool {
		return m.ref.Type == ontology.EntityPerson && !d.speakers[m.norm] && !d.kin[m.norm] &&
			(want == genderUnknown || m.gender == genderUnknown || m.gender == want)
	})
}

// topicHeading reports whether the name sp heads a piece of news about
// it: "update on Aigerim: he's set up his own studio", "news about Nurlan -
// she got in". The preposition before it does not make it an object a
// pronoun cannot mean.
func topicHeading(s *sentence, sp span) bool {
	return s.Is(sp.from-1, "on", "about", "re", "from") && (s.Is(sp.to, ":", "-", "–") || sp.to >= len(s.Toks)) &&
		s.Is(sp.from-2, "update", "updates", "news", "gossip", "word")
}

// bandByPart reports whether the one unknown word sp after "<instrument>
// in" names a band: the sentence speaks of gigs or a band and nothing typed
// the word a place ("in Kpando every summer" stays a town).
func (p *sentCtx) bandByPart(sp span) bool {
	if sp.typ == ontology.EntityPlace && sp.cue != "prep:in" || p.disc.typedAs(sp.name, ontology.EntityPlace) {
		return false
	}
	return holdsBandTalk(p.s)
}

// loneName reports whether the sentence is one name no list knows and
// nothing else, and the turn goes on about a person ("Temitope. he's a
// chef at Hexwell"): the sentence's names skip a capital at its start, but
// said right after a partner was announced without a name, it is the
// partner's. A word of the lists or shaped like an adjective ("Gorgeous.",
// "Typical.") is none.
func (p *sentCtx) loneName() bool {
	s := p.s
	sp, ok := nameAt(s, 0)
	if !ok || sp.to-sp.from != 1 || s.Tok(0).Poss {
		return false
	}
	if sp = p.known.typeName(s, sp); sp.typ != ontology.EntityConcept || commonSpan(sp) || englishWords[s.Norm(0)] ||
		notLowerName(s.Norm(0)) || partnerRemarks[s.Norm(0)] {
		return false
	}
	for _, e := range adjectiveEndings {
		if strings.HasSuffix(s.Norm(0), e) {
			return false
		}
	}
	for i := sp.to; i < len(s.Toks); i++ {
		if s.Toks[i].Word || s.Toks[i].Norm == "," {
			return false
		}
	}
	next := strings.Fields(strings.ToLower(strings.TrimLeft(p.text[min(s.End, len(p.text)):], " .!…")))
	return len(next) > 0 && (next[0] == "he" || next[0] == "she" || next[0] == "he's" || next[0] == "she's" ||
		next[0] == "he’s" || next[0] == "she’s")
}

// adjectiveEndings end words that describe rather than name: "gorgeous",
// "classic", "stylish", "adorable".
var adjectiveEndings = []string{"ous", "ful", "less", "ic", "ical", "ish", "able", "ible", "ive", "some", "ly"}

// partnerRemarks are the one-word remarks a new partner's news draws
// that no ending gives away: "Tall. he's a chef".
var partnerRemarks = lang.Words(`tall short hot fit cute sweet rich older younger dunno drama scandal finally
	honestly classic typical chef doctor nurse bless mystery`)

// orgNamed reports whether the name sp is an organisation: typed one, or
// a name no list knows set after a business noun ("his uncle's roofing
// firm, Veltrix, they're in Tamale") or typed one earlier in the window.
func (p *sentCtx) orgNamed(sp span) bool {
	return sp.typ == ontology.EntityOrganization ||
		sp.typ == ontology.EntityConcept && (appositionIntro(p.s, sp.from) || p.disc.typedAs(sp.name, ontology.EntityOrganization))
}

// reflexiveGenders are the reflexives that say a gender.
var reflexiveGenders = map[string]byte{"herself": genderFemale, "himself": genderMale}

// reflexiveGender gives a name no list knows the gender of the reflexive
// its clause turns back on it: "your cousin Rafaela has only gone and got
// herself engaged" says Rafaela is a woman, so a later "he" means the
// fiancé. Only the nearest person-like name before the reflexive, with no
// other name between and no clause break, counts.
func (p *sentCtx) reflexiveGender() {
	s := p.s
	for i, t := range s.Toks {
		g := reflexiveGenders[t.Norm]
		if g == genderUnknown {
			continue
		}
		for k := len(p.names) - 1; k >= 0; k-- {
			sp := p.names[k]
			if sp.to > i {
				continue
			}
			if personLike(sp.typ) && !p.disc.isSpeaker(sp.name) && !clauseBreakBetween(s, sp.to, i) {
				p.disc.setGender(sp.name, g)
			}
			break
		}
	}
}

// clauseBreakBetween reports whether a comma, a clause conjunction or a pronoun
// subject stands between tokens from and to.
func clauseBreakBetween(s *sentence, from, to int) bool {
	for j := from; j < to; j++ {
		if s.Is(j, ",", "but", "so", "because", "who", "that", "he", "she", "they", "i", "we", "you") {
			return true
		}
	}
	return false
}

// typedThingSpan reports whether sp, a name untyped here, was typed a
// place or an organisation in the window ("Come to Bydgoszcz" … "Thanh
// wants to visit Bydgoszcz, his best friend …"): no person "his" may mean.
func (p *sentCtx) typedThingSpan(sp span) bool {
	return sp.typ == ontology.EntityConcept &&
		p.disc.typedThing(mention{ref: ontology.EntityRef{Name: sp.name, Type: sp.typ}, norm: ontology.NormaliseName(sp.name)})
}

// recaseTitled capitalises, in a sentence typed with capitals, a lower-case
// word no list knows right after a family title or "my <relative>"
// ("I saw your auntie thanh yesterday", "with my cousin zhanibek"): a
// name typed without its capital, as phones leave names they do not know.
// The title is capitalised with it, as the lower-case slots do. A place
// the conversation named, written in lower case after a home's or a
// move's words, is that place.
func (k *known) recaseTitled(s *sentence) {
	for i := 1; i < len(s.Toks); i++ {
		n := s.Norm(i)
		if s.Toks[i].Cap || !lowerNameWord(s, i) || s.Toks[i].Poss || len([]rune(n)) < 3 || notTitledName[n] || isFiller(n) ||
			(strings.HasSuffix(n, "ly") || strings.HasSuffix(n, "s")) && !firstName(n) ||
			s.Tok(i+1).Cap || s.Is(i+1, "me", "him", "her", "us", "them", "it", "you", "a", "an", "the", "my", "his") ||
			lang.NumberWords[s.Norm(i+1)] > 0 {
			continue // "my uncle sadly died", "my sister drives me mad", "my sister quit Brevik", "my son turns five"
		}
		if placeCueBefore(s, i) && k.disc != nil && k.disc.namedBefore(n) {
			capitalise(s, i, i+1) // "he lives in iloilo now?" after "he moved out to Iloilo"
			continue
		}
		if giveVerbs[s.Norm(i-3)] {
			continue // "I cooked my mum pasta": the thing given
		}
		switch {
		case kinTitles[s.Norm(i-1)] != "" && !s.Is(i-1, "cousin") && s.Is(i-2, possessors...) && !s.Tok(i-1).Poss:
			capitalise(s, i-1, i+1)
		case isRoleWord(s.Norm(i-1)) && !roleWords[s.Norm(i-1)].plural && s.Is(i-2, possessors...) && !s.Tok(i-1).Poss &&
			!(abstractWord(n) && !firstName(n)) && (s.Is(i+1, ",", "who", "and", "is", "was", "has", "had", "says", "said") || lang.IsPastEd(s, i+1) ||
			firstName(n) && !wordNames[n] || // "does your sister lotte know?": a given name of the lists
			(lang.IrregularPast[s.Norm(i+1)] || s.Is(i+1, "quit") || s.Seq(i+1, "set", "up")) && !s.Tok(i+1).Cap && !englishWords[n]):
			// "Because me and my brother santi set up a roastery": an irregular past too
			capitalise(s, i, i+1)
		}
	}
}

// notTitledName are lower-case words after "my sister" that no list calls
// common and that name no one: places in a house, verbs of an object.
var notTitledName = lang.Words(`upstairs downstairs abroad overseas instead quit cant cannot wont dont didnt
	doesnt isnt wasnt aint gonna wanna gotta innit bruv fam aswell hun babe bestie lmaoo lmfao omfg tbf ikr imo`)

// abstractWordEndings are the endings abstractWord reads.
var abstractWordEndings = append(append(append([]string(nil), abstractEndings...), adjectiveEndings...), "ant", "ent", "ary", "ory")

// abstractWord reports whether w ends like an abstract noun or an
// adjective ("responsibility", "important", "gorgeous"), which names no one.
func abstractWord(w string) bool {
	for _, e := range abstractWordEndings {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

// giveVerbs take two objects ("cooked my mum pasta", "got my son
// trainers"): the word after "my <relative>" is the thing, not a name.
var giveVerbs = lang.Words(`got get gets getting gave give gives giving made make makes making bought buy buys
	cooked cook cooks baked bake sent send sends showed show shows told tell tells taught teach teaches lent lend
	owe owes owed promised promise brought bring brings offered offer handed hand paid pay wished wish left
	leave found find ordered order`)

// recaseLowerUnseen capitalises, in a lower-case sentence, a word no list
// knows in the slots the capitalised reading types by its surroundings: a
// news heading's name ("update on aigerim: hes set up…"), who one moves in
// or lives with ("moving in with nurlan in bulawayo"), one joined by
// "and" to a given name ("rudo and emma came round", "priya and akua"), a
// band after an
// instrument in a sentence about gigs ("i play guitar in veltrix, u came
// to a gig").
func (k *known) recaseLowerUnseen(s *sentence) {
	band := holdsBandTalk(s)
	for i := 0; i < len(s.Toks); i++ {
		if s.Toks[i].Cap || !lowerNameWord(s, i) || s.Toks[i].Poss {
			continue
		}
		switch {
		case (s.Is(i+1, "and", "&") && lowerFirstName(s, i+2) || s.Is(i-1, "and", "&") && lowerFirstName(s, i-2)) &&
			!strings.HasSuffix(s.Norm(i), "s") && !abstractWord(s.Norm(i)),
			s.Is(i-1, "on", "about") && s.Is(i-2, "update", "updates", "news") && s.Is(i+1, ":"),
			homeWith(s, i-1) && !abstractWord(s.Norm(i)),
			band && s.Is(i-1, "in") && instruments[s.Norm(i-2)] != "" && lowerOrgSpan(s, i) < 2:
			capitalise(s, i, i+1)
		}
	}
}

// cueType types a name by the words around it that no list of names
// needs, for typeName: a place one is invited to ("Come to Bydgoszcz and
// see them"; "coming to Dzifa's 60th" is a person's), a person one is
// engaged to or moves in with, a place after a home's, a move's or an
// origin's words, a pet named before ("his name is Zhuzhu" … "omg zhuzhu
// 😍": no one "he" means). It returns the type and the cue, or "".
func (k *known) cueType(s *sentence, sp span) (ontology.EntityType, string) {
	prev := s.Norm(sp.from - 1)
	switch {
	case prev == "to" && s.Is(sp.from-2, "come", "coming") && !s.Tok(sp.to-1).Poss && s.Is(sp.to, "and", "!", ".", "sometime", "soon"):
		return ontology.EntityPlace, "prep:come to"
	case prev == "to" && s.Is(sp.from-2, "engaged", "married", "betrothed"):
		return ontology.EntityPerson, "prep:" + s.Norm(sp.from-2) + " to"
	case prev == "with" && homeWith(s, sp.from-1) && !s.Tok(sp.to-1).Poss && strings.ToUpper(sp.name) != sp.name:
		return ontology.EntityPerson, "prep:with" // not "lives with ADHD", "living with Crohn's"
	case prev == "into" && s.Is(sp.from-2, "bumped", "bump", "bumping", "ran", "run", "running") && !s.Tok(sp.to-1).Poss &&
		(!s.Tok(sp.to).Word || s.Is(sp.to, "at", "in", "on", "and", "today", "yesterday", "earlier", "outside", "near", "this", "last")):
		return ontology.EntityPerson, "prep:bumped into" // "Bumped into Efua at the station"
	case placeCueBefore(s, sp.from) && !workUnit(ontology.NormaliseName(sp.name)):
		return ontology.EntityPlace, "cue:place"
	case k.disc != nil && k.disc.typedAs(sp.name, ontology.EntityAnimal):
		return ontology.EntityAnimal, "named before"
	case k.disc != nil && !firstName(s.Norm(sp.from)) && k.disc.typedAs(sp.name, ontology.EntityPlace) && !k.disc.typedPerson(sp.name):
		return ontology.EntityPlace, "named before" // "he lives in Arequipa" … "I might visit Arequipa"
	}
	return "", ""
}

// cueTyped reports whether cueType types the name sp.
func (k *known) cueTyped(s *sentence, sp span) bool {
	t, _ := k.cueType(s, sp)
	return t != ""
}

// beenTogether reads "we've been together a year now", "we're together
// since march" said right after one person was named in the same turn or
// the speaker's turn before ("Can I bring Aigerim? We've been together a
// year now"): "we" is the
// speaker and that person, a couple: PARTNER_OF. Two people in the turn, an organisation ("my band … we've been together
// ten years"), a question, a negation or a hedge, and nothing is read.
func (p *sentCtx) beenTogether() {
	s := p.s
	if s.Question || p.speaker.Name == "" || len(p.names) > 0 {
		return
	}
	for k := 0; k+1 < len(s.Toks); k++ {
		if s.Norm(k) != "we" {
			continue
		}
		j := k + 1
		switch {
		case s.Is(j, "'ve", "have") && s.Is(j+1, "been"):
			j += 2
		case s.Is(j, "'re", "are"):
			j++
		default:
			continue
		}
		if s.Norm(j) != "together" || p.hedgedAt(k) || p.negatedBefore(j) || s.Is(j+1, "at", "in", "on", "for", "with") && !s.Is(j+2, "a", "over", "about", "nearly", "almost") {
			continue // "we've been together at uni", "we were together in a band"
		}
		last := p.known.lastBy[p.speaker.Name].turn // a burst: "she's a nurse at …" / "we've been together …"
		a, ok := p.disc.resolveWithin(3, func(m mention) bool {
			return (m.turn == p.ids[0] || m.turn == last) && personLike(m.ref.Type) && !m.object && !p.disc.speakers[m.norm] &&
				!commonNoun(m) && !p.disc.typedThing(m)
		})
		if !ok || p.otherTie(a) {
			return
		}
		defer p.citeFrom(a.turn)()
		p.relRole(p.self(), kindPartner, "partner", a.ref, confWeak)
		return
	}
}

// unseenSecond reports whether sp, the second of a pair opening a
// sentence, is a name no list knows and no common word ("Aroha and Keoni
// came over"): the first is then as likely a person, and a "he" after the
// pair may mean either.
func unseenSecond(sp span) bool {
	return sp.typ == ontology.EntityConcept && !sp.confirmed && !commonSpan(sp)
}

// verbAfterAdverbs returns the first token from k past the adverbs that
// stand between a subject and its verb ("kadri still works at tesco",
// "rafaela finally quit pyxa").
func verbAfterAdverbs(s *sentence, k int) int {
	for j := 0; j < 2 && s.Is(k, "still", "finally", "just", "also", "now", "actually", "officially", "already"); j++ {
		k++
	}
	return k
}

// subjectOpener reports whether the lower-case word at i follows a chat
// filler or a verb of saying or believing that a clause follows ("ugh
// kadri still works at tesco", "cant believe sanne moved to leeds").
func subjectOpener(s *sentence, i int) bool {
	return isFiller(s.Norm(i-1)) || s.Is(i-1, "believe", "beleive", "think", "reckon", "heard", "guess", "know", "apparently",
		"ugh", "omg", "oof", "wow", "honestly", "tbh", "welp")
}

// unseenNameAlone reports whether sp is one word no list knows, no common
// word nor a place or organisation the window typed, and ends its noun
// phrase: a preposition, a function word, a verb or the end follow ("my ex
// Eyrún at the shop", "Anvar's ex Dilnoza is a nightmare"; not "my ex
// Tesco job").
func (p *sentCtx) unseenNameAlone(sp span) bool {
	s := p.s
	if sp.typ != ontology.EntityConcept || sp.to-sp.from != 1 || commonSpan(sp) || p.typedThingSpan(sp) || s.Tok(sp.to-1).Poss {
		return false
	}
	return !s.Tok(sp.to).Word || functionWords[s.Norm(sp.to)] || verbFollows(s, sp.to)
}

// lowerFirstName reports whether the lower-case word at i is a given name
// of the lists and no common word ("emma", not "will").
func lowerFirstName(s *sentence, i int) bool {
	return i >= 0 && i < len(s.Toks) && plainWord(s, i) && firstName(s.Norm(i)) && !englishWords[s.Norm(i)] && !wordNames[s.Norm(i)]
}

// pairVerbAt reports whether a pair subject's verb stands at k.
func pairVerbAt(s *sentence, k int) bool {
	_, ok := pairSingular(s, k)
	return ok
}

// coupleWords, in the turn that says or confirms "X is still with Y", say
// Y is a partner, not an employer: "is he still with Yerlan?" / "Yes, they
// have a daughter".
var coupleWords = lang.Words(`engaged married wedding daughter son baby kids kid anniversary together
	honeymoon pregnant`)

// coupleConfirmed reports whether sp, one word no list knows after "still
// with", is a partner by the words of the turn read (the answer, for a
// confirmed question): a couple's words there and no organisation typed.
func (p *sentCtx) coupleConfirmed(sp span) bool {
	if sp.typ != ontology.EntityConcept || sp.to-sp.from != 1 || commonSpan(sp) || p.typedThingSpan(sp) {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(p.disc.texts[p.ids[0]])) {
		if coupleWords[strings.Trim(w, ".,!?;:")] {
			return true
		}
	}
	return false
}

// otherTie reports whether this turn or the one that named a ties a by
// another relationship word than a partner's, next to the name ("my
// brother Selorm", "Selorm is my best mate", "Selorm, my cousin"): "we've
// been together" is then no couple.
func (p *sentCtx) otherTie(a antecedent) bool {
	name := ontology.NormaliseName(a.ref.Name)
	other := func(w string) bool { info, ok := roleWords[w]; return ok && info.kind != kindPartner }
	for _, text := range []string{p.disc.texts[a.turn], p.text} {
		for _, st := range p.sentencesOf(text) {
			for i := range st.Toks {
				if st.Norm(i) != name {
					continue
				}
				j := i + 1
				if st.Is(j, "is", "'s", ",") {
					j++
				}
				if st.Is(j, "my", "our") {
					j++
				}
				if other(st.Norm(i-1)) || other(st.Norm(i-2)) && roleAdjectives[st.Norm(i-1)] || j > i+1 && (other(st.Norm(j)) || other(st.Norm(j+1))) {
					return true
				}
			}
		}
	}
	return false
}

// personNouns, after "<name> was the", say the name is a person's: "Kristjan
// was the girl at my bday" (a who-question's answer reads so).
var personNouns = lang.Words(`girl guy woman man lad lady bloke boy person one kid dude chap fella`)

// workUnits are the wards and teams one works "in", capitalised as names
// are and no place ("she's a nurse at Brevik in Paediatrics"), beside
// patterns_ties4's departments ("in Marketing").
var workUnits = lang.Words(`paediatrics pediatrics radiology oncology cardiology maternity engineering design
	product research support logistics it`)

// workUnit reports whether the name norm is a department, a ward or a team.
func workUnit(norm string) bool { return departments[norm] || workUnits[norm] }
