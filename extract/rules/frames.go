package rules

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// framesData holds relation frames: word patterns with typed slots, one a
// line (format in the file's header). Phrasings live there as data; this
// file only matches them.
//
//go:embed data/frames.txt
var framesData string

// frameTok is one element of a frame: literal words (alternatives), an
// optional literal, a skip of up to three plain words, or a slot.
type frameTok struct {
	words map[string]bool
	opt   bool
	skip  bool
	slot  string   // ORG, PLACE, SELF, MY, POSS, ORGPOSS… (alternatives joined by |)
	slots []string // slot's alternatives
}

// frame is one line of data/frames.txt.
type frame struct {
	typ  ontology.RelationType
	head string // clause frames: "be", "was" or "-"; sentence frames: ""
	toks []frameTok
	need map[string]bool // one of these words must be in a sentence the frame matches (frames_need.go)
}

// clauseFrames read from a clause's verb on, with the clause's subject;
// sentenceFrames carry their subject in a slot and are tried at every word.
var clauseFrames, sentenceFrames = parseFrames(framesData + "\n" + framesBlind5 + "\n" + framesBlind7 + "\n" + framesBlind23a + "\n" + framesBlind26)

// sentenceFramesByWord indexes the sentence frames that open on a word by
// that word; slotFirstFrames open on a slot, which needs a capitalised
// word, a name or a clause's start ("my", "his", a dropped "I", "yoga").
var sentenceFramesByWord, slotFirstFrames = indexFrames(sentenceFrames)

func indexFrames(fs []frame) (map[string][]frame, []frame) {
	byWord := map[string][]frame{}
	var slotFirst []frame
	for _, f := range fs {
		if t := f.toks[0]; t.words != nil && !t.opt {
			for w := range t.words {
				byWord[w] = append(byWord[w], f)
			}
			continue
		}
		slotFirst = append(slotFirst, f)
	}
	return byWord, slotFirst
}

// subjectSlots are the slots that stand for the person a relation is of.
var subjectSlots = map[string]bool{"SELF": true, "MY": true, "POSS": true, "PERSON": true, "START": true}

// parseFrames reads data/frames.txt. A malformed line is a programming
// error in the data and panics at start-up.
func parseFrames(data string) (clauseFs, sentenceFs []frame) {
	for n, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		typ := ontology.RelationType(fields[0])
		if !typ.Valid() || len(fields) < 3 {
			panic(fmt.Sprintf("rules: data/frames.txt line %d: %q", n+1, line))
		}
		f := frame{typ: typ}
		rest := fields[1:]
		switch rest[0] {
		case "be", "was", "-":
			f.head, rest = rest[0], rest[1:]
		}
		for _, w := range rest {
			switch {
			case w == "*":
				f.toks = append(f.toks, frameTok{skip: true})
			case w == "$":
				f.toks = append(f.toks, frameTok{slot: "$"})
			case strings.ToUpper(w) == w && w != strings.ToLower(w):
				f.toks = append(f.toks, frameTok{slot: w, slots: strings.Split(w, "|")})
			default:
				t := frameTok{words: map[string]bool{}}
				if strings.HasSuffix(w, "?") {
					t.opt, w = true, strings.TrimSuffix(w, "?")
				}
				if class, ok := frameClasses[w]; ok {
					t.words = class // @species, @thing
					f.toks = append(f.toks, t)
					continue
				}
				for _, a := range strings.Split(w, "|") {
					if a == "be" && f.head == "" {
						t.words["is"], t.words["are"], t.words["am"] = true, true, true // "X is where I work"
						continue
					}
					t.words[a] = true
				}
				f.toks = append(f.toks, t)
			}
		}
		if f.head != "" {
			clauseFs = append(clauseFs, f)
			if f.head != "be" && len(f.toks) > 0 {
				for w := range f.toks[0].words {
					if frameThirdVerbs[w] {
						thirdVerbs[w] = true // "Yusuf captains …" is read as a third-person clause
					}
				}
			}
		} else {
			sentenceFs = append(sentenceFs, withNeed(f))
		}
	}
	return clauseFs, sentenceFs
}

