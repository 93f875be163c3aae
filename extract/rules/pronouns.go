package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// endPronouns are the pronouns another extractor (the LLM's) may leave as
// the name of an entity: "he" for the brother named two turns before.
var endPronouns = lang.Words(`he him his she her hers i me my mine you your yours`)

// ResolvePronouns returns x with the relation ends, fact and profile
// subjects that another extractor named by a pronoun replaced by who the
// pronoun means, read with this package's coreference over req (its
// context turns, then its turns up to the one the item cites first): "I",
// "me", "my" the speaker of that turn, "you" the other speaker of a
// two-party chat, "he" and "she" the most recent person who fits. Items
// whose pronoun resolves to nobody are dropped. x is not modified; when it
// names nobody by a pronoun it is returned as is.
func ResolvePronouns(req ontology.ExtractRequest, x ontology.Extraction) ontology.Extraction {
	if !namesByPronoun(x) {
		return x
	}
	k := newKnown(req)
	for _, t := range req.Context {
		extractTurn(t, k)
	}
	// who[turn id][pronoun] is what the pronoun means after that turn.
	who := map[string]map[string]ontology.EntityRef{}
	for _, t := range req.Turns {
		extractTurn(t, k)
		m := map[string]ontology.EntityRef{}
		speaker := ontology.EntityRef{Name: strings.TrimSpace(t.Speaker), Type: ontology.EntityPerson}
		if speaker.Name != "" {
			for _, p := range []string{"i", "me", "my", "mine"} {
				m[p] = speaker
			}
		}
		if you := k.disc.addressee(t.Speaker); you.Name != "" {
			for _, p := range []string{"you", "your", "yours"} {
				m[p] = you
			}
		}
		for _, p := range []string{"he", "him", "his", "she", "her", "hers"} {
			if a, ok := k.disc.person(p); ok {
				m[p] = ontology.EntityRef{Name: a.ref.Name, Type: ontology.EntityPerson}
			}
		}
		who[t.ID] = m
	}
	resolve := func(ref ontology.EntityRef, ids []string) (ontology.EntityRef, bool) {
		p := strings.ToLower(strings.TrimSpace(ref.Name))
		if !endPronouns[p] {
			return ref, true
		}
		if len(ids) == 0 {
			return ref, false
		}
		got, ok := who[ids[0]][p]
		return got, ok
	}
	out := ontology.Extraction{Events: x.Events}
	for _, e := range x.Entities {
		if r, ok := resolve(e.EntityRef, e.SourceTurnIDs); ok {
			e.EntityRef = r
			out.Entities = append(out.Entities, e)
		}
	}
	for _, r := range x.Relations {
		from, ok1 := resolve(r.From, r.SourceTurnIDs)
		to, ok2 := resolve(r.To, r.SourceTurnIDs)
		if ok1 && ok2 && ontology.NormaliseName(from.Name) != ontology.NormaliseName(to.Name) {
			r.From, r.To = from, to
			out.Relations = append(out.Relations, r)
		}
	}
	for _, f := range x.Facts {
		if s, ok := resolve(f.Subject, f.SourceTurnIDs); ok {
			f.Subject = s
			out.Facts = append(out.Facts, f)
		}
	}
	for _, p := range x.Profile {
		if s, ok := resolve(p.Subject, p.SourceTurnIDs); ok {
			p.Subject = s
			out.Profile = append(out.Profile, p)
		}
	}
	return out
}

// namesByPronoun reports whether any entity of x is named by a pronoun.
func namesByPronoun(x ontology.Extraction) bool {
	is := func(r ontology.EntityRef) bool { return endPronouns[strings.ToLower(strings.TrimSpace(r.Name))] }
	for _, e := range x.Entities {
		if is(e.EntityRef) {
			return true
		}
	}
	for _, r := range x.Relations {
		if is(r.From) || is(r.To) {
			return true
		}
	}
	for _, f := range x.Facts {
		if is(f.Subject) {
			return true
		}
	}
	for _, p := range x.Profile {
		if is(p.Subject) {
			return true
		}
	}
	return false
}
