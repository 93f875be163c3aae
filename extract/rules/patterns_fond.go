package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// This file reads the LIKES phrasings of everyday chat beyond "I love X":
// passions ("my passion for writing", "Dance is my passion"), favourites
// said of a thing ("The Hobbit is one of my favorites", "Spider-Man has
// always been a favorite of mine") and the long-standing or progressive
// forms of liking ("I've always loved turtles", "I'm loving pottery",
// "I've been into dancing since I was a kid", "I'm drawn to turtles").
// Each holds only as a plain statement: questions, negations, modals,
// hedges and "used to" give nothing, and the liked thing must be a
// self-contained noun or gerund phrase, never a pronoun ("it's one of my
// favorites") or a deictic phrase ("this cake").

// passionAdjectives may stand between "a" and "passion".
var passionAdjectives = lang.Words(`real true huge big deep great genuine lifelong new`)

// passionVetoes in a sentence mean a passion is lost or doubted ("I lost
// my passion for dance", "my passion for it faded").
var passionVetoes = lang.Words(`lost lose losing faded fading gone anymore longer used regain regained rediscover
	rediscovered find`)

// passionFor reads "my passion for X", "your passion for X", "I have a
// (real) passion for X" and "you have a passion for X" with "passion" at m:
// LIKES for the speaker or, with "your"/"you", the addressee.
func (p *sentCtx) passionFor(m int) {
	s := p.s
	if s.Question || s.Norm(m+1) != "for" {
		return
	}
	for _, t := range s.Toks {
		if passionVetoes[t.Norm] {
			return
		}
	}
	var who ontology.EntityRef
	switch k := m - 1; s.Norm(k) {
	case "my":
		who = p.self()
	case "your":
		who = p.disc.addressee(p.speaker.Name)
	default:
		for passionAdjectives[s.Norm(k)] {
			k--
		}
		if !s.Is(k, "a") {
			return
		}
		subj, ok := p.haveSubject(k)
		if !ok {
			return
		}
		who = p.self()
		if s.Norm(subj) == "you" {
			who = p.disc.addressee(p.speaker.Name)
		}
	}
	if who.Name == "" {
		return
	}
	for i, in := range p.interests(m+2, verbBound(s, m+2, clauseEnd(s, m+2))) {
		if runsIntoVerb(in.value) || i > 0 && bareVerbAfterAnd(s, in) {
			return
		}
		p.liking(who, in, " has a passion for ", confWeak)
	}
}

// haveSubject finds the subject of "have" before the article at a ("I've
// always had a passion for", "you have a real passion for"): "I" or "you"
// opening a plain clause whose verb is a form of "have". It returns the
// subject's index.
func (p *sentCtx) haveSubject(a int) (int, bool) {
	s := p.s
	for k := a - 1; k >= 0 && a-k <= 5; k-- {
		switch s.Norm(k) {
		case "i", "you":
			if k > 0 && relativeSubject(s, k, p.inTime) {
				return 0, false
			}
			cl := parseClause(s, k)
			if !cl.plain() || cl.be || cl.was || !s.Is(cl.verb, "have", "has", "had", "got") || cl.verb+1 != a {
				return 0, false
			}
			return k, true
		}
	}
	return 0, false
}

// runsIntoVerb reports whether an interest phrase runs into a verb ("my
// love for car engineering began").
func runsIntoVerb(v string) bool {
	last := strings.ToLower(v[strings.LastIndex(v, " ")+1:])
	return lang.IrregularPast[last] || strings.HasSuffix(last, "ed") && strings.Contains(v, " ")
}

// favouriteNouns follow "one of my" or "a … of mine" in a liking.
var favouriteNouns = lang.Words(`favorite favourite favorites favourites faves favs fave fav passion passions`)

// favouriteOf reads, with "is"/"are"/"been" at m, "X is one of my
// favorites", "X is one of my favorite shows", "X has always been a
// favorite of mine", "X is a passion of mine", "X is my passion, and …":
// LIKES of the sentence's opening noun phrase or name.
func (p *sentCtx) favouriteOf(m int) {
	s := p.s
	subjEnd := m
	if s.Norm(m) == "been" {
		subjEnd = m - 1
		for adverbs[s.Norm(subjEnd)] {
			subjEnd--
		}
		if !s.Is(subjEnd, "has", "have") {
			return
		}
	}
	k := m + 1
	if s.Seq(k, "pretty", "much") {
		k += 2
	}
	for s.Is(k, "still", "definitely", "also", "always", "really", "easily", "mostly", "probably") {
		if s.Norm(k) == "probably" {
			return
		}
		k++
	}
	var end int
	switch {
	case s.Seq(k, "one", "of", "my") && favouriteNouns[s.Norm(k+3)]:
		end = k + 4
		if s.Is(k+3, "favorite", "favourite", "fave", "fav") {
			// "one of my favorite fantasy shows": a noun phrase follows
			_, next, ok := p.phrase(end, clauseEnd(s, end), 4)
			if !ok {
				return
			}
			end = next
		}
	case s.Is(k, "a") && s.Is(k+1, "favorite", "favourite", "passion") && s.Seq(k+2, "of", "mine"):
		end = k + 4
	case s.Norm(k) == "my" && s.Is(k+1, "passion", "favorite", "favourite"):
		end = k + 2
	case s.Norm(k) == "my" && s.Seq(k+1, "top", "pick"):
		end = k + 3
	case s.Norm(k) == "my" && s.Norm(k+1) == "go-to":
		end = k + 2
		if s.Norm(end) == "for" { // "my go-to for stress relief"
			end = clauseEnd(s, end)
		}
	default:
		return
	}
	for s.Is(end, "too", "now", "ever") {
		end++
	}
	if s.Seq(end, "as", "well") {
		end += 2
	}
	if !p.phraseEnds(end, clauseEnd(s, end)) {
		return
	}
	f := subjEnd // the subject opens the sentence or a clause after a comma or "but"
	for f > 0 && s.Toks[f-1].Word && s.Norm(f-1) != "but" {
		f--
	}
	if f >= subjEnd || hedgedBefore(s, subjEnd) {
		return
	}
	p.likeInterests(f, subjEnd)
}

