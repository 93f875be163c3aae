package rules

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Extractor is the rules-based ontology.Extractor. It holds no state, so
// one value serves any number of goroutines.
type Extractor struct{}

// Extractor implements ontology.Extractor.
var _ ontology.Extractor = (*Extractor)(nil)

// New returns a rules extractor.
func New() *Extractor { return &Extractor{} }

// ID returns ontology.ExtractorRules.
func (*Extractor) ID() string { return ontology.ExtractorRules }

// checkEvery is how many turns pass between checks of the context.
const checkEvery = 64

// Extract reads every turn of the batch and returns what the rules find,
// merged across turns: one mention per entity, one item per distinct
// relation, fact, event and profile value, each citing all the turns it
// came from. It makes no model call; the usage says so. It fails only when
// ctx is done.
func (x *Extractor) Extract(ctx context.Context, req ontology.ExtractRequest) (ontology.Extraction, ontology.ExtractUsage, error) {
	return x.extract(ctx, req, nil)
}

// extract is Extract; with cands non-nil it also collects the batch's
// sentences there (see ExtractCandidates).
func (x *Extractor) extract(ctx context.Context, req ontology.ExtractRequest, cands *[]Candidate) (ontology.Extraction, ontology.ExtractUsage, error) {
	usage := ontology.ExtractUsage{Extractor: ontology.ExtractorRules}
	k := newKnown(req)
	// The context turns are read first, for their mentions only: what they
	// say was extracted when they were stored.
	for _, t := range req.Context {
		extractTurn(t, k)
	}
	acc := newAccumulator()
	k.cands = cands
	var held *heldTurn
	emitted := map[string][]ontology.EntityMention{}
	for i, t := range req.Turns {
		if i%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				err = fmt.Errorf("rules: extraction stopped after %d of %d turns: %w", i, len(req.Turns), err)
				usage.Error = err.Error()
				return ontology.Extraction{}, usage, err
			}
		}
		// Each turn's items wait one turn: the next may correct or
		// retract them (corrections.go).
		x := extractTurn(t, k)
		emitted[t.ID] = x.Entities
		if held != nil {
			amend(held, t, &x)
			acc.add(held.x)
		}
		held = &heldTurn{turn: t, x: x}
	}
	if held != nil {
		acc.add(held.x)
	}
	acc.add(ontology.Extraction{Entities: k.names.mentionsIn(req.Turns, emitted)})
	out := acc.result()
	out.ChatGroup = k.disc.readChatGroup()
	return out, usage, nil
}

