package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Kin vocatives: a family chat calls its parents by what they are, not by
// name ("yes dad it works", "dad we're not moving in with you", "sorry
// mum", "thanks, nan"). The word is a vocative only where nothing else
// can make it a subject or an object: after a greeting, a thanks, a yes or
// a sorry, before a comma or the sentence's end, or opening the sentence
// before "we", "you", "it" or a request. The one spoken to is the speaker
// whose label the word is ("Dad"), else the one other speaker of the two
// turns just before when that speaker's label names a parent or a
// grandparent ("Grandad", whom his daughter calls "dad"): with two others
// there, either may be meant, and a chat that labels its speakers by name
// may call a flatmate "mum" in jest. "son" is
// read only from a speaker labelled as a parent ("Dad: don't be daft,
// son"): between mates it is banter. A bare "ok dad" or "yes mum 🙄" is
// the eye-roll one friend gives another, and reads nothing. (A sister
// thanked, "cheers sis", is thanksSis's, in a two-party chat.)

// parentVocatives are the kin words a child calls a parent or grandparent
// by, with the role the one spoken to has.
var parentVocatives = map[string]string{
	"dad": "father", "daddy": "father", "mum": "mother", "mom": "mother", "mam": "mother", "mummy": "mother",
	"mommy": "mother", "grandad": "grandfather", "granddad": "grandfather", "grandpa": "grandfather",
	"nan": "grandmother", "nana": "grandmother", "nanna": "grandmother", "gran": "grandmother",
	"granny": "grandmother", "grandma": "grandmother", "ma": "mother", "pa": "father", "mama": "mother",
	"papa": "father", "ouma": "grandmother", "oupa": "grandfather", "dada": "grandfather", "dadi": "grandmother",
	"nani": "grandmother", "ammi": "mother", "abbu": "father",
}

// kinOpeners may come right before a vocative ("thanks mum", "yes
// dad", "night nan").
var kinOpeners = lang.Words(`yes yeah yep yup ya no nope nah sorry soz thanks thx ty ta cheers congrats
	congratulations morning night hi hey hiya hello bye salaam salam`)

// kinFollowers may open what the speaker says to the one called
// right after the word ("dad we're…", "mum you're…", "dad it works",
// "mum he's literally my fiancé").
var kinFollowers = lang.Words(`we i im you u ur youre it its pls please plz where what when how why
	stop thanks thank sorry he she they`)

// kinAsking are the auxiliaries that, right after the word and before a
// pronoun, ask the one called something ("mum can i bring someone", "dad
// did you get the keys"); "dad can find it" keeps "dad" the subject.
var kinAsking = lang.Words(`can could will would do did have has are is`)

// retortWords make up the eye-roll answer "ok dad", "sure mum".
var retortWords = lang.Words(`ok okay k kk sure alright yes yess yeah whatever fine right`)

// vocativeKin reads a kin vocative: FAMILY_OF the speaker and the one
// spoken to, with that one's role.
func (p *sentCtx) vocativeKin() {
	s := p.s
	if p.disc == nil || p.speaker.Name == "" || strings.Contains(p.text, "🙄") {
		return
	}
	for k, t := range s.Toks {
		role, parent := parentVocatives[t.Norm]
		child := t.Norm == "son" && parentLabels[labelLead(p.speaker.Name)]
		if !parent && !child || !kinVocativeAt(s, k) && !(child && sonAtEnd(s, k)) || kinRetort(s, k) {
			continue
		}
		if _, q, ok := p.disc.otherTurnBefore(p.speaker.Name, true); ok && k == afterLeads(s) && strings.Contains(q, "?") {
			return // "who's picking you up?" / "dad, he's got the car"
		}
		to, turn, ok := p.kinAddressee(t.Text, child)
		if !ok {
			return
		}
		if turn != "" {
			defer p.citeFrom(turn)()
		}
		if child {
			role = "son"
		}
		info := roleWords[role]
		p.relRole(p.speaker, info.kind, role, to, confWeak)
		return
	}
}