// wishedBefore reports whether a wish or a guess opens the clause of the
// subject at i: "hope Tomasz got the job", "imagine Efua joined them".
func wishedBefore(s *sentence, i int) bool {
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		if !s.Toks[k].Word || clauseBreakers[s.Norm(k)] {
			return false
		}
		if s.Is(k, "hope", "hoping", "hopefully", "wish", "imagine", "bet", "praying", "pray") {
			return true
		}
	}
	return false
}

// weFrame reports whether a frame states of "we" what it states of the
// speaker: a pet ("we've got a new puppy, the kids named him Biscuit") or
// membership in the plural ("we are members of Orzeł Club"); an office, an
// employer or a leader said by "we" is as often the speaker's company's.
func weFrame(f frame) bool {
	return f.typ == ontology.RelOwns || f.typ == ontology.RelMemberOf && len(f.toks) > 0 && f.toks[0].words["members"]
}

// tagQuestion reports whether a sentence ends in a tag that asks ("…
// aren't they", "… isn't it", "… right"), whatever its punctuation.
func tagQuestion(s *sentence) bool {
	n := len(s.Toks)
	for n > 0 && !s.Toks[n-1].Word {
		n--
	}
	if n >= 1 && s.Is(n-1, "right", "innit", "eh", "abi") { // "abi": Nigerian English's "isn't it"
		return true
	}
	return n >= 2 && s.Norm(n-2) == "not" && s.Is(n-1, "they", "he", "she", "it", "you", "we", "i") ||
		n >= 3 && s.Norm(n-2) == "not" && s.Is(n-3, "are", "is", "was", "were", "do", "does", "did", "have", "has")
}

// frameClasses are the word classes a frame may name with @.
var frameClasses = map[string]map[string]bool{"@species": petSpecies, "@thing": ownedThings, "@job": jobTitles, "@since": longSinceStarts}

// jobTitles are the last words of job titles that say someone works
// somewhere ("Pelham Bank's new compliance officer"); titles of leaders
// are LEADS frames of their own.
var jobTitles = lang.Words(`officer assistant rep representative analyst engineer developer designer nurse doctor
	teacher barista accountant lawyer paramedic chef cook consultant researcher scientist cashier waiter
	waitress driver cleaner receptionist pharmacist electrician architect journalist intern apprentice
	trainee programmer coordinator administrator admin buyer recruiter planner specialist technician
	mechanic physio physiotherapist surgeon vet dentist lecturer tutor photographer copywriter writer
	producer marketer salesman saleswoman advisor adviser associate clerk solicitor`)

// ownedThings are things people name ("our van, Bertha").
var ownedThings = lang.Words(`car van bike motorbike scooter boat campervan camper caravan truck minivan narrowboat canoe kayak yacht dinghy
	guitar piano cello violin ukulele plant`)

// frameThirdVerbs are the verbs of frames that open a third-person clause
// ("Yusuf captains …", "Paula was made head of …"); common verbs (keep,
// take, go) are left out: "Gonna keep going" has no subject "Gonna".
var frameThirdVerbs = lang.Words(`captain captains direct directs conduct conducts enrolled enrols enrolls
	graduated graduates settled settling rents renting stays freelancing freelances made named appointed
	promoted elected picked selected chosen voted employed hired recruited taken signed calls
	running became becomes waitresses bartends lectures interns took gotten rides rows swims cycles climbs does fronts
	cooks delivers bakes`)

// frameBind is what a frame's slots matched.
type frameBind struct {
	slot string
	ref  ontology.EntityRef
}