// extractTurn reads one turn sentence by sentence, then moves the
// discourse on.
func extractTurn(t ontology.Turn, k *known) ontology.Extraction {
	defer k.disc.nextTurn()
	if strings.TrimSpace(t.ID) == "" || strings.TrimSpace(t.Text) == "" {
		return ontology.Extraction{}
	}
	t.Text = attachmentTag(t.Text)      // "[voice note 0:52] ja hello" reads as "ja hello"
	t.Text = chatSpelling(t.Text)       // "hes at tfl now" reads as "he's at tfl now"
	t.Text = leadingAddress(t.Text, k)  // "@sam_k i work at Ocado" reads as "@sam_k: i work at Ocado"
	t.Text = equalsCopula(t.Text)       // "kit = my girlfriend" reads as "kit is my girlfriend"
	t.Text = directionParticles(t.Text) // "who runs Oyelaran & Sons out in Burton Latimer" reads as "… in Burton Latimer" (places_particle.go)
	t.Text = pairBoth(t.Text)           // "Gareth and Sunil, both play for X" reads as "Gareth and Sunil both play for X"
	t.Text = kinCompounds(t.Text)       // "my brother in law Raj" reads as "my brother-in-law Raj"
	t.Text = speciesCompounds(t.Text)   // "my guinea pig" reads as "my guinea-pig"
	t.Text = introducedNames(t.Text)    // "married to a guy called Edgar" reads as "married to Edgar"
	t.Text = kindNamedAfter(t.Text)     // "a surf shop in ericeira. onda azul" reads as "a surf shop in ericeira called onda azul"
	t.Text = petIntroduced(t.Text)      // "we got a greyhound, biscotti" reads as "we got a greyhound called biscotti" (pets_intro.go)
	t.Text = roleRewrites(t.Text)       // "my other half Tom", "my husband name is Tobiasz"
	t.Text = askedPersonRole(t, k.prev) // "how's Hanne?" / "my wife is …"
	t.Text = heardNews(t.Text)          // "did u hear Priyanka got the job at Stellwerk?"
	k.disc.texts[t.ID] = t.Text
	k.disc.speaking = t.Speaker
	k.disc.order = append(k.disc.order, t.ID)
	c := newTurnCtx(t, k)
	referent, _ := k.disc.openingReferent(t.Text) // before the turn's own names are noted
	if u := k.disc.unnamed; u != nil && k.disc.unnamedAt == k.disc.index-1 && u.speaker == c.speaker.Name {
		c.newPet = u // "also we got a dog 🐶" / "his name is Bolacha"
	}
	c.resume(k.disc.waiting, k.disc.index)
	sentences := c.sentencesOf(t.Text)
	c.answer(t, k.asked)
	c.confirm(t, k.asked)
	c.nounAnswer(t, k.asked)
	c.petNamesAnswer(t)
	c.whoAnswer(t, k.asked)
	c.whoIsAnswer(t, k.asked)
	c.whereAnswer(t, k.asked)
	c.newsAnswer(t, k.asked)
	c.congrats(t) // "congrats on the new job at Deliveroo!!"
	last, hasLast := k.lastBy[t.Speaker]
	c.continuation(t, last)
	c.namedBurst(t, last, hasLast) // "Liesel" / "got into the Royal College of Music"
	c.innerBurst(t)                // "moved house! Buckshaw Village" (burst_job.go)
	c.outerBurst(t, last, hasLast) // "moved house!" / "Buckshaw Village" (burst_job.go)
	c.roleFragment(t)              // "treasurer of the Orienteering Soc now" (elided_roles.go)
	c.guessed(t, k.guess, k.prev)
	c.backRefs(t)
	c.pairClauses(t)
	c.askedPair(t)
	c.relativeWhere(t)
	c.possAppositions(t)
	c.possAppositionsMore(t)     // "Bruno — Carla's younger brother — is…"
	c.kindAppositions(t)         // "she owns that bakery in kreuzberg, brezelwerk" (appos_kind.go)
	c.blind8Turn(t, k.prev)      // "doing wild swimming, im obsessed", "In Cork?" / "ya" (crossturn_activity.go)
	c.blind13Turn(t, k.prev)     // "where even is oatlands head office" / "york." (crossturn_head_office.go)
	c.blind15Turn(t, k.asked)    // "who's colm" / "our rep at Dalesmill" (crossturn_who_job.go)
	c.blind14Turn(t, k.prev)     // "is the Heron the one on Carlton Road?" / "ya", "Tobias. my brother" (crossturn_the_one.go)
	c.blind18Turn(t, k.prev)     // "ferg ye still in partick?" / "aye still in partick" (crossturn_pets_still_in.go)
	c.owns22Turn(t, k.prev)      // "Guess who got a dog" / "NO" / "she's called Pip" (pets_turns.go)
	c.brokeUpAnswered(t, k.prev) // "is calum still about" / "god no. we broke up in may" (crossturn_broke_up.go)
	c.kinEchoed(t, k.prev)       // "is ur brother still doing the band" / "jamie? yeah" (crossturn_kin_echo.go)
	before := k.prev
	if before != nil && before.speaker != t.Speaker {
		if k.replied == nil {
			k.replied = map[string]prevTurn{}
		}
		k.replied[t.ID] = *before // "what's his name" / "Tobias." / "my brother"
	}
	k.answers = before != nil && (before.question || k.asked != nil && k.asked.turn == before.turn || asksPolar(before.last)) &&
		before.speaker != t.Speaker && asksOfRole(before.last)
	k.answering = answeringWord(before, t.Speaker) // "where are u based" / "Rotterdam!" (names_caps.go)
	k.echoOf = ""
	if before != nil && before.speaker != t.Speaker {
		k.echoOf = before.full // "DAZZA KYDD??" / "aye dazza. he drums for …" (names_echo.go)
	}
	k.asked, k.prev = nil, nil
	for i := range sentences {
		k.noteLowerUses(sentences, i) // "pellam texted me" … "with pellam" (lowercase_reuse.go)
		k.recase(&sentences[i])
		c.elidedSubject(t, &sentences[i])
		c.commaSubject(t, &sentences[i]) // "he moved to Leeds, works at Halden Bank now" (pronouns_dropped.go)
		c.kinRefs(t, &sentences[i])      // "my sister Ana …" / "my sister works at Harbour Bank now" (coref_kinref.go)
		c.process(&sentences[i])
		if vp := guessWho(t.Text, &sentences[i]); vp != "" {
			k.guess = &guessTurn{speaker: t.Speaker, turn: t.ID, vp: vp, index: k.disc.index}
		}
	}
	if n := len(sentences); n > 0 {
		last := &sentences[n-1]
		q := trailedQuestion(sentences)
		polar, _ := polarQuestion(t.Text, last)
		noun, _ := nounQuestion(t.Text, last)
		who := whoQuestion(t.Text, last)
		where := bareWhere(last)
		about := k.askedAbout(t.Text, last)
		whoIs := whoIsQuestion(t.Text, last)
		aboutOther := about == "" && askedAboutOther(last)
		if q.subj != "" || polar != "" || noun != "" || who != "" || where || about != "" || whoIs != "" || aboutOther {
			k.asked = &askedTurn{speaker: t.Speaker, turn: t.ID, q: q, polar: polar, noun: noun, who: who, where: where, about: about, whoIs: whoIs,
				aboutOther: aboutOther}
			if before != nil {
				k.asked.before = *before
			}
		}
		k.prev = &prevTurn{speaker: t.Speaker, turn: t.ID, last: t.Text[last.Start:last.End], full: t.Text,
			question: last.Question || lang.EndsInQuestion(t.Text), at: t.Timestamp, index: k.disc.index}
		if k.lastBy == nil {
			k.lastBy = map[string]prevTurn{}
		}
		k.lastBy[t.Speaker] = *k.prev
	}
	asked := k.carryAsked(t, sentences)
	k.disc.unnamed, k.disc.unnamedAt = asked, k.disc.index
	k.disc.waiting = c.left(t.ID, k.disc.index)
	if c.newPet != nil && c.newPet.turn == t.ID {
		k.disc.unnamed = c.newPet // only one turn on: "cute" in between ends it
	}
	for _, e := range c.out.Entities {
		k.names.add(e.EntityRef)
	}
	c.referent(referent)
	return c.finish()
}

