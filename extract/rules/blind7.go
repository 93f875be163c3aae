package rules

import (
	_ "embed"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// framesBlind7 holds the frames h14-blind7 added (the themes of bands
// sharing a flat, coworkers, harbour towns and siblings), kept apart from
// the other frame files; all are read as one.
//
//go:embed data/frames_blind7.txt
var framesBlind7 string

func init() {
	// what a relative or a boss is, which no list calls a common word: "my mum is ill", "my boss is awful"
	for _, w := range strings.Fields(`ill sick poorly unwell pregnant retired skint broke awful amazing
		lovely nice mean strict brilliant tired exhausted stressed busy chill cool great horrible terrible gorgeous sweet
		kind funny weird moody grumpy fab wonderful perfect annoying hilarious brill shattered knackered furious livid
		upset sad happy thrilled buzzing gutted proud mad angry worried recovering better worse asleep awake dead late
		early right wrong young old lazy clever smart quiet loud shy single engaged married divorced vegan lush
		obsessed devastated delighted fuming raging sound legend useless hopeless struggling coping thriving`) {
		roleStates[w] = true
	}
	// trades of harbour towns, building and care ("an auctioneer at Peterhead Fish Market")
	for _, w := range []string{"auctioneer", "foreman", "forewoman", "deckhand", "fisherman", "fisherwoman", "boatbuilder",
		"shipwright", "welder", "porter", "carpenter", "joiner", "plumber", "labourer", "librarian", "midwife", "carer",
		"curator", "translator", "harbourmaster", "lifeguard", "steward", "stewardess", "ranger", "gardener", "baker",
		"butcher", "hairdresser", "optician", "firefighter", "surveyor", "instructor", "dispatcher"} {
		jobTitles[w] = true
	}
}

// askedNameRE reads a question about how one named person is: "how's
// Hanne?", "hows rhys", "what's Ebba up to these days", "how is Tom
// getting on?".
var askedNameRE = regexp.MustCompile(`(?i)^\W*(?:(?:hey|so|and|oh|ok|anyway|btw)\W+)?(?:how's|hows|how is|how're|what's|whats|what is|any news (?:from|on|about))\s+([\p{L}][\p{L}'-]*)(?:\s+(?:doing|getting on|keeping|been|up to|getting along|holding up))?(?:\s+(?:these days|lately|nowadays|rn|now|atm))?\W*$`)

// roleAnswerRE reads an answer that opens on a relative or a partner with
// no name, then a verb: "my wife is now the head teacher at …", "my
// daughter's doing a phd at …".
var roleAnswerRE = regexp.MustCompile(`(?i)^(\W*(?:(?:oh|ah|well|lol|haha|good|great|fine|ha)\W+)*(?:my|our)\s+)([\p{L}-]+)((?:'s|’s)\s|\s+(?:is|has|was|just|got|finally|started|starts|now|still|moved|works|lives|loves|left)\b)`)

// askedPersonRole names the relative an answer opens on after the other
// speaker asked about one person: "how's Hanne?" / "my wife is now the
// head teacher at Rosedale Academy" reads as "my wife Hanne is now …".
// Only kin and partners are named so: "how's Tom?" / "my boss is …" is
// no statement that Tom is the boss.
func askedPersonRole(t ontology.Turn, prev *prevTurn) string {
	if prev == nil || prev.speaker == t.Speaker {
		return t.Text
	}
	if low := strings.ToLower(prev.full); !strings.Contains(low, "how") && !strings.Contains(low, "what") && !strings.Contains(low, "news") {
		return t.Text // the regular expressions only where they may match: ingest reads every turn
	}
	q := askedNameRE.FindStringSubmatch(prev.full)
	if q == nil || !askedName(q[1]) {
		return t.Text
	}
	m := roleAnswerRE.FindStringSubmatchIndex(t.Text)
	if m == nil {
		return t.Text
	}
	info, ok := roleWords[strings.ToLower(t.Text[m[4]:m[5]])]
	if !ok || info.plural || info.kind != kindFamily && info.kind != kindChild && info.kind != kindPartner {
		return t.Text
	}
	rest := t.Text[m[6]:]
	if otherPerson(strings.ToLower(t.Text), strings.ToLower(q[1]), info.role) {
		return t.Text
	}
	if strings.HasPrefix(rest, "'s") || strings.HasPrefix(rest, "’s") {
		rest = " is" + strings.TrimLeft(rest, "'’")[1:] // "my son's doing a phd" reads as "my son Bram is doing a phd"
	}
	return t.Text[:m[5]] + " " + q[1] + rest
}

// askedName reports whether a word asked about may be a person's name:
// capitalised or a known first name, and no common word ("how's work?").
func askedName(w string) bool {
	low := strings.ToLower(w)
	if englishWords[low] || notLowerName(low) || inGazetteer(low) || isRoleWord(low) {
		return false
	}
	return firstName(low) || w != low
}

// femaleRoles and maleRoles are the kin words that say a gender.
var (
	femaleRoles = lang.Words(`wife girlfriend gf wifey fiancee fiancée mum mom mother sister sis daughter aunt auntie aunty
		niece grandma granny nan gran grandmother stepmom stepmum stepmother stepsister stepdaughter granddaughter`)
	maleRoles = lang.Words(`husband boyfriend bf hubby fiance fiancé dad father brother bro son uncle nephew grandpa
		grandad granddad grandfather stepdad stepfather stepbrother stepson grandson`)
	herWords = lang.Words(`she her hers herself`)
	hisWords = lang.Words(`he him his himself`)
)

// otherPerson reports whether an answer speaks of someone besides the
// relative it opens on: it names the person asked about again ("how's
// Tom?" / "my dad is ill, Tom's looking after him"), or a pronoun of the
// other gender than the relative's ("my mum is ill so I haven't seen
// him").
func otherPerson(answer, name, role string) bool {
	for _, w := range strings.FieldsFunc(answer, func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch {
		case w == name:
			return true
		case femaleRoles[role] && hisWords[w], maleRoles[role] && herWords[w]:
			return true
		}
	}
	return false
}

// shouted reports whether the word at i is a common word written in
// capitals for stress after a word that is not: "mr okonkwo FINALLY fixed
// it" ends the name before "FINALLY" ("BBC News" keeps its words).
func shouted(s *sentence, i int) bool {
	t := s.Toks[i]
	if len(t.Text) < 3 || !upperAlready(t.Text) || i == 0 || upperAlready(s.Toks[i-1].Text) {
		return false
	}
	return adverbs[t.Norm] || commonWords[t.Norm] || englishWords[t.Norm] || functionWords[t.Norm]
}

// upperAlready reports whether strings.ToUpper(w) == w without building
// the upper-cased copy: no rune changes, and no invalid byte (which
// ToUpper would replace).
func upperAlready(w string) bool {
	for k, r := range w {
		if r == utf8.RuneError {
			if _, width := utf8.DecodeRuneInString(w[k:]); width == 1 {
				return false
			}
		}
		if unicode.ToUpper(r) != r {
			return false
		}
	}
	return true
}

// pastVerbs are verbs a name may end on in a short message: "teodora quit
// 😭" is Teodora quitting, not Teodora Quit.
var pastVerbs = lang.Words(`quit left said says texted called came went agreed cried laughed won lost replied
	joined moved started resigned retired arrived proposed dumped ghosted graduated`)

// surnameVetoes reports whether a lower-case word after a name is a verb
// of which the name is the subject, not its surname.
func surnameVetoes(w string) bool {
	return pastVerbs[w] || nameSlotVerbs[w] || frameSubjectVerbs[w]
}

// schoolNotJob drops a WORKS_AT the turn drew beside an ATTENDED of the
// same person at the same school: "ur nephew Theo started at Larkrise
// Primary" is read by both the job and the school patterns, and starting
// at a school is said of pupils far more than of staff.
func schoolNotJob(rels []ontology.Relation) []ontology.Relation {
	attended := map[string]bool{}
	for _, r := range rels {
		if r.Type == ontology.RelAttended {
			attended[refKey(r.From)+"\x01"+ontology.NormaliseName(r.To.Name)] = true
		}
	}
	if len(attended) == 0 {
		return rels
	}
	out := rels[:0]
	for _, r := range rels {
		if r.Type == ontology.RelWorksAt && attended[refKey(r.From)+"\x01"+ontology.NormaliseName(r.To.Name)] && schoolName(r.To.Name) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// groupObjectVerbs take a group or a business as their object: a name
// right after them ("raff started Velvet Gutter with his cousin Ines") is
// not the person a later "his" means.
var groupObjectVerbs = lang.Words(`started founded co-founded formed joined quit left runs run fronts fronted`)

// rememberedName returns the person a message only asks the other to
// recall ("remember Deshawn??", "u know Priya from uni?"), whose news the
// same speaker's next message gives: "got hired by Kestrel Analytics" is
// Deshawn's (burst_name.go).
func (c *turnCtx) rememberedName(text string) (string, bool) {
	s, f, ok := oneSentence(text)
	if !ok {
		return "", false
	}
	if s.Is(f, "do", "d'you", "dyou") {
		f++
	}
	if s.Is(f, "you", "u", "ya") {
		f++
	}
	if !s.Is(f, "remember", "member", "know") {
		return "", false
	}
	name, end, ok := c.personAt(s, f+1)
	if !ok {
		return "", false
	}
	if s.Is(end, "from") { // "remember Deshawn from the bootcamp?"
		for end < len(s.Toks) && s.Toks[end].Word && end-f < 8 {
			end++
		}
	}
	return name, wordless(s, end)
}

func init() {
	// the trades of a harbour town end organisations' names: "Kettleness Marina", "Selkie Boatworks", "Skerry Ferries"
	for _, w := range strings.Fields(`marina boatyard boatworks shipyard chandlery ferries fisheries seafoods smokehouse
		creamery distillery boatbuilders marine`) {
		orgCues[w] = true
	}
	thirdVerbs["coaches"] = true // "Siobhan coaches our five-a-side team, the Dynamos"
	for _, w := range []string{"btw", "lol", "anyway", "haha"} {
		answerFillers[w] = true // "where did u grow up btw?"
	}
}

// heardRE reads news told as a question: "did u hear Priyanka got the job
// at Stellwerk?", "have you seen that Ana moved to Leeds??".
var heardRE = regexp.MustCompile(`(?i)^\W*(?:(?:omg|so|ok|wait|btw|oh)\W+)?(?:did|have)\s+(?:you|u|ya)\s+(?:hear|heard|see|seen)\s+(?:that\s+)?(.+?)\s*\?+\W*$`)

// heardNews reads "did you hear X got Y?" as the news it tells: the asker
// takes "X got Y" as known. "did you hear if …", "… about …", "… what …"
// ask, and are left as questions.
func heardNews(text string) string {
	if low := strings.ToLower(text); !strings.Contains(low, "hear") && !strings.Contains(low, "see") {
		return text
	}
	m := heardRE.FindStringSubmatch(text)
	if m == nil {
		return text
	}
	first, _, _ := strings.Cut(strings.ToLower(m[1]), " ")
	if heardAsks[first] || len(strings.Fields(m[1])) < 3 {
		return text // "did you see Robin?" asks about Robin: a clause tells news
	}
	return m[1] + "!"
}

// heardAsks open what "did you hear …?" really asks about.
var heardAsks = lang.Words(`if whether about abt what who how when where why the anything from back`)

// deniedRe reads another speaker's denial of what the turn before told:
// "no she didn't, that's just a rumour", "that's not true" (corrections.go
// drops the held turn's relations). "no??" (I had not heard) denies
// nothing.
var deniedRe = regexp.MustCompile(`(?i)^\W*(?:(?:no+|nope|nah|wrong|false|lol|haha)\W+)*(?:(?:she|he|they|it|that)\s+(?:didn'?t|did not|isn'?t|is not|hasn'?t|has not|wasn'?t|was not|aren'?t|weren'?t|haven'?t)(?:\s*$|\s*[,.!;]|\s+(?:lol|tho|haha|at all))|that'?s\s+(?:not\s+true|(?:just\s+)?a\s+rumou?r|fake|wrong|not\s+right)|not\s+true|fake\s+news)`)

// stateWord reports whether the lower-case word at k says how something
// is ("closed", "shut", "rubbish", "ill"), not what it is.
func stateWord(s *sentence, k int) bool {
	t := s.Toks[k]
	if t.Cap || k+1 < len(s.Toks) && s.Toks[k+1].Word && !chatFillers[s.Norm(k+1)] && !s.Is(k+1, "tho", "though", "now", "again", "today", "atm") {
		return false // "fried chicken": the word opens a name
	}
	return strings.HasSuffix(t.Norm, "ed") || roleStates[t.Norm] || thingStates[t.Norm]
}

// thingStates are how a place or a thing is.
var thingStates = lang.Words(`open shut gone rubbish shit dead overrated underrated`)

// namedLately reports whether the conversation named name in this turn
// or the one before.
func (p *sentCtx) namedLately(name string) bool {
	n := ontology.NormaliseName(name)
	for i := len(p.disc.mentions) - 1; i >= 0 && p.disc.mentions[i].index >= p.disc.index-1; i-- {
		if p.disc.mentions[i].norm == n {
			return true
		}
	}
	return false
}

// parenRoles reads what a person is to the speaker in brackets after the
// name: "Hal (flatmate) is away", "raff (flatmate + drummer) is obsessed
// w fugazi": KNOWS, FAMILY_OF … with that role.
func (p *sentCtx) parenRoles() {
	s := p.s
	if len(s.Toks) < 4 || !p.speakerStatement() {
		return // "Hal (flatmate)" is four tokens at least
	}
	for k, t := range s.Toks {
		if t.Norm != "(" || k == 0 {
			continue
		}
		var who ontology.EntityRef
		if sp, ok := nameBefore(s, k); ok && !s.Toks[sp.to-1].Poss {
			if sp = p.known.typeName(s, sp); sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
				continue
			}
			who = ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		} else if ref, _, ok := p.lowerPerson(k - 1); ok && clauseOpening(s, k-1) {
			who = ref
		} else {
			continue
		}
		if p.isSpeaker(who) {
			continue
		}
		for j := k + 1; j < len(s.Toks) && s.Norm(j) != ")"; j++ {
			info, ok := roleWords[s.Norm(j)]
			switch {
			case s.Is(j, "+", "/", "&", "and", ","):
				continue
			case !ok || info.plural || info.kind == kindFriend:
				if !memberRoles[s.Norm(j)] {
					j = len(s.Toks) // "(my sister's friend)": not a role of the speaker's
				}
				continue
			}
			p.relRole(p.self(), info.kind, info.role, who, confWeak)
		}
	}
}

// speakerNick reports whether a lower-case word shortens a speaker's
// first name: "benj" for @benji_w, "theo" for @theodora.b (four letters
// at least, of a name of five or more).
func (k *known) speakerNick(n string) bool {
	if len(n) < 4 || strings.Contains(n, " ") {
		return false
	}
	for sp := range k.speakers {
		if len(sp) > len(n) && len(sp) >= 5 && !strings.Contains(sp, " ") && strings.HasPrefix(sp, n) {
			return true
		}
	}
	return false
}

// congratsRE reads congratulations on a job or a place won: "congrats on
// the new job at Deliveroo!!", "@benji_w congrats on the Deliveroo job",
// "congrats on getting into Leeds Uni". An offer is not congratulated
// into a job: it may be declined.
var congratsRE = regexp.MustCompile(`(?i)^[^\p{L}@]*(?:(@?[\p{L}][\p{L}0-9._]*)\W+)?(?:(?:huge|massive|big|many)\s+)?(?:congrats|congratulations|well done)\W*(?:on|for|with)\s+(?:(?:the|your|ur)\s+(?:new\s+)?(?:job|role|position|post)\s+(?:at|with)\s+([^!.,?🎉]+)|(?:the|your|ur)\s+(?:new\s+)?([^!.,?🎉]+?)\s+(?:job|role|position)|getting\s+into\s+([^!.,?🎉]+))`)

// congrats reads turn t's congratulations as what the addressee did: the
// one called on at its start ("@benji_w congrats …"), else the other
// speaker of a two-party chat. "congrats on the new job at Deliveroo"
// reads as "Benji got a job at Deliveroo".
func (c *turnCtx) congrats(t ontology.Turn) {
	if low := strings.ToLower(t.Text); !strings.Contains(low, "congrat") && !strings.Contains(low, "well done") {
		return
	}
	m := congratsRE.FindStringSubmatch(t.Text)
	if m == nil || c.speaker.Name == "" {
		return
	}
	who := ""
	if m[1] != "" {
		if n := ontology.NormaliseName(m[1]); c.disc.speakers[n] || c.known.speakerNick(n) || strings.HasPrefix(m[1], "@") {
			who = m[1]
		} else if low := strings.ToLower(m[1]); !greetingWords[low] && !isFiller(low) && !adverbs[low] {
			return // "omg congrats …" is fine; "Tom, congrats …" names someone no list knows: left alone
		}
	}
	if who == "" {
		who = c.disc.addressee(c.speaker.Name).Name
	}
	if who == "" || ontology.NormaliseName(who) == ontology.NormaliseName(c.speaker.Name) {
		return
	}
	switch {
	case m[2] != "":
		c.readAs(t, who+" got a job at "+strings.TrimSpace(m[2])+".")
	case m[3] != "" && !strings.EqualFold(strings.TrimSpace(m[3]), "dream"):
		c.readAs(t, who+" got a job at "+strings.TrimSpace(m[3])+".")
	case m[4] != "":
		c.readAs(t, who+" got into "+strings.TrimSpace(m[4])+".")
	}
}

// speakerStatement reports whether the sentence states something and
// has a speaker to state it.
func (p *sentCtx) speakerStatement() bool { return !p.s.Question && p.speaker.Name != "" }

// likingState reports whether "is obsessed with", "'s really into" opens
// at k: a lower-case word before it is a person's name ("raff is obsessed
// w fugazi rn").
func likingState(s *sentence, k int) bool {
	if s.Is(k, "is", "'s") {
		k++ // after "raff's" the 's is read with the name
	}
	if adverbs[s.Norm(k)] || s.Is(k, "so", "totally", "really", "properly", "lowkey") {
		k++
	}
	return s.Is(k, "obsessed", "hooked", "addicted", "into") || s.Is(k, "mad", "crazy", "nuts") && s.Is(k+1, "about", "on", "for")
}

// denied reports whether a turn denies what the other speaker's turn
// before told (deniedRe), reading the expression only where a negation
// or a rumour is written.
func denied(text string) bool {
	low := strings.ToLower(text)
	for _, w := range []string{"n't", "not", "rumo", "fake", "nt"} {
		if strings.Contains(low, w) {
			return deniedRe.MatchString(text)
		}
	}
	return false
}
