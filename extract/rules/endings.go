package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Kin and partner compounds are written many ways in chat ("brother in
// law", "brother in-law", "step mum", "step-mum", "half brother", "ex
// wife", "exwife"); kinCompounds writes them as the one word the role
// lists hold ("brother-in-law", "stepmum", "half-brother", "ex-wife"),
// so every pattern reading a role word reads them. The word lists below
// are the data; the expressions are built from them.
var (
	inLawKin   = `brother|sister|mother|father|son|daughter`
	stepKin    = `mum|mom|mother|dad|father|sister|brother|son|daughter|sis|bro`
	halfKin    = `sister|brother`
	exPartners = `wife|husband|girlfriend|boyfriend|partner|fiance|fiancé|fiancee|fiancée|gf|bf|hubby|boss|manager|colleague|coworker|co-worker|flatmate|roommate|housemate`

	inLawRe = regexp.MustCompile(`(?i)\b(` + inLawKin + `)(?:\s+|-)in(?:\s+|-)law\b(\s+\w+)?`)
	stepRe  = regexp.MustCompile(`(?i)\bstep(?:\s+|-)(` + stepKin + `)\b`)
	halfRe  = regexp.MustCompile(`(?i)\bhalf(?:\s+|-)?(` + halfKin + `)\b`)
	exRe    = regexp.MustCompile(`(?i)\bex(?:\s+|-)?(` + exPartners + `)\b`)
)

// lawNouns after "son in law" make "law" the subject studied or practised
// ("my brother in law school", "my sister in law enforcement").
var lawNouns = lang.Words(`school schools firm firms degree student students enforcement class classes exams
	exam course courses practice`)

// kinCompounds writes the turn's kin and ex- compounds as single words.
func kinCompounds(text string) string {
	low := strings.ToLower(text)
	if !strings.Contains(low, "law") && !strings.Contains(low, "step") && !strings.Contains(low, "half") &&
		!strings.Contains(low, "ex") {
		return text
	}
	text = inLawRe.ReplaceAllStringFunc(text, func(m string) string {
		sub := inLawRe.FindStringSubmatch(m)
		if lawNouns[strings.ToLower(strings.TrimSpace(sub[2]))] {
			return m // "my son in law school": the son studies law
		}
		return sub[1] + "-in-law" + sub[2]
	})
	text = stepRe.ReplaceAllString(text, "step${1}")
	text = halfRe.ReplaceAllString(text, "half-${1}")
	return exRe.ReplaceAllString(text, "ex-${1}")
}

// endedRolePrefixes before a role word say the tie is over: "my late
// husband Tom", "my ex Tom", "my former boss Greg" (the relation is kept,
// ended at the turn's time).
var endedRolePrefixes = lang.Words(`late ex former deceased`)

// endedRole reads an ended role at k: a prefix word then a role word
// ("late husband", "ex boss") or one ex- compound ("ex-wife"). It returns
// the role word's index and what it says; "my ex Tom" is the partner.
func (p *sentCtx) endedRole(k int) (int, roleInfo, bool) {
	s := p.s
	w := s.Norm(k)
	if rest, ok := strings.CutPrefix(w, "ex-"); ok {
		info, known := roleWords[rest]
		return k, info, known && !info.plural
	}
	if !endedRolePrefixes[w] {
		return 0, roleInfo{}, false
	}
	if info, ok := roleWords[s.Norm(k+1)]; ok && !info.plural {
		return k + 1, info, true
	}
	if w == "ex" && !s.Toks[k].Poss && p.exNamed(k+1) {
		return k, roleInfo{role: "ex", kind: kindPartner}, true
	}
	return 0, roleInfo{}, false
}

// exNamed reports whether a person's name, and no more of a noun phrase,
// follows a bare "ex" at k: "my ex Tom", not "my ex Amazon colleague Dana".
func (p *sentCtx) exNamed(k int) bool {
	sp, ok := p.typed(k)
	if !ok || sp.typ != ontology.EntityPerson && !firstName(strings.ToLower(strings.Fields(sp.name)[0])) && !p.unseenNameAlone(sp) {
		return false
	}
	return !isRoleWord(p.s.Norm(sp.to)) && !petSpecies[p.s.Norm(sp.to)]
}

// myEndedRole reads "my late husband Tom", "my ex-wife Sara", "my ex Tom"
// after "my" at m: the relation, ended at the turn's time. It reports
// whether an ended role stood there (read or not).
func (p *sentCtx) myEndedRole(m int) bool {
	k, info, ok := p.endedRole(m + 1)
	if !ok {
		return false
	}
	if p.ts != nil && !p.s.Question {
		// Kinship outlives a death: "my late grandad Bill" is still the
		// speaker's grandfather, so the relation stays current; a
		// marriage, a job's tie or an "ex" is over.
		p.roleEnded = !(info.kind == kindFamily && deathWords[p.s.Norm(m+1)])
		p.myRole(m+1, k, info)
		p.roleEnded = false
	}
	return true
}

// deathWords among endedRolePrefixes say the person died, not that the
// tie was broken.
var deathWords = lang.Words(`late deceased`)

// petEndVerbs after a pet's name say it died ("our dog Max passed away",
// "Biscuit died last year"); "put … down" around the name says the same
// ("we had to put our cat luna down"). The pet is still owned until then:
// OWNS is kept, ended at the turn's time.
var petEndVerbs = lang.Words(`died passed`)

// petEnded reports whether the sentence says the pet named name died, in
// a plain statement (no question, hedge or modal before it).
func (p *sentCtx) petEnded(name string) bool {
	s := p.s
	if s.Question || p.ts == nil {
		return false
	}
	first := strings.ToLower(strings.Fields(name + " x")[0])
	at := -1
	for i, t := range s.Toks {
		if strings.ToLower(t.Text) == first {
			at = i
			break
		}
	}
	if at < 0 {
		return false
	}
	for i := 0; i < at; i++ {
		if (hedgeWords[s.Norm(i)] || modalWords[s.Norm(i)]) && hedgeReaches(s, i, at) {
			return false // "if our dog Max ever dies", "might have to put Max down"
		}
	}
	end := at + len(strings.Fields(name))
	for i := end; i < len(s.Toks) && i < end+3; i++ {
		switch {
		case petEndVerbs[s.Norm(i)]:
			return s.Norm(i) != "passed" || s.Norm(i+1) == "away"
		case s.Norm(i) == "down":
			for j := at - 1; j >= 0 && j >= at-4; j-- {
				if s.Norm(j) == "put" {
					return true
				}
			}
		}
	}
	return false
}

// jobEndings are the words right before "from", "by" or "at" and an
// employer when a job was ended for someone: "fired from", "laid off
// from", "let go by", "made redundant at". In a lower-case sentence the
// word after them is read as a name, as after "quit".
var jobEndings = lang.Words(`fired sacked dismissed axed off go redundant`)

// jobEndedBefore reports whether a job ending stands right before the
// preposition at k ("laid off" and "let go" need their first word).
func jobEndedBefore(s *sentence, k int) bool {
	w := s.Norm(k - 1)
	switch {
	case !jobEndings[w]:
		return false
	case w == "off":
		return s.Norm(k-2) == "laid"
	case w == "go":
		return s.Norm(k-2) == "let"
	case w == "redundant":
		return s.Norm(k-2) == "made"
	}
	return true
}

// jobEndingTails may follow an employer typed in lower case after a job
// ending ("laid off from deloitte last week"); another word there makes
// the name a common noun's first word ("sacked from football practice").
var jobEndingTails = []string{"today", "yesterday", "lol", "last", "in", "after", "on", "this", "and", "but", "so",
	"because", "cause", "cuz", "tbh", "smh", "ugh", "again", "too", "back"}

// firingVerbs, with "me" after them, end the speaker's job at the
// employer that is their subject or follows "from"/"at"/"by": "they let
// me go at Tesco", "Tesco let me go", "they fired me from Boots".
var firingVerbs = lang.Words(`let fired sacked axed dismissed`)

// firingBlocks before the verb make the firing unsaid: hedges, modals,
// negations, "nearly" and "did" of a question without its mark ("did
// they fire").
var firingBlocks = lang.Words(`not never n't did do does will might may could would if when whether worried
	afraid scared hope imagine nearly almost`)

// firedMe reads an active firing of the speaker: WORKS_AT, ended at the
// turn's time.
func (p *sentCtx) firedMe() {
	s := p.s
	if s.Question {
		return
	}
	for v := 0; v < len(s.Toks); v++ {
		if !firingVerbs[s.Norm(v)] || s.Norm(v+1) != "me" {
			continue
		}
		after := v + 2
		if s.Norm(v) == "let" {
			if s.Norm(after) != "go" {
				continue
			}
			after++
		}
		for after < len(s.Toks) && p.inTime(after) {
			after++ // "they let me go this week" / "at Lidl", a burst read as one
		}
		if firingBlocked(s, v) {
			return
		}
		var org ontology.EntityRef
		if s.Is(after, "from", "at", "by") {
			sp, ok := p.typed(after + 1)
			if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace {
				return
			}
			org = ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		} else if sp, ok := p.typed(0); ok && sp.to == v && (sp.typ == ontology.EntityOrganization ||
			sp.typ == ontology.EntityConcept && p.disc.typedAs(sp.name, ontology.EntityOrganization)) {
			// the subject an organisation by its name or by an earlier turn ("I work at Aldi")
			org = ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		} else {
			return
		}
		me := p.self()
		p.relation(rel{typ: ontology.RelWorksAt, from: me, to: org, conf: confWeak, validUntil: p.ts})
		p.fact(me, stmt(me.Name+" was let go by "+org.Name), confWeak, nil, p.ts)
		return
	}
}

// firingBlocked reports whether a word before the verb at v blocks a
// firing or an ousting: a blocking word ("nearly"), a hedge or a modal
// that reaches the verb.
func firingBlocked(s *sentence, v int) bool {
	for i := 0; i < v; i++ {
		if (firingBlocks[s.Norm(i)] || hedgeWords[s.Norm(i)] || modalWords[s.Norm(i)]) && hedgeReaches(s, i, v) {
			return true // in the verb's clause (hedgeReaches): not "I might be late, they fired me"
		}
	}
	return false
}
