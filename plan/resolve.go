package plan

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/loci-memory/loci/ontology"
)

// entity is an entity as resolution sees it: stored already, or new in
// the batch.
type entity struct {
	uid       string
	name      string
	key       string   // NormaliseName(name)
	words     []string // the words of key
	speakerKy string   // NormaliseName(speaker), for a speaker's entity
	plainKy   string   // speakerKy without the label's emoji and symbols ("mossy🍄": "mossy")
	typ       ontology.EntityType
	typeConf  float64
	typeCue   string
	aliasKeys []string
	aliases   []string
	speaker   string
	mentions  int64
	isNew     bool
	storedTyp ontology.EntityType // the type as stored ("" for new entities)
	turnIDs   []string            // turns of this batch that mention it
	// relabelled is set when the batch gave a stored entity a speaker's
	// label (knownSpeaker), so it is written even if nothing mentions it.
	relabelled bool
}

// undecorated drops the emoji and symbols a chat label carries beside the
// name ("mossy🍄", "Lottie 💍"): the text names that speaker "Mossy".
func undecorated(r rune) rune {
	if r > unicode.MaxASCII && !unicode.IsLetter(r) && !unicode.IsDigit(r) && (!unicode.IsMark(r) || unicode.Is(unicode.Variation_Selector, r)) {
		return ' '
	}
	return r
}

func (e *entity) hasKey(k string) bool { return slices.Contains(e.aliasKeys, k) }

// setName names e, keeping the keys resolution compares.
func (e *entity) setName(name string) {
	e.name, e.key = name, ontology.NormaliseName(name)
	e.words = strings.Fields(e.key)
	if e.speaker != "" {
		e.speakerKy = ontology.NormaliseName(e.speaker)
		e.plainKy = ontology.NormaliseName(strings.Map(undecorated, e.speaker))
	}
}

func (e *entity) addName(name string, typ ontology.EntityType) {
	for _, k := range ontology.AliasKeys(ontology.EntityRef{Name: name, Type: typ}) {
		if !e.hasKey(k) {
			e.aliasKeys = append(e.aliasKeys, k)
		}
	}
	if !slices.Contains(e.aliases, name) {
		e.aliases = append(e.aliases, name)
	}
}

func (e *entity) addTurns(ids []string) {
	for _, id := range ids {
		if !slices.Contains(e.turnIDs, id) {
			e.turnIDs = append(e.turnIDs, id)
		}
	}
}

// retyped is one type change a cue made to an entity.
type retyped struct {
	e        *entity
	from, to ontology.EntityType
	conf     float64
	cue      string
	prevCue  string
	turnIDs  []string
}

// resolver maps the entity references of one batch to entities of one
// conversation: a speaker, an entity already stored, or a new one. Rules,
// in order:
//   - a Person (or Concept) named like a speaker, or a Person named by a
//     speaker's first name or by the label without its emoji ("Mossy"
//     for "mossy🍄"), is that speaker;
//   - a name whose normalised form (case, punctuation, a possessive "'s"
//     and a leading article aside) is an entity's name is that entity,
//     when the types are compatible (Concept, the type of last resort,
//     matches any type and any type matches a stored Concept);
//   - a name that is one of an entity's alias keys is that entity ("Alice"
//     where "Alice Smith" is known); a full name is the person known so
//     far by its first name alone, whose name it then completes;
//   - a short form of an organisation's name ("Brightwater" for
//     "Brightwater Analytics": its first words) is that organisation when
//     exactly one organisation has that short form, and a full name
//     completes an organisation known by its short form;
//   - a name typed with a cue (a mention's TypeConfidence) that matches an
//     entity of another, incompatible type stored with a strictly weaker
//     cue is that entity, which the cue retypes (people are never retyped
//     away from Person, nor to it from a specific type: people's names are
//     also places' names);
//   - a Person named by the name parts of one speaker's label, and of no
//     other speaker's, is that speaker: "Kat" for "@bouldr_kat", "Oskar"
//     for "oskarr", "Tom" for "Tomasz (locum)", "Sam Oduya" for "@sam.o"
//     (speakerNamed);
//   - anything else is a new entity, identified by (type, normalised name).
//
// A new speaker label that respells a stored one ("priya" after
// "Priyaa") is that speaker, and one named exactly like a person the
// text named before it spoke takes that entity (knownSpeaker).
//
// Among several matches the one of the reference's own type wins, then the
// most mentioned. Resolution never leaves the conversation and tenant it
// was built for.
type resolver struct {
	tenant, conversation string
	entities             []*entity
	byUID                map[string]*entity
	retypes              []retyped
	batchSpeakers        []string // the labels speaking in the batch
}

