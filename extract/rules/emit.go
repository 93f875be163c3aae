package rules

import (
	"strings"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// Confidence levels: explicit, strong phrasings and weaker ones.
const (
	confStrong = 0.9
	confWeak   = 0.7
	confEvent  = 0.7
	confLoose  = 0.6
)

// Typing confidences (ontology.EntityMention.TypeConfidence): a name's own
// cue (a suffix such as "Labs", the gazetteer, a title or relationship
// word) is strong; the pattern a name fills ("works at X") is a cue of
// middle strength; a first name from the list is weak.
const (
	confName  = 0.9
	confCue   = 0.6
	confFirst = 0.5
)

// turnCtx collects what one turn yields. Every item cites the turn; the
// speaker's entity is added when an item is about the speaker.
type turnCtx struct {
	known       *known
	disc        *discourse
	pending     []pendingMention   // mentions of the sentence being read, noted in the discourse after it
	cite        []string           // antecedent turns the current statement also cites
	frameBuf    []*frame           // sentence frames a sentence may match, reused (frames_need.go)
	memo        turnMemo           // what the turn's readers read once (turntokens.go)
	speaker     ontology.EntityRef // Name "" when the turn has no speaker
	ids         []string
	ts          *time.Time // the turn's time in UTC, nil when unknown
	ref         time.Time  // the turn's time as sent (zero when unknown)
	text        string
	out         ontology.Extraction
	selfUsed    bool
	newPet      *notedPet   // an unnamed pet the turn mentioned, which a later sentence may name
	built       bool        // a statement built from two turns (readAs): no candidate for the similarity stage
	said        string      // what the turn said before the statement built from it (pairClauses): "i've moved!!"
	ourGroup    bool        // the turn spoke of "our … team/band/club", which "we're called X" names
	founded     *founding   // an unnamed business someone set up in this turn, which "it's called X" names
	answered    bool        // the turn was read as a short answer to the previous turn's question
	answeredOwn bool        // that question asked of the answerer's own life ("where u based?")
	species     string      // the last pet species the turn named ("adopted a greyhound"), which "his name is X" names
	lineup      *antecedent // the band a line-up of this turn was read for, which later sentences may go on listing (lineup.go)
}

// newTurnCtx prepares the reading of turn t.
func newTurnCtx(t ontology.Turn, k *known) *turnCtx {
	c := &turnCtx{known: k, disc: k.disc, ids: []string{t.ID}, text: t.Text}
	// A speaker label with nothing to resolve by ("!", "***") cannot be an
	// entity (ontology.SanitiseExtraction would drop all about it): none.
	if name := strings.TrimSpace(t.Speaker); ontology.NormaliseName(name) != "" {
		c.speaker = ontology.EntityRef{Name: name, Type: ontology.EntityPerson}
	}
	if t.Timestamp != nil && !t.Timestamp.IsZero() {
		c.ref = *t.Timestamp
		u := t.Timestamp.UTC()
		c.ts = &u
	}
	return c
}

// full reports whether n items of one kind already reach the per-turn cap.
func full(n int) bool { return n >= ontology.MaxItemsPerTurn }

// isSpeaker reports whether ref is the turn's speaker.
func (c *turnCtx) isSpeaker(ref ontology.EntityRef) bool {
	return c.speaker.Name != "" && ref.Type == ontology.EntityPerson &&
		ontology.NormaliseName(ref.Name) == ontology.NormaliseName(c.speaker.Name)
}

// pendingMention is a mention waiting to be noted in the discourse.
type pendingMention struct {
	ref    ontology.EntityRef
	head   string
	object bool // after a preposition
}

// entity records a mention of ref without a typing cue.
func (c *turnCtx) entity(ref ontology.EntityRef) { c.typedEntity(ref, 0, "") }

// typedEntity records a mention of ref whose type rests on cue with
// confidence conf (see ontology.EntityMention.TypeConfidence).
func (c *turnCtx) typedEntity(ref ontology.EntityRef, conf float64, cue string) {
	if c.isSpeaker(ref) {
		c.selfUsed = true
		return
	}
	if ref.Name == "" {
		return
	}
	if c.disc != nil {
		c.disc.noteTitle(ref.Name, cue)    // "Mrs Okoro"
		c.disc.noteKinTitle(ref.Name, cue) // "Aunty Thanh"
	}
	// An untyped end of a relation ("hiking", "plants") is no person a
	// pronoun may mean; untyped names of the sentence are marked apart.
	c.pending = append(c.pending, pendingMention{ref: ref, object: ref.Type == ontology.EntityConcept})
	// One slot stays free for the speaker's own mention, added last.
	if full(len(c.out.Entities) + 1) {
		return
	}
	if ref.Type == ontology.EntityConcept {
		conf, cue = 0, ""
	}
	c.out.Entities = append(c.out.Entities, ontology.EntityMention{EntityRef: ref, SourceTurnIDs: c.ids,
		TypeConfidence: conf, TypeCue: cue})
}

// flush notes the sentence's mentions in the discourse, so the next
// sentence's pronouns may point at them (a sentence's own names never
// resolve its pronouns: "she works with Ana" is not about Ana).
func (c *turnCtx) flush() {
	if c.disc == nil {
		c.pending = c.pending[:0]
		return
	}
	for _, m := range c.pending {
		c.disc.note(m.ref, c.ids[0], m.head, m.object)
	}
	c.pending = c.pending[:0]
}

// sources are the turns a statement cites: the turn, and the turns of the
// antecedents it was found through.
func (c *turnCtx) sources() []string {
	if len(c.cite) == 0 {
		return c.ids
	}
	return union(clone(c.ids), c.cite)
}

// rel describes one relation to record.
type rel struct {
	typ        ontology.RelationType
	from, to   ontology.EntityRef
	role       string
	conf       float64
	validFrom  *time.Time
	validUntil *time.Time
}

// relation records r and mentions of both its ends. A relation from an
// entity to itself is dropped.
func (c *turnCtx) relation(r rel) {
	if r.from.Name == "" || r.to.Name == "" || full(len(c.out.Relations)) ||
		ontology.NormaliseName(r.from.Name) == ontology.NormaliseName(r.to.Name) || c.petKin(r) {
		return
	}
	cue := "rel:" + string(r.typ)
	c.typedEntity(r.from, confCue, cue)
	c.typedEntity(r.to, confCue, cue)
	c.out.Relations = append(c.out.Relations, ontology.Relation{
		Type: r.typ, From: r.from, To: r.to, Role: r.role, Confidence: r.conf,
		ValidFrom: copyTime(r.validFrom), ValidTo: copyTime(r.validUntil),
		SourceTurnIDs: c.sources(), Extractor: ontology.ExtractorRules,
	})
	c.noteGroup(r) // "our drummer Kit" may name a member of it later, "our office" its site
	if c.disc != nil {
		c.disc.noteKinTie(r, c.ids[0]) // "my sister Ana" before "my sister works at Harbour Bank" (coref_kinref.go)
	}
}

// profile records a profile fact about subject.
func (c *turnCtx) profile(subject ontology.EntityRef, topic, sub, value string, conf float64, validFrom *time.Time) {
	value = strings.TrimSpace(value)
	if subject.Name == "" || value == "" || full(len(c.out.Profile)) {
		return
	}
	if _, ok := ontology.LookupSubTopic(topic, sub); !ok {
		return
	}
	c.entity(subject)
	c.out.Profile = append(c.out.Profile, ontology.ProfileFact{
		Subject: subject, Topic: topic, SubTopic: sub, Value: value, Confidence: conf,
		ValidFrom: copyTime(validFrom), SourceTurnIDs: c.sources(), Extractor: ontology.ExtractorRules,
	})
}

// fact records a statement about subject.
func (c *turnCtx) fact(subject ontology.EntityRef, statement string, conf float64, validFrom, validTo *time.Time) {
	if subject.Name == "" || statement == "" || full(len(c.out.Facts)) {
		return
	}
	c.entity(subject)
	c.out.Facts = append(c.out.Facts, ontology.Fact{
		Subject: subject, Statement: statement, Speaker: c.speaker.Name, SourceTurnIDs: c.sources(),
		Confidence: conf, ValidFrom: copyTime(validFrom), ValidTo: copyTime(validTo),
		Extractor: ontology.ExtractorRules,
	})
}

// addEvent records something that happened to participants.
func (c *turnCtx) addEvent(participants []ontology.EntityRef, what string, when *ontology.TimeSpan, where *ontology.EntityRef, conf float64) {
	if what == "" || full(len(c.out.Events)) {
		return
	}
	for _, p := range participants {
		c.entity(p)
	}
	if where != nil {
		c.entity(*where)
	}
	c.out.Events = append(c.out.Events, ontology.Event{
		Participants: participants, What: what, When: when, Where: where,
		SourceTurnIDs: c.ids, Confidence: conf, Extractor: ontology.ExtractorRules,
	})
}

// finish adds the speaker's own mention when any item is about them.
func (c *turnCtx) finish() ontology.Extraction {
	c.out.Relations = schoolNotJob(c.out.Relations)
	if c.selfUsed && c.speaker.Name != "" {
		c.out.Entities = append([]ontology.EntityMention{{EntityRef: c.speaker, SourceTurnIDs: c.ids,
			TypeConfidence: 1, TypeCue: "speaker"}}, c.out.Entities...)
	}
	return c.out
}

// copyTime returns a copy of *t, so no two items share a time.
func copyTime(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := *t
	return &u
}

// article returns "an" before a vowel sound's letter, "a" otherwise.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiouAEIOU", rune(w[0])) {
		return "an"
	}
	return "a"
}

