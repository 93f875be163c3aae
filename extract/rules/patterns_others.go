package rules

import (
	"slices"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// othersPatterns reads statements about people other than the speaker,
// with the same patterns as first-person ones: possessive chains ("Rui's
// brother Tiago", "his sister Ana", "your dog Max") and third-person
// clauses ("He works at Norvik Shipping", "Ana now works at the clinic
// too", "Rui's brother Tiago lives in Faro"). A subject reached through a
// pronoun makes every statement also cite the antecedent's turn.
func (p *sentCtx) othersPatterns() {
	s := p.s
	for m := 0; m < len(s.Toks); m++ {
		owner, cite, ok := p.possessor(m)
		if !ok {
			continue
		}
		p.about(owner, cite, func() { p.myPhrase(m) })
	}
	clauses := p.thirdClauses() // resolves the sentence's pronouns, in questions too
	if s.Question {
		return
	}
	for _, tc := range clauses {
		if tc.cl.verb >= len(s.Toks) {
			continue // "Ana's still." has no verb to read
		}
		p.about(tc.subj, tc.cite, func() {
			verb := &s.Toks[tc.cl.verb]
			saved := verb.Norm
			if base, ok := thirdSingular[verb.Norm]; ok {
				verb.Norm = base
			}
			p.selfPatterns(tc.cl)
			verb.Norm = saved
		})
	}
}

// about runs read with subj as the subject of what it finds, citing the
// antecedent turn cite beside the turn (when it is another turn).
func (p *sentCtx) about(subj ontology.EntityRef, cite string, read func()) {
	p.subj = subj
	if cite != "" {
		// The antecedent of a pronoun is mentioned in this turn too, as a person.
		if cite != p.ids[0] {
			p.cite = []string{cite}
		}
		p.typedEntity(subj, confCue, "coref")
	}
	read()
	p.subj, p.cite = ontology.EntityRef{}, nil
}

// possessor reads a possessor at token m whose possession a relationship
// or pet phrase follows: "his"/"her" (the person they resolve to), "your"
// (the addressee of a two-party chat) or a person's name with "'s".
func (p *sentCtx) possessor(m int) (ontology.EntityRef, string, bool) {
	s := p.s
	n := s.Norm(m)
	if n != "his" && n != "her" && n != "your" && !s.Toks[m].Poss {
		return ontology.EntityRef{}, "", false
	}
	k := p.skipAdjectives(m + 1)
	job := s.Is(k, "job", "position", "role", "internship") && s.Is(k+1, "at", "with") // "his new job at Norvik"
	if _, _, ended := p.endedRole(m + 1); !ended && (k < 0 || !isRoleWord(s.Norm(k)) && !petSpecies[s.Norm(k)] && !job) {
		return ontology.EntityRef{}, "", false // "Tom's ex Sara", "your late wife Helen" are read
	}
	switch n {
	case "his", "her":
		a, ok := p.pronoun(m, n)
		return a.ref, a.turn, ok
	case "your":
		ref := p.disc.addressee(p.speaker.Name)
		return ref, "", ref.Name != ""
	}
	sp, ok := nameBefore(s, m+1)
	if !ok {
		return ontology.EntityRef{}, "", false
	}
	sp = p.known.typeName(s, sp)
	if sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
		return ontology.EntityRef{}, "", false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, "", true
}

// discPerson is the discourse's person for the pronoun n at token i,
// unless an unnamed person of its gender comes before it in the sentence
// ("my brother moved … with his girlfriend": his is the brother).
func (p *sentCtx) discPerson(i int, n string) (antecedent, bool) {
	if unnamedPersonBefore(p.s, i, pronounGender[n]) || p.unnamedPersonJustBefore(pronounGender[n]) {
		return antecedent{}, false
	}
	return p.disc.person(n)
}

// pronoun resolves the personal pronoun n at token i: to a person named
// earlier in the sentence ("Visiting my brother Tiago, he lives in
// Faro"), else to the discourse's most recent compatible person. Two
// candidates in the sentence make it ambiguous. The antecedent learns the
// pronoun's gender.
func (p *sentCtx) pronoun(i int, n string) (antecedent, bool) {
	want := pronounGender[n]
	var found *span
	possessed := false // found is the one a possessor's role led to
	renamed := false   // the sentence gave someone a new name
	for k := range p.names {
		sp := &p.names[k]
		if sp.to > i {
			break
		}
		g := p.disc.genderOf(sp.name)
		if !personLike(sp.typ) || sp.typ == ontology.EntityConcept && (prepositions[p.s.Norm(sp.from-1)] && !topicHeading(p.s, *sp) || groupObjectVerbs[p.s.Norm(sp.from-1)]) && !p.s.Toks[sp.to-1].Poss ||
			commonSpan(*sp) || p.typedThingSpan(*sp) || businessSpan(*sp) ||
			p.speakerHere(*sp) || want != genderUnknown && g != genderUnknown && g != want || answerVocative(p.s, *sp) {
			continue
		}
		if marriedName(p.s, sp.from) {
			renamed = true // "now that she is Mrs Quayle, … her cat": hers, whom the sentence named before
			continue
		}
		if found != nil && ontology.NormaliseName(found.name) != ontology.NormaliseName(sp.name) {
			if p.s.Toks[found.to-1].Poss && !p.s.Toks[sp.to-1].Poss && !possessed {
				found, possessed = sp, true // "renée's sister Solène …, she got a job": the one possessed, not the possessor
				continue
			}
			return antecedent{}, false
		}
		found = sp
	}
	var a antecedent
	if found != nil {
		a = antecedent{ref: ontology.EntityRef{Name: found.name, Type: ontology.EntityPerson}, turn: p.ids[0]}
		if p.disc.isSpeaker(found.name) {
			a.ref = p.disc.participantRef(mention{ref: a.ref, norm: ontology.NormaliseName(found.name)})
		}
	} else {
		var ok bool
		if renamed {
			return antecedent{}, false
		}
		if a, ok = p.discPerson(i, n); !ok {
			return antecedent{}, false
		}
		a.ref.Type = ontology.EntityPerson
	}
	p.disc.setGender(a.ref.Name, want)
	return a, true
}

// marriedName reports whether the name at from is what a pronoun's person
// is now called ("now that she is Mrs Quayle", "she's Mrs Okafor now"): a
// new name of one already spoken of, not another person a later "her"
// may mean.
func marriedName(s *sentence, from int) bool {
	k := from - 1
	if !s.Is(k, "mrs", "mr", "ms", "miss") {
		return false
	}
	k--
	if s.Is(k, "now", "officially", "finally") {
		k--
	}
	return s.Is(k, "is", "'s", "became", "become", "be") && s.Is(k-1, "she", "he")
}

// thirdClause is a clause about someone other than the speaker.
type thirdClause struct {
	cl   clause
	subj ontology.EntityRef
	cite string // the antecedent's turn, when the subject is a pronoun
}

// possIsBe are words after a name's "'s" that make the "'s" mean "is"
// ("Aisha's from Leicester", "Ana's a nurse at…").
var possIsBe = lang.Words(`from a an the on still now at in moving starting working living dating married engaged also
	originally currently been into really doing obsessed addicted hooked with leaving quitting`)

// thirdSingular maps third-person verb forms to the base forms the
// patterns read.
var thirdSingular = map[string]string{
	"works": "work", "lives": "live", "teaches": "teach", "goes": "go", "studies": "study",
	"attends": "attend", "has": "have", "owns": "own", "loves": "love", "likes": "like", "enjoys": "enjoy",
	"adores": "adore", "hates": "hate", "runs": "run", "leads": "lead", "heads": "head", "manages": "manage",
	"starts": "start", "plays": "play", "sings": "sing", "reports": "report", "chairs": "chair", "sits": "sit", "drums": "drum",
	"organises": "organise", "organizes": "organize", "cleans": "clean", "joins": "join",
}

// youVerbs are the verbs a statement about the addressee may open on
// ("you were recruited by Aker Solar, congratulations!").
var youVerbs = lang.Words(`recruited hired accepted admitted moved joined started founded adopted`)

// baseVerbs are thirdSingular's base forms.
var baseVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, b := range thirdSingular {
		m[b] = true
	}
	return m
}()

