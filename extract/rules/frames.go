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
	slot  string // ORG, PLACE, SELF, MY, POSS, ORGPOSS
}

// frame is one line of data/frames.txt.
type frame struct {
	typ  ontology.RelationType
	head string // clause frames: "be", "was" or "-"; sentence frames: ""
	toks []frameTok
}

// clauseFrames read from a clause's verb on, with the clause's subject;
// sentenceFrames carry their subject in a slot and are tried at every word.
var clauseFrames, sentenceFrames = parseFrames(framesData)

// subjectSlots are the slots that stand for the person a relation is of.
var subjectSlots = map[string]bool{"SELF": true, "MY": true, "POSS": true}

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
			case strings.ToUpper(w) == w && w != strings.ToLower(w):
				f.toks = append(f.toks, frameTok{slot: w})
			default:
				t := frameTok{words: map[string]bool{}}
				if strings.HasSuffix(w, "?") {
					t.opt, w = true, strings.TrimSuffix(w, "?")
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
					thirdVerbs[w] = true // "Yusuf captains …" is read as a third-person clause
				}
			}
		} else {
			sentenceFs = append(sentenceFs, f)
		}
	}
	return clauseFs, sentenceFs
}

// tagQuestion reports whether a sentence ends in a tag that asks ("…
// aren't they", "… isn't it", "… right"), whatever its punctuation.
func tagQuestion(s *sentence) bool {
	n := len(s.Toks)
	for n > 0 && !s.Toks[n-1].Word {
		n--
	}
	if n >= 1 && s.Is(n-1, "right", "innit", "eh") {
		return true
	}
	return n >= 2 && s.Norm(n-2) == "not" && s.Is(n-1, "they", "he", "she", "it", "you", "we", "i") ||
		n >= 3 && s.Norm(n-2) == "not" && s.Is(n-3, "are", "is", "was", "were", "do", "does", "did", "have", "has")
}

// frameBind is what a frame's slots matched.
type frameBind struct {
	slot string
	ref  ontology.EntityRef
}