// possessive returns name's possessive ("Caroline's", "James'").
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// spanWords renders a resolved span for a statement: "on 7 May 2023", "in
// the week of 1 May 2023", "in May 2023", "in summer 2022", "in 2022", or
// "between 6 May 2023 and 7 May 2023".
func spanWords(sp ontology.TimeSpan) string {
	const day = "2 January 2006"
	s, e := sp.Start, sp.End
	switch {
	case e.Equal(s.AddDate(0, 0, 1)):
		return "on " + s.Format(day)
	case e.Equal(s.AddDate(0, 0, 2)) && s.Weekday() == time.Saturday:
		return "on the weekend of " + s.Format(day)
	case sp.Granularity == ontology.GranularityWeek && e.Equal(s.AddDate(0, 0, 7)) && s.Weekday() == time.Monday:
		return "in the week of " + s.Format(day)
	case s.Day() == 1 && e.Equal(s.AddDate(0, 1, 0)):
		return "in " + s.Format("January 2006")
	case sp.Granularity == ontology.GranularitySeason && s.Day() == 1 && e.Equal(s.AddDate(0, 3, 0)):
		return seasonWords(s)
	case s.YearDay() == 1 && e.Equal(s.AddDate(1, 0, 0)):
		return "in " + s.Format("2006")
	}
	return "between " + s.Format(day) + " and " + e.AddDate(0, 0, -1).Format(day)
}

// seasonWords names the season starting at s ("in summer 2022", "in
// winter 2022–23").
func seasonWords(s time.Time) string {
	switch s.Month() {
	case time.March:
		return "in spring " + s.Format("2006")
	case time.June:
		return "in summer " + s.Format("2006")
	case time.September:
		return "in fall " + s.Format("2006")
	case time.December:
		return "in winter " + s.Format("2006") + "–" + s.AddDate(1, 0, 0).Format("06")
	}
	return "between " + s.Format("2 January 2006") + " and " + s.AddDate(0, 3, -1).Format("2 January 2006")
}