// clauseFrames matches the clause frames at the verb of a plain clause.
func (p *sentCtx) clauseFrames(cl clause) {
	if !cl.plain() || p.s.Question || cl.had || tagQuestion(p.s) {
		return
	}
	if wishedBefore(p.s, cl.subj) {
		return // "hope Tomasz got the job at Rolls-Royce"
	}
	if cl.third && p.s.Norm(cl.subj) != "they" && p.s.Is(cl.verb-1, "are", "were") {
		return // "Aardman are based in Bristol": a name with a plural verb is no person
	}
	for _, f := range clauseFrames {
		if cl.we && !weFrame(f) {
			continue // "we're based in Oslo" is as often the speaker's company as the speaker
		}
		switch f.head {
		case "be":
			if !cl.be && !cl.been || cl.was {
				continue
			}
		case "was":
			if !cl.was && !cl.be && !cl.been {
				continue
			}
		case "-":
			if cl.be || cl.was {
				continue
			}
		}
		if binds, ok := p.matchFrame(f.toks, cl.verb, cl.end, nil); ok {
			p.frameRelation(f, cl.subj, cl.end, p.self(), binds)
		}
	}
}

// sentenceFrames matches the sentence frames at every word of a statement
// that no hedge, modal or negation touches.
func (p *sentCtx) sentenceFrames() {
	s := p.s
	if s.Question {
		return
	}
	var slotFirst []*frame // the slot-first frames the sentence holds a needed word of, read once
	read := false
	for i := range s.Toks {
		if !s.Toks[i].Word {
			continue
		}
		for _, f := range sentenceFramesByWord[s.Norm(i)] {
			if p.mayMatch(f) {
				p.tryFrame(f, i)
			}
		}
		if s.Toks[i].Cap || nameStart(s, i) || clauseStart(s, i) || s.Is(i, "my", "our", "his", "her", "i") { // "22 years ive cleaned at …": a chat's lower-case "i"
			if !read {
				slotFirst, read = p.slotFirstMayMatch(), true
			}
			for _, f := range slotFirst {
				if p.slotMayStart(f.toks[0], i) {
					p.tryFrame(*f, i)
				}
			}
		}
	}
}

// clauseStart reports whether token i opens a clause: the sentence's
// first word, or a word after punctuation, a conjunction or a filler.
// A comma inside a list ("Ana, Rex, my dog, and I") does not count.
func clauseStart(s *sentence, i int) bool {
	for j := i - 1; j >= 0; j-- {
		n := s.Norm(j)
		switch {
		case n == ",":
			return j == 0 || !s.Tok(j-1).Cap
		case !s.Toks[j].Word:
			return true
		case implicitLead[n] || clauseBreakers[n]:
			continue
		default:
			return false
		}
	}
	return true
}

// slotMayStart reports whether one of a slot's alternatives reads at i
// (LIKE, $ and the skip are left to the match).
func (p *sentCtx) slotMayStart(t frameTok, i int) bool {
	for _, slot := range t.slots {
		if slot == "LIKE" || slot == "$" {
			return true
		}
		if _, _, ok := p.frameSlot(slot, i); ok {
			return true
		}
	}
	return t.slots == nil
}

// frameHedged reports whether the statement at i is tentative, negated or
// asked: a hedge around it, or a modal or negation in the words before it
// within its clause.
func (p *sentCtx) frameHedged(i int) bool { return p.hedgedWith(i, frameUnsaid, 12) }

// hedgedWith reports whether the statement at i is hedged around, has a
// modal or one of unsaid in the six words before it within its clause, or
// a "not"/"never" in the after words from it.
func (p *sentCtx) hedgedWith(i int, unsaid map[string]bool, after int) bool {
	s := p.s
	if hedgedBefore(s, i) || hedgedAfter(s, i) {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		n := s.Norm(k)
		if !s.Toks[k].Word && n != "'" || clauseBreakers[n] {
			break
		}
		if modalWords[n] || unsaid[n] {
			return true
		}
	}
	for k := i; k < len(s.Toks) && k < i+after && (k == i || !clauseBoundary(s, k)); k++ {
		if s.Is(k, "not", "never") {
			return true
		}
	}
	return false
}