// kinVocativeAt reports whether the kin word at k stands where only a
// vocative does: after an opener ("sorry dad", "love you mum") before the
// end or a comma, or opening the sentence before a comma or what is said
// to the one called ("dad we're…").
func kinVocativeAt(s *sentence, k int) bool {
	opener := s.Is(k-1, ",") && k-1 > afterLeads(s) ||
		kinOpeners[s.Norm(k-1)] && !s.Is(k-2, "my", "your", "ur", "his", "her", "their", "our", "the") ||
		s.Is(k-1, "you") && s.Is(k-2, "love", "miss", "thank")
	follow := s.Is(k+1, ",", ":") || kinFollowers[s.Norm(k+1)] || // "mum: we…" as leadingAddress marks it
		kinAsking[s.Norm(k+1)] && s.Is(k+2, "i", "you", "u", "we")
	if opener {
		end := k+1 >= len(s.Toks) || !s.Tok(k+1).Word && !s.Is(k+1, "'s") || s.Is(k+1, "x", "xx", "xxx", "lol", "haha")
		return end || follow
	}
	return k == afterLeads(s) && follow
}

// sonAtEnd reports a parent's "son" ending the sentence after anything but
// a possessive, an article or a preposition ("Don't be daft son",
// "Congratulations son"; not "proud of my son", "ask your son").
func sonAtEnd(s *sentence, k int) bool {
	end := k+1 >= len(s.Toks) || !s.Tok(k+1).Word
	return end && k > 0 && s.Tok(k-1).Word && !s.Tok(k-1).Poss &&
		!s.Is(k-1, "my", "your", "ur", "our", "his", "her", "their", "the", "a", "to", "with", "for", "of", "and", "about", "'s")
}

// kinRetort reports a sentence that is only a retort and the kin word ("ok
// dad", "yes mum", "sure dad lol").
func kinRetort(s *sentence, k int) bool {
	words := 0
	for j, t := range s.Toks {
		if !t.Word || j == k || s.Is(j, "lol", "haha", "x") {
			continue
		}
		if !retortWords[t.Norm] {
			return false
		}
		words++
	}
	return words > 0
}

// elderLabels are speaker labels of a parent or grandparent ("Mum",
// "Grandad 👴"): a chat that labels them so is a family's.
var elderLabels = lang.Words(`dad daddy mum mom mam mummy mommy mama papa father mother grandad granddad grandpa
	grandma granny gran nan nana nanna ma pa ouma oupa dada dadi nani ammi abbu`)

// kinAddressee is the one a kin word calls and the turn that shows it:
// the speaker whose label the word is, else the one other speaker of the
// two turns before this one, when that speaker's label names a parent or
// grandparent ("Grandad", called "dad" by his daughter) or when the word
// is a parent's "son". A chat that labels its speakers by name may call a
// flatmate "mum" in jest.
func (p *sentCtx) kinAddressee(word string, son bool) (ontology.EntityRef, string, bool) {
	d := p.disc
	me := ontology.NormaliseName(p.speaker.Name)
	if label, ok := d.speakerCalled(word); ok {
		if ontology.NormaliseName(label) == me {
			return ontology.EntityRef{}, "", false
		}
		return ontology.EntityRef{Name: label, Type: ontology.EntityPerson}, "", true
	}
	found, turn := "", ""
	for i, n := len(d.order)-2, 0; i >= 0 && n < 2; i, n = i-1, n+1 {
		by := d.speakerOf[d.order[i]]
		switch {
		case by == "":
			return ontology.EntityRef{}, "", false
		case ontology.NormaliseName(by) == me:
		case found != "" && found != by:
			return ontology.EntityRef{}, "", false
		case found == "":
			found, turn = by, d.order[i]
		}
	}
	if found == "" || !son && !elderLabels[labelLead(found)] {
		return ontology.EntityRef{}, "", false
	}
	return ontology.EntityRef{Name: found, Type: ontology.EntityPerson}, turn, true
}

// vocativeBlockers before a kin word make it an object, a complement or
// a possession, not the one called ("me and my bro", "ask sis", "it's
// sis").
var vocativeBlockers = lang.Words(`my your ur our his her their the a an to with for of and or about from by than
	like at in on into onto is was are were be been being 's its it's ask asked tell told call called ring rang
	phone phoned text texted see saw seen visit visited meet met help helped thank thanked love loved miss missed
	hug hugged bring brought fetch fetched take took seeing visiting calling telling asking`)