// fondVerbs are past participles of liking, read after "have always"
// ("I've always loved turtles").
var fondVerbs = map[string]string{"loved": "loves", "liked": "likes", "enjoyed": "enjoys", "adored": "adores"}

// fondness reads the liking clauses the present-tense reader leaves out:
// "I'm loving X", "I've always loved X", "I'm drawn to X", "I've (always)
// been into X", "I've always been passionate about X".
func (p *sentCtx) fondness(cl clause) {
	if !cl.plain() || cl.was || cl.had {
		return
	}
	s := p.s
	v := s.Norm(cl.verb)
	from, phrase := -1, ""
	switch {
	case cl.be && !cl.been && v == "loving":
		from, phrase = cl.verb+1, " loves "
	case cl.have && !cl.been && fondVerbs[v] != "" && p.has(cl.subj, cl.verb, "always"):
		from, phrase = cl.verb+1, " "+fondVerbs[v]+" "
	case (cl.be || cl.been) && v == "drawn" && s.Norm(cl.verb+1) == "to":
		from, phrase = cl.verb+2, " is drawn to "
	case cl.been && cl.have && v == "into":
		from, phrase = cl.verb+1, " is into "
	case cl.been && cl.have && v == "passionate" && s.Norm(cl.verb+1) == "about":
		from, phrase = cl.verb+2, " is passionate about "
	default:
		return
	}
	me := p.self()
	if me.Name != p.speaker.Name && p.has(0, len(p.s.Toks), "apparently", "supposedly", "reportedly") {
		return // "he's loving quillfin apparently": news of how someone's new job or place is going, not a liking
	}
	for _, in := range p.interests(from, cl.end) {
		if strings.HasPrefix(in.value, "the ") || in.typ == ontology.EntityPlace || in.typ == ontology.EntityPerson {
			continue // "I've been into the city twice": a visit, not a liking
		}
		p.liking(me, in, phrase, confWeak)
	}
}

// youLiking reports whether a clause about the addressee states a liking
// that beStatement reads: "you're (really) passionate about X", "you're
// into X", "you're obsessed with X".
func (p *sentCtx) youLiking(cl clause) bool {
	s := p.s
	if !cl.be || cl.been || cl.was || s.End < len(p.text) && strings.HasPrefix(strings.TrimLeft(p.text[s.End:], " "), "?") {
		return false // "you're into pottery, right?" asks the addressee to confirm
	}
	n := s.Norm(cl.verb)
	return n == "into" || n == "passionate" && s.Norm(cl.verb+1) == "about" || n == "obsessed" && s.Norm(cl.verb+1) == "with"
}

// homeApposition reads the place after "my hometown" or "my home country"
// at k in apposition or with "of": "my home country, Sweden", "my hometown
// of Aarhus": COMES_FROM.
func (p *sentCtx) homeApposition(k int, what string) {
	s := p.s
	if !s.Is(k, ",", "of") {
		return
	}
	if _, end, _, ok := p.place(k + 1); !ok || !p.phraseEnds(end, clauseEnd(s, end)) && !s.Is(end, ",") {
		return
	}
	p.hometown(k+1, func(name, place string) string { return possessive(name) + " " + what + " is " + place })
}

// bareVerbAfterAnd reports whether a coordinated interest is one bare word
// followed by "with": a verb joined to the clause, not a second interest
// ("my love of gaming and connect with others").
func bareVerbAfterAnd(s *sentence, in interest) bool {
	return in.typ == ontology.EntityConcept && !strings.Contains(in.value, " ") && s.Norm(in.end) == "with"
}

// compoundFan reads "I'm a huge Harry Potter fan", "a total movie fan"
// with the words before "fan" at k: LIKES them. It reports whether it
// read a liking.
func (p *sentCtx) compoundFan(k, end int) bool {
	s := p.s
	f := k
	for f < end && f-k < 3 && s.Tok(f).Word && s.Norm(f) != "fan" {
		f++
	}
	if f == k || s.Norm(f) != "fan" || !p.phraseEnds(f+1, end) {
		return false
	}
	in, ok := p.interest(k, f)
	if !ok || in.end != f || in.typ == ontology.EntityPerson || in.typ == ontology.EntityPlace {
		return false
	}
	p.liking(p.self(), in, " is a fan of ", confWeak)
	return true
}

// verbBound returns where the noun phrase after "my passion for" or "my
// love of" at k must end: at the first finite verb before end, for the
// phrase may be the subject of one ("your passion for helping others is
// awesome", "sharing my love for desserts has been fun").
func verbBound(s *sentence, k, end int) int {
	for ; k < end; k++ {
		if s.Is(k, "is", "are", "was", "were", "has", "have", "had", "will", "can", "makes", "made") {
			return k
		}
	}
	return end
}

// likeInterests records that the speaker likes the interests read from
// token f that end exactly at token end (a list that runs on is not one).
func (p *sentCtx) likeInterests(f, end int) {
	ins := p.interests(f, end)
	if len(ins) == 0 || ins[len(ins)-1].end != end {
		return
	}
	me := p.self()
	for _, in := range ins {
		p.liking(me, in, " likes ", confWeak)
	}
}