// clauseFrames matches the clause frames at the verb of a plain clause.
func (p *sentCtx) clauseFrames(cl clause) {
	if !cl.plain() || p.s.Question || cl.had || cl.we || tagQuestion(p.s) {
		return // "we're based in Oslo" is as often the speaker's company as the speaker
	}
	if cl.third && p.s.Norm(cl.subj) != "they" && p.s.Is(cl.verb-1, "are", "were") {
		return // "Aardman are based in Bristol": a name with a plural verb is no person
	}
	for _, f := range clauseFrames {
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
	for i := range s.Toks {
		if !s.Toks[i].Word {
			continue
		}
		for _, f := range sentenceFrames {
			binds, ok := p.matchFrame(f.toks, i, len(s.Toks), nil)
			if !ok || p.frameHedged(i) {
				continue
			}
			p.frameRelation(f, i, clauseEnd(s, i), ontology.EntityRef{}, binds)
		}
	}
}

// frameHedged reports whether the statement at i is tentative, negated or
// asked: a hedge around it, or a modal or negation in the words before it
// within its clause.
func (p *sentCtx) frameHedged(i int) bool {
	s := p.s
	if hedgedBefore(s, i) || hedgedAfter(s, i) {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		n := s.Norm(k)
		if !s.Toks[k].Word && n != "'" || clauseBreakers[n] {
			break
		}
		if modalWords[n] || frameUnsaid[n] {
			return true
		}
	}
	for k := i; k < len(s.Toks) && k < i+12; k++ {
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
	var to ontology.EntityRef
	for _, b := range binds {
		switch {
		case subjectSlots[b.slot] && f.typ != ontology.RelLocatedIn:
			subj = b.ref
		case f.typ == ontology.RelLocatedIn && b.slot != "PLACE":
			subj = b.ref
		default:
			to = b.ref
		}
	}
	if subj.Name == "" || to.Name == "" || ontology.NormaliseName(subj.Name) == ontology.NormaliseName(to.Name) {
		return
	}
	if f.typ != ontology.RelLocatedIn && subj.Type == "" {
		subj.Type = ontology.EntityPerson
	}
	for _, r := range p.out.Relations {
		if r.Type == f.typ && ontology.NormaliseName(r.From.Name) == ontology.NormaliseName(subj.Name) &&
			ontology.NormaliseName(r.To.Name) == ontology.NormaliseName(to.Name) {
			return // a pattern of its own read it already, with more (a role, an ending)
		}
	}
	p.relation(rel{typ: f.typ, from: subj, to: to, conf: confWeak, validFrom: p.since(from, end)})
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
			if k+n >= end || !s.Toks[k+n].Word || nameStart(s, k+n) || frameSkipStops[s.Norm(k+n)] {
				break
			}
		}
		return nil, false
	case t.words != nil:
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
	if k >= end {
		return nil, false
	}
	ref, next, ok := p.frameSlot(t.slot, k)
	if !ok || next > end {
		return nil, false
	}
	binds = append(binds[:len(binds):len(binds)], frameBind{slot: t.slot, ref: ref})
	if len(toks) == 1 && !p.frameEnds(next, end) {
		return nil, false
	}
	return p.matchFrame(toks[1:], next, end, binds)
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
	says said seems looks sounds`)

// frameSlot reads a slot at k: the entity and where it ends.
func (p *sentCtx) frameSlot(slot string, k int) (ontology.EntityRef, int, bool) {
	s := p.s
	switch slot {
	case "ORG", "GROUP", "TEAM":
		if k > 0 && s.Toks[k-1].Word && s.Toks[k-1].Cap && nameContinues(s, k) {
			return ontology.EntityRef{}, 0, false // inside a name: "Lumen Health", not "Health"
		}
		sp, named := p.typed(k)
		if named && (sp.typ == ontology.EntityPlace || frameTimeWord(sp.name)) || p.timeAt(k) != nil {
			return ontology.EntityRef{}, 0, false // "in charge of Tuesdays", "plays in the Cotswolds"
		}
		ref, end, ok := p.org(k)
		if !ok {
			return ontology.EntityRef{}, 0, false
		}
		if slot == "GROUP" && !endsInGroupHead(ref.Name) && !groupHeads[strings.ToLower(ref.Name)] ||
			slot == "TEAM" && !endsInGroupHead(ref.Name) && !(s.Norm(k) == "the" && strings.HasSuffix(ref.Name, "s") && !strings.HasSuffix(ref.Name, "ss")) {
			return ontology.EntityRef{}, 0, false
		}
		return ref, end, true
	case "PLACE":
		ref, end, _, ok := p.place(k)
		return ref, end, ok
	case "SELF":
		if s.Norm(k) == "i" && p.speaker.Name != "" {
			return p.speaker, k + 1, true
		}
	case "MY":
		if s.Is(k, "my", "our") && p.speaker.Name != "" {
			return p.speaker, k + 1, true
		}
	case "POSS", "ORGPOSS":
		if slot == "POSS" && s.Is(k, "his", "her") {
			a, ok := p.pronoun(k, s.Norm(k))
			return a.ref, k + 1, ok
		}
		sp, ok := nameAt(s, k)
		if !ok || !s.Toks[sp.to-1].Poss || k > 0 && s.Toks[k-1].Word && s.Toks[k-1].Cap && nameContinues(s, k) {
			return ontology.EntityRef{}, 0, false
		}
		sp = p.known.typeName(s, sp)
		switch {
		case slot == "POSS" && (sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityConcept):
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, sp.to, true
		case slot == "ORGPOSS" && (sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept && !firstName(strings.ToLower(strings.Fields(sp.name)[0]))):
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
		}
	}
	return ontology.EntityRef{}, 0, false
}

// frameTimeWord reports whether a name is a day or month in the plural
// or singular ("Tuesdays", "March"), never an organisation.
func frameTimeWord(name string) bool {
	return frameTimeWords[strings.TrimSuffix(strings.ToLower(name), "s")]
}

var frameTimeWords = lang.Words(`monday tuesday wednesday thursday friday saturday sunday weekend january
	february march april june july august september october november december`)