// accumulator merges the items of many turns: equal items are kept once,
// with the union of their source turns and the highest confidence, in the
// order first seen.
type accumulator struct {
	out       ontology.Extraction
	entities  map[string]int
	relations map[string]int
	facts     map[string]int
	events    map[string]int
	profile   map[string]int
}

// newAccumulator returns an empty accumulator.
func newAccumulator() *accumulator {
	return &accumulator{entities: map[string]int{}, relations: map[string]int{}, facts: map[string]int{},
		events: map[string]int{}, profile: map[string]int{}}
}

// refKey is the identity of an entity reference.
func refKey(r ontology.EntityRef) string {
	return string(r.Type) + "\x00" + ontology.NormaliseName(r.Name)
}

// add merges one turn's extraction.
func (a *accumulator) add(x ontology.Extraction) {
	for _, e := range x.Entities {
		a.entity(e)
	}
	for _, r := range x.Relations {
		key := strings.Join([]string{string(r.Type), refKey(r.From), refKey(r.To), r.Role, timeKey(r.ValidTo)}, "\x01")
		mergeInto(&a.out.Relations, a.relations, key, r, func(r *ontology.Relation) (*[]string, *float64) {
			return &r.SourceTurnIDs, &r.Confidence
		})
	}
	for _, f := range x.Facts {
		mergeInto(&a.out.Facts, a.facts, refKey(f.Subject)+"\x01"+f.Statement, f, func(f *ontology.Fact) (*[]string, *float64) {
			return &f.SourceTurnIDs, &f.Confidence
		})
	}
	for _, e := range x.Events {
		key := e.What
		if e.When != nil {
			key += "\x01" + e.When.Start.String() + e.When.End.String()
		}
		mergeInto(&a.out.Events, a.events, key, e, func(e *ontology.Event) (*[]string, *float64) {
			return &e.SourceTurnIDs, &e.Confidence
		})
	}
	for _, p := range x.Profile {
		key := strings.Join([]string{refKey(p.Subject), p.Topic, p.SubTopic, ontology.NormaliseValue(p.Value)}, "\x01")
		mergeInto(&a.out.Profile, a.profile, key, p, func(p *ontology.ProfileFact) (*[]string, *float64) {
			return &p.SourceTurnIDs, &p.Confidence
		})
	}
}