// frameUnsaid, shortly before a sentence frame in its clause, make it no
// current statement: negation, wishes, plans and endings ("I quit my job at
// Ocado", "hoping to get into Durham").
var frameUnsaid = lang.Words(`not never would want wants wanted hope hopes hoping planning plan thinking
	considering quit quitting left leaving leave lost losing lose fired miss missed missing ex former old
	applied applying interview interviewed visiting visit visited`)

// frameRelation records the relation a matched frame states: from its
// person slot (or subj, the clause's subject), to its last other slot;
// LOCATED_IN from its organisation to its place.
func (p *sentCtx) frameRelation(f frame, from, end int, subj ontology.EntityRef, binds []frameBind) {
	if f.typ == ontology.RelLivesIn && openedBusiness(p.s, from) {
		return // "opened his own place in ilkley": a restaurant, no home
	}
	var tos []ontology.EntityRef
	for _, b := range binds {
		switch {
		case subjectSlots[b.slot] && f.typ != ontology.RelLocatedIn:
			subj = b.ref
		case f.typ == ontology.RelLocatedIn && b.slot != "PLACE":
			subj = b.ref
		case b.slot == "PLACE" && f.typ != ontology.RelLocatedIn && f.typ != ontology.RelLivesIn && f.typ != ontology.RelComesFrom:
			// where a business is ("runs a bakery in Frome called Crumbs"): the
			// LOCATED_IN frames read it, the relation is to the business
			continue
		default:
			tos = append(tos, b.ref)
		}
	}
	if f.typ != ontology.RelLocatedIn && subj.Type == "" {
		subj.Type = ontology.EntityPerson
	}
	for _, to := range tos {
		if subj.Name == "" || ontology.NormaliseName(subj.Name) == ontology.NormaliseName(to.Name) || p.hasRelation(f.typ, subj, to) {
			continue // a pattern of its own read it already, with more (a role, an ending)
		}
		if to.Type == ontology.EntityOrganization && p.readAsPerson(to) {
			continue // "Priya is Lena's manager": Lena is a person the turn read, no organisation
		}
		if f.typ == ontology.RelLikes && admittedInto(f, to) {
			continue // "Liam's gotten into Cambridge": a place won, not a liking
		}
		if f.typ == ontology.RelLikes {
			p.liking(subj, interest{value: to.Name, typ: to.Type, sub: "favourites"}, " likes ", confWeak)
			continue
		}
		p.relation(rel{typ: f.typ, from: subj, to: to, conf: confWeak, validFrom: p.since(from, end)})
	}
}

// hasRelation reports whether the turn holds a relation of typ between
// the two already.
func (p *sentCtx) hasRelation(typ ontology.RelationType, from, to ontology.EntityRef) bool {
	for _, r := range p.out.Relations {
		if r.Type == typ && ontology.NormaliseName(r.From.Name) == ontology.NormaliseName(from.Name) &&
			ontology.NormaliseName(r.To.Name) == ontology.NormaliseName(to.Name) {
			return true
		}
	}
	return false
}