// thirdVerbs are the verbs (in base or past form) a third-person clause
// may open on; others are not read.
var thirdVerbs = lang.Words(`work working worked live living lived moved relocated grew born teach teaching
	taught start started starting joined got landed married went go attend attended attending graduated studied
	study studying have own adopted set moving opened love like enjoy adore founded co-founded cofounded run lead head manage
	left quit be report dating marrying play playing accepted admitted hired recruited broke sing singing bought rescued
	chair chairing sit sitting heading rejoined drum drumming organise organize organising organizing coming gone
	wrote published released recorded composed painted retired clean cleaning join moves`)

// thirdClauses finds the clauses of the sentence whose subject is "he" or
// "she" (resolved through the discourse) or a person's name, and whose
// verb a pattern reads.
func (p *sentCtx) thirdClauses() []thirdClause {
	s := p.s
	var out []thirdClause
	for i := 0; i < len(s.Toks); i++ {
		n := s.Toks[i].Norm
		if n == "he" || n == "she" {
			if relativeSubject(s, i, p.inTime) || p.dislocatedName(i) >= 0 {
				continue // "my sister Oksana she is living in Leeds": read at the name
			}
			a, ok := p.pronoun(i, n)
			if !ok {
				continue
			}
			// The antecedent is mentioned here: the next pronoun may point at it again.
			p.typedEntity(a.ref, confCue, "coref")
			at := i
			if s.Is(i+1, "is") {
				if w := whoAfter(s, i+2); w > i+2 {
					at = w // "she's the one who just moved to Bristol"
				}
			}
			if cl, ok := thirdClauseAt(s, at, i); ok {
				out = append(out, thirdClause{cl: cl, subj: a.ref, cite: a.turn})
			}
			continue
		}
		if n == "you" {
			you := p.disc.addressee(p.speaker.Name)
			if you.Name == "" || relativeSubject(s, i, p.inTime) {
				continue
			}
			if cl, ok := thirdClauseAt(s, i, i); ok && (youVerbs[s.Norm(cl.verb)] || p.youLiking(cl)) {
				out = append(out, thirdClause{cl: cl, subj: you})
			}
			continue
		}
		if isRoleWord(s.Norm(i-1)) && s.Norm(i-2) == "my" {
			if ref, end, ok := p.lowerPerson(i); ok {
				// "my sister ines finally opened her café", "my friend Tom who lives in Leeds"
				at := end - 1
				if w := whoAfter(s, end); w >= 0 {
					at = w
				} else if w := pronounAfter(s, end); w >= 0 {
					at = w // "my sister oksana she lives in leeds"
				}
				if cl, ok := thirdClauseAt(s, at, i); ok {
					out = append(out, thirdClause{cl: cl, subj: ref})
				}
				continue
			}
		}
		if ref, ok := p.lowerSubject(i); ok {
			// "so now julián runs the whole marketing team"
			if cl, ok := thirdClauseAt(s, i, i); ok {
				out = append(out, thirdClause{cl: cl, subj: ref})
			}
			continue
		}
		if !nameStart(s, i) {
			continue
		}
		sp, _ := nameAt(s, i)
		i = sp.to - 1
		if s.Toks[sp.to-1].Poss && (hasContracted[s.Norm(sp.to)] || s.Norm(sp.to) == "been") && p.subjectPosition(sp) {
			// "Ellie's started her own business": the 's is "has".
			if sp = p.known.typeName(s, sp); personLike(sp.typ) || placeNamedPerson(s, sp) {
				cl := parseClause(s, sp.to-1)
				cl.subj, cl.third, cl.have = sp.from, true, true
				out = append(out, thirdClause{cl: cl, subj: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}})
			}
			continue
		}
		if s.Toks[sp.to-1].Poss && (possIsBe[s.Norm(sp.to)] || s.Is(sp.to, "not") || s.Seq(sp.to, "no", "longer")) && p.subjectPosition(sp) {
			// "Aisha's from Leicester": the 's is "is".
			sp = p.known.typeName(s, sp)
			if personLike(sp.typ) {
				cl := parseClause(s, sp.to-1)
				cl.subj, cl.third, cl.be = sp.from, true, true
				out = append(out, thirdClause{cl: cl, subj: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}})
			}
			continue
		}
		appos := -1
		if s.Seq(sp.to, ",", "my") {
			if k := p.skipAdjectives(sp.to + 2); k > 0 && isRoleWord(s.Norm(k)) && s.Norm(k+1) == "," {
				if _, third := thirdSingular[s.Norm(k+2)]; third || s.Is(k+2, "is", "was", "has", "just", "still", "now") {
					appos = k + 1 // "Sarah, my sister, lives in Cork": not said to Sarah
				}
			}
		}
		if w := whoAfter(s, sp.to); w >= 0 && !s.Toks[sp.to-1].Poss {
			// "my friend Tom, who lives in Leeds, …": the relative clause
			// states of Tom wherever he stands
			if sp = p.known.typeName(s, sp); sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityConcept {
				if cl, ok := thirdClauseAt(s, w, sp.from); ok {
					out = append(out, thirdClause{cl: cl, subj: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}})
				}
			}
			continue
		}
		if w := pronounAfter(s, sp.to); w >= 0 && !s.Toks[sp.to-1].Poss && p.subjectPosition(sp) {
			// "my friend Chen he is now the boss", "Oksana, she lives in Leeds": the
			// pronoun takes the name up again, as non-native English and speech do
			if sp = p.known.typeName(s, sp); personLike(sp.typ) {
				if cl, ok := thirdClauseAt(s, w, sp.from); ok {
					out = append(out, thirdClause{cl: cl, subj: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}})
				}
			}
			continue
		}
		if s.Toks[sp.to-1].Poss || appos < 0 && !p.subjectPosition(sp) {
			continue
		}
		sp = p.known.typeName(s, sp)
		if placeNamedPerson(s, sp) {
			sp.typ = ontology.EntityPerson // "Sofia's been living in Lyon since the summer"
		}
		if sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
			continue
		}
		at := sp.to - 1
		if s.Norm(sp.to) == "," && s.Norm(sp.from-1) == "," {
			at = sp.to // "my roommate, Dana, works at…"
		}
		if appos >= 0 {
			at = appos
		}
		if s.Seq(sp.to, "and", "i") {
			at = sp.to + 1 // "Marta and I adopted a beagle": Marta did too
		}
		if q := fromQualifier(s, sp.to); q > 0 {
			at = q // "Sanjay from work is seeing Marisol"
		}
		cl, ok := thirdClauseAt(s, at, sp.from)
		if !ok || s.Norm(at) != "i" && baseVerbs[s.Norm(cl.verb)] && !cl.modal && !cl.usedTo && !cl.neg && !cl.be {
			// "Themes like sisterhood": a bare present verb after a name
			// has a plural subject, not one person ("Ana likes"); after "is"
			// it is non-native English ("Arjun is study in …").
			continue
		}
		out = append(out, thirdClause{cl: cl, subj: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}})
		if !cl.be && !cl.was {
			p.noteSubject(sp) // "Kemi loves it", not "Painting is fun"
		}
	}
	return out
}