// mergeInto appends item to list unless an item with the same key is
// there already; that one then gains item's turns and, if higher, its
// confidence. fields returns an item's turn ids and confidence.
func mergeInto[T any](list *[]T, index map[string]int, key string, item T, fields func(*T) (*[]string, *float64)) {
	ids, conf := fields(&item)
	if i, ok := index[key]; ok {
		oldIDs, oldConf := fields(&(*list)[i])
		*oldIDs, *oldConf = union(*oldIDs, *ids), max(*oldConf, *conf)
		return
	}
	*ids = clone(*ids)
	index[key] = len(*list)
	*list = append(*list, item)
}

// entity merges one mention.
func (a *accumulator) entity(e ontology.EntityMention) {
	key := refKey(e.EntityRef)
	if i, ok := a.entities[key]; ok {
		o := &a.out.Entities[i]
		o.SourceTurnIDs = union(o.SourceTurnIDs, e.SourceTurnIDs)
		if e.TypeConfidence > o.TypeConfidence {
			o.TypeConfidence, o.TypeCue = e.TypeConfidence, e.TypeCue
		}
		return
	}
	a.entities[key] = len(a.out.Entities)
	e.SourceTurnIDs = clone(e.SourceTurnIDs)
	a.out.Entities = append(a.out.Entities, e)
}

// result returns the merged extraction. A name mentioned both as a plain
// Concept and with a definite type ("Boston" once alone, once in "I moved
// to Boston") keeps only the typed mention, with the Concept's turns,
// unless a relation points at the Concept (a pet named like a person).
func (a *accumulator) result() ontology.Extraction {
	typed := map[string]int{} // normalised name → its first typed mention
	for i, e := range a.out.Entities {
		n := ontology.NormaliseName(e.Name)
		if _, seen := typed[n]; !seen && e.Type != ontology.EntityConcept {
			typed[n] = i
		}
	}
	endpoints := map[string]bool{} // Concepts a relation points at stay
	for _, r := range a.out.Relations {
		endpoints[refKey(r.From)], endpoints[refKey(r.To)] = true, true
	}
	redundant := func(e ontology.EntityMention) (int, bool) {
		i, ok := typed[ontology.NormaliseName(e.Name)]
		return i, ok && e.Type == ontology.EntityConcept && !endpoints[refKey(e.EntityRef)]
	}
	for _, e := range a.out.Entities {
		if i, ok := redundant(e); ok {
			a.out.Entities[i].SourceTurnIDs = union(a.out.Entities[i].SourceTurnIDs, e.SourceTurnIDs)
		}
	}
	kept := make([]ontology.EntityMention, 0, len(a.out.Entities))
	for _, e := range a.out.Entities {
		if _, ok := redundant(e); !ok {
			kept = append(kept, e)
		}
	}
	out := a.out
	out.Entities = kept
	return out
}

// union appends to a the ids of b it lacks.
func union(a, b []string) []string {
	for _, id := range b {
		found := false
		for _, x := range a {
			if x == id {
				found = true
				break
			}
		}
		if !found {
			a = append(a, id)
		}
	}
	return a
}

// clone copies a list of turn ids, so merging never writes into a
// turn's own list.
func clone(ids []string) []string { return append([]string(nil), ids...) }

// timeKey renders an optional time for a map key.
func timeKey(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}
