package graph

import (
	"sort"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// storedEntity is an entity as resolution sees it: stored already, or new
// in the batch being written.
type storedEntity struct {
	uid       string
	name      string
	typ       ontology.EntityType
	aliasKeys []string
	aliases   []string
	speaker   string
	mentions  int64
	isNew     bool
	turnIDs   []string // turns of this batch that mention it
}

func (e *storedEntity) hasKey(k string) bool {
	for _, x := range e.aliasKeys {
		if x == k {
			return true
		}
	}
	return false
}

func (e *storedEntity) addName(name string, typ ontology.EntityType) {
	for _, k := range ontology.AliasKeys(ontology.EntityRef{Name: name, Type: typ}) {
		if !e.hasKey(k) {
			e.aliasKeys = append(e.aliasKeys, k)
		}
	}
	for _, a := range e.aliases {
		if a == name {
			return
		}
	}
	e.aliases = append(e.aliases, name)
}

func (e *storedEntity) addTurns(ids []string) {
	for _, id := range ids {
		dup := false
		for _, x := range e.turnIDs {
			if x == id {
				dup = true
				break
			}
		}
		if !dup {
			e.turnIDs = append(e.turnIDs, id)
		}
	}
}

// resolver maps the entity references of one batch to entities of one
// conversation: a speaker, an entity already stored, or a new one. Rules,
// in order:
//   - a Person whose name (or first name) is a speaker's is that speaker;
//   - a name whose normalised form is an alias key of an entity of the same
//     type is that entity (Concept, the type of last resort, matches any
//     type, and a specific type matches a stored Concept);
//   - a first name alone is the person whose full name starts with it
//     (the most mentioned, when several do), and a full name is the person
//     known so far only by that first name, whose name it then completes;
//   - anything else is a new entity, identified by (type, normalised name).
//
// Resolution never leaves the conversation and tenant it was built for.
type resolver struct {
	tenant, conversation string
	entities             []*storedEntity
	byUID                map[string]*storedEntity
}

func newResolver(tenant, conversation string, stored []*storedEntity) *resolver {
	r := &resolver{tenant: tenant, conversation: conversation, byUID: map[string]*storedEntity{}}
	for _, e := range stored {
		r.entities = append(r.entities, e)
		r.byUID[e.uid] = e
	}
	return r
}

// speaker returns the speaker entity for label, creating it if new.
func (r *resolver) speaker(label string) *storedEntity {
	for _, e := range r.entities {
		if e.speaker == label {
			return e
		}
	}
	key := ontology.NormaliseName(label)
	if key == "" {
		key = strings.ToLower(label)
	}
	e := &storedEntity{uid: uid("entity", r.tenant, r.conversation, "speaker", label), name: label,
		typ: ontology.EntityPerson, speaker: label, isNew: true}
	e.addName(label, ontology.EntityPerson)
	if !e.hasKey(key) {
		e.aliasKeys = append(e.aliasKeys, key)
	}
	r.add(e)
	return e
}

func (r *resolver) add(e *storedEntity) {
	r.entities = append(r.entities, e)
	r.byUID[e.uid] = e
}

func compatible(a, b ontology.EntityType) bool {
	return a == b || a == ontology.EntityConcept || b == ontology.EntityConcept
}

// resolve returns the entity ref names, creating it if needed, and records
// the turns that mention it.
func (r *resolver) resolve(ref ontology.EntityRef, turnIDs []string) *storedEntity {
	key := ontology.NormaliseName(ref.Name)
	e := r.find(ref, key)
	if e == nil {
		e = &storedEntity{uid: uid("entity", r.tenant, r.conversation, string(ref.Type), key),
			name: ref.Name, typ: ref.Type, isNew: true}
		if old, ok := r.byUID[e.uid]; ok { // same key and type seen under another path
			e = old
		} else {
			r.add(e)
		}
	}
	e.addName(ref.Name, ref.Type)
	e.addTurns(turnIDs)
	return e
}

func (r *resolver) find(ref ontology.EntityRef, key string) *storedEntity {
	words := strings.Fields(key)
	// Speakers first: a person named like a speaker, or by the speaker's
	// first name, is the speaker.
	if ref.Type == ontology.EntityPerson || ref.Type == ontology.EntityConcept {
		for _, e := range r.entities {
			if e.speaker == "" {
				continue
			}
			sk := ontology.NormaliseName(e.speaker)
			if key == sk || e.hasKey(key) && ref.Type == ontology.EntityPerson ||
				ref.Type == ontology.EntityPerson && len(words) == 1 && strings.HasPrefix(sk, key+" ") {
				return e
			}
		}
	}
	var best *storedEntity
	better := func(e *storedEntity) bool {
		if best == nil {
			return true
		}
		if (e.typ == ref.Type) != (best.typ == ref.Type) {
			return e.typ == ref.Type
		}
		return e.mentions+int64(len(e.turnIDs)) > best.mentions+int64(len(best.turnIDs))
	}
	for _, e := range r.entities {
		if compatible(e.typ, ref.Type) && ontology.NormaliseName(e.name) == key && better(e) {
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
		ew := strings.Fields(ontology.NormaliseName(e.name))
		switch {
		case e.hasKey(key):
			// An exact alias, or "Alice" where "Alice Smith" is known.
		case ref.Type == ontology.EntityPerson && e.typ == ontology.EntityPerson && len(ew) == 1 && len(words) > 1 && words[0] == ew[0]:
			// "Alice Smith" where only "Alice" is known: complete the name.
			if e.speaker == "" {
				e.name = ref.Name
			}
		default:
			continue
		}
		if better(e) {
			best = e
		}
	}
	return best
}

// touched returns the batch's resolved entities (those mentioned or new),
// in a stable order.
func (r *resolver) touched() []*storedEntity {
	var out []*storedEntity
	for _, e := range r.entities {
		if e.isNew || len(e.turnIDs) > 0 {
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].uid < out[j].uid })
	return out
}

// refKeys lists the alias keys of every reference a batch makes, for the
// lookup of stored candidates.
func refKeys(x ontology.Extraction) []string {
	seen := map[string]bool{}
	var out []string
	add := func(ref ontology.EntityRef) {
		keys := ontology.AliasKeys(ref)
		if f := strings.Fields(ontology.NormaliseName(ref.Name)); len(f) > 1 {
			keys = append(keys, f[0])
		}
		for _, k := range keys {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	for _, e := range x.Entities {
		add(e.EntityRef)
		for _, a := range e.Aliases {
			add(ontology.EntityRef{Name: a, Type: e.Type})
		}
	}
	for _, r := range x.Relations {
		add(r.From)
		add(r.To)
	}
	for _, f := range x.Facts {
		add(f.Subject)
	}
	for _, e := range x.Events {
		for _, p := range e.Participants {
			add(p)
		}
		if e.Where != nil {
			add(*e.Where)
		}
	}
	for _, p := range x.Profile {
		add(p.Subject)
	}
	return out
}