// lowerSubject reads a person's name typed in lower case as the subject
// of a clause at i, in a lower-case sentence: a known first name or a
// person the conversation already mentioned, at the start of the sentence
// or after a linking word ("so now julián runs…", "and pablo lives in…").
func (p *sentCtx) lowerSubject(i int) (ontology.EntityRef, bool) {
	s := p.s
	t := s.Toks[i]
	if !t.Word || t.Cap || !lowerStyle(s) || !firstName(t.Norm) && !p.disc.typedPerson(t.Text) {
		return ontology.EntityRef{}, false
	}
	if i > 0 && !s.Is(i-1, "so", "now", "and", "but", "then", "also", "anyway", ",") && !factiveLead(s, i-1) {
		return ontology.EntityRef{}, false
	}
	ref, _, ok := p.lowerPerson(i)
	return ref, ok && !p.isSpeaker(ref)
}

// whoAfter returns where "who" opens a relative clause right after a name
// ending at k ("Tom who runs Grano", "Tom, who lives in Leeds"), or -1.
func whoAfter(s *sentence, k int) int {
	if s.Norm(k) == "," {
		k++
	}
	if s.Is(k, "the") && s.Is(k+1, "one", "guy", "girl", "woman", "man", "lady", "bloke") && s.Norm(k+2) == "who" {
		k += 2 // "my cousin Deepak, the one who's a pharmacist at Boots"
	}
	if s.Norm(k) == "who" {
		return k
	}
	return -1
}