// matchFrame matches toks at token k (before end) and returns the slots'
// bindings.
func (p *sentCtx) matchFrame(toks []frameTok, k, end int, binds []frameBind) ([]frameBind, bool) {
	s := p.s
	if len(toks) == 0 {
		return binds, true
	}
	t := toks[0]
	switch {
	case t.skip:
		for n := 0; n <= 3; n++ {
			if b, ok := p.matchFrame(toks[1:], k+n, end, binds); ok {
				return b, true
			}
			if k+n >= end || !s.Toks[k+n].Word || nameStart(s, k+n) && !ageGroup(s.Norm(k+n)) || frameSkipStops[s.Norm(k+n)] {
				break
			}
		}
		return nil, false
	case t.words != nil:
		if len(toks) == 1 && k < end && s.Toks[k].Poss {
			return nil, false // "a Spurs employee's wife": the phrase goes on to someone else
		}
		if k < end && t.words[s.Norm(k)] {
			if b, ok := p.matchFrame(toks[1:], k+1, end, binds); ok {
				return b, true
			}
		}
		if t.opt {
			return p.matchFrame(toks[1:], k, end, binds)
		}
		return nil, false
	}
	if k >= end && (t.slot != "$" || k < len(s.Toks)) {
		return nil, false
	}
	if t.slot == "$" { // the phrase ends here: punctuation, an emoji or the sentence's end
		if k < len(s.Toks) && s.Toks[k].Word {
			return nil, false
		}
		return p.matchFrame(toks[1:], k, end, binds)
	}
	if t.slot == "LIKE" {
		stop := end
		if len(toks) > 1 && toks[1].words != nil && !toks[1].opt {
			// a liking that is the subject ends at the frame's next word: "yoga is my happy place"
			for j := k + 1; j < end; j++ {
				if toks[1].words[s.Norm(j)] {
					stop = j
					break
				}
			}
		}
		if chatFillers[s.Norm(k)] || quantityWord(s.Norm(k)) || likeVetoes[s.Norm(k)] {
			return nil, false // "ngl Valparaíso stole my heart": the liking starts after; "keen on two projects"
		}
		if s.Norm(k) == "the" && nameStart(s, k+1) {
			k++ // "a huge fan of The Ferry Ghosts"
		}
		if s.Is(k-1, "is", "are", "was", "were") && (strings.HasSuffix(s.Norm(k), "ing") || stateWord(s, k)) {
			return nil, false // "my favourite band is playing Oslo", "my fave pub is closed": no liking
		}
		ins := p.interests(k, stop)
		if len(ins) == 0 || frameTimeWord(ins[0].value) {
			return nil, false
		}
		binds = binds[:len(binds):len(binds)]
		for _, in := range ins {
			binds = append(binds, frameBind{slot: t.slot, ref: ontology.EntityRef{Name: in.value, Type: in.typ}})
		}
		next := ins[len(ins)-1].end
		if len(toks) == 1 && !p.frameEnds(next, end) {
			return nil, false
		}
		return p.matchFrame(toks[1:], next, end, binds)
	}
	for _, slot := range t.slots { // MY|POSS
		ref, next, ok := p.frameSlot(slot, k)
		if !ok || next > end || len(toks) == 1 && !p.frameEnds(next, end) {
			continue
		}
		if b, ok := p.matchFrame(toks[1:], next, end, append(binds[:len(binds):len(binds)], frameBind{slot: slot, ref: ref})); ok {
			return b, true
		}
	}
	return nil, false
}

// ageGroup reports whether a word names a youth team by its age ("U12s",
// "u9", "U16s"), which a skip passes like a plain word: "coach the U12s at".
func ageGroup(w string) bool {
	w = strings.TrimSuffix(w, "s")
	return len(w) >= 2 && len(w) <= 3 && w[0] == 'u' && isDigits(w[1:])
}

// frameSkipStops end a skip: a clause or a negation starts there.
var frameSkipStops = map[string]bool{"not": true, "never": true, "and": true, "but": true, "or": true,
	"because": true, "if": true, "who": true, "which": true, "that": true, "i": true, "we": true,
	"he": true, "she": true, "they": true, "you": true}

// frameEnds reports whether a frame's last slot ends its phrase at k.
func (p *sentCtx) frameEnds(k, end int) bool {
	s := p.s
	if k >= end || k >= len(s.Toks) || !s.Toks[k].Word || p.timeAt(k) != nil {
		return true
	}
	n := s.Norm(k)
	_, third := thirdSingular[n]
	return npStops[n] || adverbs[n] || third || frameEndWords[n]
}

// frameEndWords may follow a frame's last name: fillers and the verb of a
// sentence whose subject the frame is ("my boss at Ardent Media is a
// nightmare", "Aisha's first day at Arup went well").
var frameEndWords = lang.Words(`lol btw tbh haha rn fyi is was are were has had does did will can went was
	obviously apparently honestly basically though too again anyway
	says said seems looks sounds since till until every twice per two three four five`)