func newResolver(tenant, conversation string, stored []StoredEntity) *resolver {
	r := &resolver{tenant: tenant, conversation: conversation, byUID: map[string]*entity{}}
	for _, s := range stored {
		e := &entity{uid: s.UID, typ: s.Type, storedTyp: s.Type, typeConf: s.TypeConfidence, typeCue: s.TypeCue,
			aliasKeys: slices.Clone(s.AliasKeys), aliases: slices.Clone(s.Aliases), speaker: s.Speaker, mentions: s.Mentions}
		if e.speaker != "" {
			e.typeConf, e.typeCue = 1, "speaker" // a speaker is a person by definition
		}
		e.setName(s.Name)
		r.add(e)
	}
	return r
}

func (r *resolver) add(e *entity) {
	r.entities = append(r.entities, e)
	r.byUID[e.uid] = e
}

// speaker returns the speaker entity for label, creating it if new.
func (r *resolver) speaker(label string) *entity {
	for _, e := range r.entities {
		if e.speaker == label {
			return e
		}
	}
	if e := r.knownSpeaker(label); e != nil {
		if e.speaker == "" {
			e.speaker, e.typeConf, e.typeCue = label, 1, "speaker"
			e.setName(e.name)
		}
		e.addName(label, ontology.EntityPerson)
		e.relabelled = true
		return e
	}
	key := ontology.NormaliseName(label)
	if key == "" {
		key = strings.ToLower(label)
	}
	e := &entity{uid: SpeakerEntityUID(r.tenant, r.conversation, label),
		typ: ontology.EntityPerson, typeConf: 1, typeCue: "speaker", speaker: label, isNew: true}
	e.setName(label)
	e.addName(label, ontology.EntityPerson)
	if !e.hasKey(key) {
		e.aliasKeys = append(e.aliasKeys, key)
	}
	r.add(e)
	return e
}

func compatible(a, b ontology.EntityType) bool {
	return a == b || a == ontology.EntityConcept || b == ontology.EntityConcept
}

// resolve returns the entity ref names, creating it if needed, and records
// the turns that mention it. conf and cue are the strength and evidence of
// ref.Type (0 and "" when the reference carries none).
func (r *resolver) resolve(ref ontology.EntityRef, turnIDs []string, conf float64, cue string) *entity {
	key := ontology.NormaliseName(ref.Name)
	e := r.find(ref, key, conf, cue)
	if e == nil {
		e = &entity{uid: EntityUID(r.tenant, r.conversation, string(ref.Type), key),
			typ: ref.Type, typeConf: conf, typeCue: cue, isNew: true}
		if old, ok := r.byUID[e.uid]; ok { // same key and type seen under another path
			e = old
		} else {
			e.setName(ref.Name)
			r.add(e)
		}
	}
	r.cue(e, ref.Type, conf, cue, turnIDs)
	e.addName(ref.Name, e.typ)
	e.addTurns(turnIDs)
	return e
}

// cue applies a typing cue to a resolved entity: a strictly stronger one
// sets its type (recording a retype when the type changes) or, for the
// same type, raises its confidence; a weaker or equal one changes nothing.
func (r *resolver) cue(e *entity, typ ontology.EntityType, conf float64, cue string, turnIDs []string) {
	if conf < e.typeConf || conf == e.typeConf && !(typ != e.typ && weakPerson(e, typ)) || e.speaker != "" {
		return
	}
	if typ != e.typ {
		if e.typ == ontology.EntityPerson && !weakPerson(e, typ) || typ == ontology.EntityPerson && e.typ != ontology.EntityConcept {
			return
		}
		r.retypes = append(r.retypes, retyped{e: e, from: e.typ, to: typ, conf: conf, cue: cue, prevCue: e.typeCue,
			turnIDs: slices.Clone(turnIDs)})
		e.typ = typ
	}
	e.typeConf, e.typeCue = conf, cue
}

func (r *resolver) find(ref ontology.EntityRef, key string, conf float64, cue string) *entity {
	words := strings.Fields(key)
	// Speakers first: a person named like a speaker, or by the speaker's
	// first name, is the speaker.
	if ref.Type == ontology.EntityPerson || ref.Type == ontology.EntityConcept {
		for _, e := range r.entities {
			if e.speaker == "" {
				continue
			}
			sk := e.speakerKy
			if key == sk || e.hasKey(key) && ref.Type == ontology.EntityPerson ||
				ref.Type == ontology.EntityPerson && len(words) == 1 && strings.HasPrefix(sk, key+" ") ||
				ref.Type == ontology.EntityPerson && key == e.plainKy {
				return e
			}
		}
	}
	var best *entity
	better := func(e *entity) bool {
		if best == nil {
			return true
		}
		if (e.typ == ref.Type) != (best.typ == ref.Type) {
			return e.typ == ref.Type
		}
		return e.mentions+int64(len(e.turnIDs)) > best.mentions+int64(len(best.turnIDs))
	}
	for _, e := range r.entities {
		if compatible(e.typ, ref.Type) && e.key == key && better(e) {
			best = e
		}
	}
	if best != nil {
		return best
	}
	for _, e := range r.entities {
		if !compatible(e.typ, ref.Type) {
			continue
		}
		ew := e.words
		switch {
		case e.hasKey(key):
			// An exact alias, or "Alice" where "Alice Smith" is known.
		case ref.Type == ontology.EntityPerson && e.typ == ontology.EntityPerson && len(ew) == 1 && len(words) > 1 && words[0] == ew[0]:
			// "Alice Smith" where only "Alice" is known: complete the name.
			if e.speaker == "" {
				e.setName(ref.Name)
			}
		default:
			continue
		}
		if better(e) {
			best = e
		}
	}
	if best != nil {
		return best
	}
	if e := r.speakerNamed(ref, words); e != nil {
		return e
	}
	if e := r.shortForm(ref, words); e != nil {
		return e
	}
	if conf > 0 {
		// A cue stronger than the one an entity of another type was
		// stored with names the same thing under a better type.
		for _, e := range r.entities {
			if e.typ != ref.Type && e.speaker == "" && (conf > e.typeConf && e.typ != ontology.EntityPerson || conf >= e.typeConf && weakPerson(e, ref.Type)) &&
				ref.Type != ontology.EntityPerson && (e.key == key || e.hasKey(key)) && better(e) {
				best = e
			}
		}
	}
	if best == nil {
		best = r.weaklyPerson(ref, key, cue)
	}
	return best
}