// pronounAfter returns where "he" or "she" takes up the name ending at k
// ("Oksana she is", "Chen, he works"), or -1.
func pronounAfter(s *sentence, k int) int {
	if s.Norm(k) == "," {
		k++
	}
	if s.Is(k, "he", "she") && k+1 < len(s.Toks) && s.Toks[k+1].Word {
		return k
	}
	return -1
}

// dislocatedName returns where the person's name starts that the pronoun
// at i takes up right after it (pronounAfter), or -1.
func (p *sentCtx) dislocatedName(i int) int {
	s := p.s
	end := i
	if s.Norm(end-1) == "," {
		end--
	}
	for j := end - 1; j >= 0 && j >= end-3; j-- {
		if !s.Toks[j].Word || !s.Toks[j].Cap {
			break
		}
		sp, ok := nameAt(s, j)
		if !ok || sp.to != end || s.Toks[sp.to-1].Poss {
			continue
		}
		if j > 0 && s.Toks[j-1].Word && s.Toks[j-1].Cap {
			continue // inside a longer name
		}
		if !p.subjectPosition(sp) || !personLike(p.known.typeName(s, sp).typ) {
			return -1
		}
		return j
	}
	return -1
}

// thirdClauseAt parses the clause after token at, whose subject starts at
// subj, and keeps it when its verb is one a pattern reads.
func thirdClauseAt(s *sentence, at, subj int) (clause, bool) {
	cl := parseClause(s, at)
	cl.subj, cl.third = subj, true
	v := s.Norm(cl.verb)
	if base, ok := thirdSingular[v]; ok {
		v = base
	}
	if !thirdVerbs[v] && !((cl.be || cl.have && cl.been) && cl.verb < len(s.Toks)) && !(cl.was && s.Is(cl.verb, "a", "an", "at", "the", "my")) {
		return clause{}, false
	}
	return cl, true
}

