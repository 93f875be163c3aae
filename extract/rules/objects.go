package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// quantifiers never open an interest or product ("I like some").
var quantifiers = lang.Words(`some any many few several every each no another other both either neither
	enough plenty lots lot ton tons bunch bit little couple`)

// tagWords end a tag question or a filler, never an interest ("I'm into
// pottery, right?").
var tagWords = lang.Words(`right eh huh ok okay yeah yes no`)

// determiners point into the conversation; a phrase running into one is
// not a self-contained interest.
var determiners = lang.Words(`this these those that`)

// phrase reads a short noun phrase at k: words up to a stop word,
// punctuation or end, at most maxWords. It fails on pronouns, possessives
// and phrases that run on past maxWords (too complex to trust). "to" is
// kept after "listening" ("listening to music").
func (p *sentCtx) phrase(k, end, maxWords int) (string, int, bool) {
	s := p.s
	var b strings.Builder
	n := 0
	i := k
	for ; i < end && i < len(s.Toks); i++ {
		t := s.Toks[i]
		if !t.Word {
			break
		}
		if determiners[t.Norm] && !(t.Norm == "these" && s.Norm(i+1) == "days") {
			return "", 0, false // "making this cake": the phrase goes on
		}
		if npStops[t.Norm] && !(t.Norm == "to" && s.Norm(i-1) == "listening") || p.timeAt(i) != nil || t.Norm == "these" || particleAt(s, i) ||
			t.Norm == "right" && s.Norm(i+1) == "now" {
			break
		}
		if pronounish[t.Norm] || t.Poss || n == maxWords {
			return "", 0, false
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
		n++
	}
	if n == 0 {
		return "", 0, false
	}
	return b.String(), i, true
}

// interest is the object of a liking: what it is, its entity type and the
// profile sub-topic it belongs to.
type interest struct {
	value string
	typ   ontology.EntityType
	sub   string // "hobbies", "sports" or "favourites"
	end   int
}

// interest reads the object of "I love …" at k: "to" and a hobby verb ("to
// paint" → painting), a gerund phrase ("playing guitar"), a name
// ("Taylor Swift"), "the" and a general noun ("the beach") or a bare noun
// phrase ("jazz music"). Pronouns, possessives, deictic phrases ("the
// photo") and vague gerunds ("hearing that") are refused.
func (p *sentCtx) interest(k, end int) (interest, bool) {
	s := p.s
	n := s.Norm(k)
	switch {
	case n == "to":
		return p.hobbyVerbObject(k+1, end)
	case lang.IsGerund(n):
		if in, ok := p.gerundPrep(k, end); ok {
			return in, true // "learning about ancient history", "going on long walks"
		}
		if gerundStops[n] || n == "making" && s.Norm(k+1) == "sure" {
			return interest{}, false
		}
		v, next, ok := p.phrase(k, end, 5)
		if !ok || next == k+1 && !standaloneGerunds[n] || next == k+2 && particles[s.Norm(k+1)] {
			return interest{}, false
		}
		return interest{value: v, typ: ontology.EntityActivity, sub: activitySub(n), end: next}, true
	case n == "the":
		noun := s.Norm(k + 1)
		if !generalNouns[noun] || !p.phraseEnds(k+2, end) {
			return interest{}, false
		}
		return interest{value: "the " + s.Toks[k+1].Text, typ: ontology.EntityConcept, sub: "favourites", end: k + 2}, true
	case n == `"`:
		return p.quotedInterest(k, end) // I love "Dancing Queen"
	case (n == "your" || n == "ur" || n == "yer") && nameStart(s, k+1):
		// "he still loves ur tyler": the addressee's person, named
		if in, ok := p.interest(k+1, end); ok && in.typ == ontology.EntityPerson {
			return in, true
		}
		return interest{}, false
	case nameStart(s, k):
		sp, _ := nameAt(s, k)
		if p.phraseEnds(sp.to, end) && !s.Toks[sp.to-1].Poss {
			sp = p.known.typeName(s, sp)
			return interest{value: sp.name, typ: sp.typ, sub: "favourites", end: sp.to}, true
		}
		if shop := sp.name + "'s"; s.Toks[sp.to-1].Poss && p.phraseEnds(sp.to, end) && p.disc.typedAs(shop, ontology.EntityOrganization) {
			return interest{value: shop, typ: ontology.EntityOrganization, sub: "favourites", end: sp.to}, true // "I love Karimi's!!", the shop named before
		}
	}
	return p.bareInterest(k, end)
}

// interests reads one or more coordinated interests at k: "painting and
// hiking" gives two; "action and sci-fi movies" gives one, since the two
// words share the noun. A phrase cut short by a comma inside a noun phrase
// ("creating a safe, inviting place") gives none.
func (p *sentCtx) interests(k, end int) []interest {
	s := p.s
	first, ok := p.interest(k, end)
	if !ok || s.Norm(first.end) == "," && hasArticle(first.value) {
		return nil
	}
	out := []interest{first}
	for j := first.end; len(out) < 4; {
		c := j
		if s.Norm(c) == "," {
			c++
		}
		if s.Is(c, "and", "or") {
			c++
		}
		if c == j || c >= end {
			break
		}
		next, ok := p.interest(c, end)
		if !ok || s.Is(next.end, "at") && !strings.Contains(next.value, " ") {
			break // "obsessed with bouldering, useless at everything else": a new predicate, no second liking
		}
		prev := out[len(out)-1]
		sharedHead := !strings.Contains(prev.value, " ") && prev.typ != ontology.EntityActivity && strings.Contains(next.value, " ") &&
			!strings.HasSuffix(prev.value, "s") // "dramas and emotionally-driven films" are two
		sharedVerb := lang.IsGerund(strings.ToLower(firstWord(prev.value))) && strings.Contains(prev.value, " ") && !lang.IsGerund(s.Norm(c))
		if len(out) == 1 && sharedHead {
			// "action and sci-fi movies": two interests sharing the noun.
			head := next.value[strings.LastIndex(next.value, " ")+1:]
			first := prev
			first.value, first.typ, first.sub = prev.value+" "+head, ontology.EntityConcept, "favourites"
			return []interest{first, next}
		}
		if len(out) == 1 && sharedVerb {
			joined := prev
			joined.value, joined.end = prev.value+" "+s.Norm(c-1)+" "+next.value, next.end
			return []interest{joined}
		}
		out = append(out, next)
		j = next.end
	}
	return out
}

// plainActivity reports whether an activity phrase names a pastime
// rather than one particular task: no article, possessive or name
// ("playing chess", not "shooting a video", "introducing Max").
func plainActivity(v string) bool {
	for i, w := range strings.Fields(v) {
		if i > 0 && (w == "a" || w == "an" || w == "the" || w[0] >= 'A' && w[0] <= 'Z') {
			return false
		}
	}
	return true
}

// firstWord returns the first word of v.
func firstWord(v string) string {
	w, _, _ := strings.Cut(v, " ")
	return w
}

// hasArticle reports whether a phrase holds an article.
func hasArticle(v string) bool {
	for _, w := range strings.Fields(strings.ToLower(v)) {
		if w == "a" || w == "an" || w == "the" {
			return true
		}
	}
	return false
}

// bareInterest reads a bare noun phrase interest ("pottery", "jazz
// music", "Italian food").
func (p *sentCtx) bareInterest(k, end int) (interest, bool) {
	s := p.s
	if k >= len(s.Toks) {
		return interest{}, false
	}
	t := s.Toks[k]
	n := t.Norm
	if !t.Word || !isLetterWord(t.Text) || functionWords[n] || pronounish[n] || adverbs[n] || npStops[n] ||
		quantifiers[n] || greetingWords[n] || strings.HasSuffix(n, "ly") || lang.IsGerund(n) || deicticNouns[n] ||
		tagWords[n] && !s.Tok(k+1).Word {
		return interest{}, false
	}
	v, next, ok := p.phrase(k, end, 5)
	if !ok || v == "home" { // "i love riyadh, home na talaga": home is where one is, no interest
		return interest{}, false
	}
	in := interest{value: v, typ: ontology.EntityConcept, sub: "favourites", end: next}
	if activityNouns[n] || sports[n] {
		in.typ, in.sub = ontology.EntityActivity, activitySub(n)
	}
	return in, true
}

// hobbyVerbObject reads "paint", "play guitar" after "to" as the hobby's
// gerund phrase ("painting", "playing guitar").
func (p *sentCtx) hobbyVerbObject(k, end int) (interest, bool) {
	g, ok := hobbyVerbs[p.s.Norm(k)]
	if !ok || g == "learning" {
		return interest{}, false
	}
	value, next := g, k+1
	if rest, after, ok := p.phrase(k+1, end, 3); ok {
		value, next = g+" "+rest, after
	} else if !p.phraseEnds(k+1, end) {
		return interest{}, false
	}
	return interest{value: value, typ: ontology.EntityActivity, sub: activitySub(g), end: next}, true
}

// activitySub files an activity under sports or hobbies.
func activitySub(head string) string {
	if sports[head] {
		return "sports"
	}
	return "hobbies"
}

// phraseEnds reports whether a phrase may end before token k: at the
// clause end, punctuation or a stop word.
func (p *sentCtx) phraseEnds(k, end int) bool {
	if k >= end || k >= len(p.s.Toks) {
		return true
	}
	t := p.s.Toks[k]
	return !t.Word || npStops[t.Norm] || particleAt(p.s, k)
}

// title reads a job title after "as" at k ("a nurse", "the head chef",
// "an engineer").
func (p *sentCtx) title(k, end int) (string, int, bool) {
	if p.s.Is(k, "a", "an", "the") {
		k++
	}
	return p.phrase(k, end, 4)
}

// occupation reads "teacher", "high school teacher", "software engineer"
// at k: a short lower-case phrase whose last word (or last two words) is
// an occupation. It returns the phrase, its head and its end.
func (p *sentCtx) occupation(k, end int) (string, string, int, bool) {
	s := p.s
	var ws []string
	i := k
	for ; i < end && i < len(s.Toks) && len(ws) < 5; i++ {
		t := s.Toks[i]
		if !t.Word || t.Cap && t.Norm != "ceo" && t.Norm != "cto" || npStops[t.Norm] || pronounish[t.Norm] ||
			s.Is(i, "over", "down", "up") && s.Norm(i+1) == "at" {
			break
		}
		ws = append(ws, t.Norm)
	}
	if len(ws) == 0 || len(ws) == 5 {
		return "", "", 0, false
	}
	for _, w := range ws {
		if occupationVetoes[w] {
			return "", "", 0, false
		}
	}
	head := ws[len(ws)-1]
	if len(ws) > 1 && occupations[ws[len(ws)-2]+" "+head] {
		head = ws[len(ws)-2] + " " + head
	} else if !occupations[head] {
		return "", "", 0, false
	}
	return strings.Join(ws, " "), head, i, true
}

// studentHeads are occupations that mean studying, not a job.
var studentHeads = lang.Words(`student undergrad undergraduate`)

// isStudent reports whether an occupation head means studying.
func isStudent(head string) bool {
	f := strings.Fields(head)
	return studentHeads[f[len(f)-1]]
}

// standaloneGerunds name a hobby on their own ("I love hiking"); other
// gerunds need an object ("playing chess", not "playing").
var standaloneGerunds = buildStandalone()

// buildStandalone builds standaloneGerunds from its list, the hobby verbs
// and the sports.
func buildStandalone() map[string]bool {
	m := lang.Words(`acting performing exploring traveling travelling writing reading volunteering teaching
		gardening painting drawing singing dancing cooking baking hiking camping fishing knitting sewing
		sketching journaling meditating photographing jogging walking coding crafting sculpting sailing
		kayaking rowing biking riding blogging vlogging composing gaming shopping skating surfing skiing
		swimming running cycling climbing bouldering birdwatching woodworking quilting crocheting hunting
		golfing boxing skateboarding snowboarding traveling backpacking road-tripping gardening
		scrapbooking skydiving diving snorkeling horseback bowling foraging paddleboarding windsurfing kitesurfing
		canoeing caving orienteering mountaineering hillwalking rambling geocaching birding stargazing beekeeping
		weightlifting powerlifting thrifting upcycling embroidering weaving brewing fermenting`)
	for _, g := range hobbyVerbs {
		m[g] = g != "playing" && g != "learning"
	}
	for s := range sports {
		m[s] = true
	}
	return m
}

// particles after a lone gerund mean a phrasal verb ("curling up"), not a
// hobby with its object.
var particles = lang.Words(`up out around back down off over away`)