// Pets and companies are called "she" and "they" and named beside people:
// a pronoun pointing at a name ("coref"), the company a name keeps
// ("context:…") or nothing at all types it Person on evidence that fits a
// pet or a company as well. A name so typed that is known as exactly one
// animal or organisation is that entity ("Biscuit" the spaniel, then
// "she" for Biscuit), and an animal or organisation cue for a name stored
// as such a person (as strong as its hearsay, or stronger) retypes it.
// People's names are places' names too, so a place never takes a person,
// and a person typed by a cue of its own (a role, a title, a first name)
// never changes.

// personOnHearsay reports whether a Person typing with cue rests only on
// such weak evidence.
func personOnHearsay(cue string) bool {
	return cue == "" || cue == "coref" || strings.HasPrefix(cue, "context:")
}

// nameSharer reports whether typ names things that carry people's names
// and are spoken of as people: animals and organisations.
func nameSharer(typ ontology.EntityType) bool {
	return typ == ontology.EntityAnimal || typ == ontology.EntityOrganization
}

// weakPerson reports whether e is a person on hearsay that a cue of type
// typ may retype.
func weakPerson(e *entity, typ ontology.EntityType) bool {
	return e.typ == ontology.EntityPerson && e.speaker == "" && personOnHearsay(e.typeCue) && nameSharer(typ)
}

// weaklyPerson returns the one animal or organisation named key that a
// Person reference on hearsay names, or nil.
func (r *resolver) weaklyPerson(ref ontology.EntityRef, key, cue string) *entity {
	if ref.Type != ontology.EntityPerson || !personOnHearsay(cue) {
		return nil
	}
	var found *entity
	for _, e := range r.entities {
		if e.speaker == "" && nameSharer(e.typ) && e.key == key {
			if found != nil {
				return nil
			}
			found = e
		}
	}
	return found
}

// shortForm resolves an organisation's short form to its full name
// ("Brightwater" → "Brightwater Analytics") and a full name to an
// organisation known by its short form, when exactly one organisation
// fits; the full name then becomes the entity's name.
func (r *resolver) shortForm(ref ontology.EntityRef, words []string) *entity {
	if ref.Type != ontology.EntityOrganization && ref.Type != ontology.EntityConcept || len(words) == 0 {
		return nil
	}
	var found *entity
	n := 0
	for _, e := range r.entities {
		if e.typ != ontology.EntityOrganization || e.speaker != "" {
			continue
		}
		ew := e.words
		if wordPrefix(words, ew) || ref.Type == ontology.EntityOrganization && wordPrefix(ew, words) {
			found = e
			n++
		}
	}
	if n != 1 {
		return nil
	}
	if len(words) > len(found.words) {
		found.setName(ref.Name)
	}
	return found
}

// wordPrefix reports whether short is a strict word prefix of long.
func wordPrefix(short, long []string) bool {
	return len(short) < len(long) && slices.Equal(short, long[:len(short)])
}

// touched returns the batch's resolved entities (those mentioned or new),
// in a stable order.
func (r *resolver) touched() []*entity {
	var out []*entity
	for _, e := range r.entities {
		if e.isNew || len(e.turnIDs) > 0 || e.typ != e.storedTyp || e.relabelled {
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].uid < out[j].uid })
	return out
}

// speakerLabels are the labels of the conversation's speakers known to
// the plan (stored and of the batch), sorted.
func (r *resolver) speakerLabels() []string {
	var out []string
	for _, e := range r.entities {
		if e.speaker != "" && !slices.Contains(out, e.speaker) {
			out = append(out, e.speaker)
		}
	}
	sort.Strings(out)
	return out
}