// noteSubject makes a name read as a clause's subject a person the
// sentence mentions ("Kemi loves it, she says…": "she" may mean Kemi),
// also when it opens the sentence and no list typed it.
func (p *sentCtx) noteSubject(sp span) {
	for _, n := range p.names {
		if n.from == sp.from {
			return
		}
	}
	sp.typ, sp.confirmed = ontology.EntityPerson, true
	at := len(p.names)
	for at > 0 && p.names[at-1].from > sp.from {
		at--
	}
	p.names = slices.Insert(p.names, at, sp)
	p.typedEntity(ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, confCue, "subject")
}

// subjectPosition reports whether a name stands where a subject does: at
// the start of a clause, after a linking or reporting word, or in
// apposition after a relationship word ("my brother Tiago", "Rui's
// brother Tiago", "my roommate, Dana,").
func (p *sentCtx) subjectPosition(sp span) bool {
	s := p.s
	prev := s.Norm(sp.from - 1)
	if prev == "," {
		prev = s.Norm(sp.from - 2)
	}
	if isRoleWord(prev) {
		return true
	}
	if (prev == "who" || prev == "whom") && s.Tok(sp.from-2).Word {
		return false // "the guy who Maria lives with": the clause is about the guy
	}
	return !relativeSubject(s, sp.from, p.inTime) && !vocative(s, sp.from, sp.to)
}
