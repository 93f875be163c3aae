package simrel

import (
	"strings"
	"time"

	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/ontology"
)

// signature is a candidate pair's kind: the placeholder letters of its
// two ends (P person, Q another person, O organisation, L place, A
// animal) and the relation types it may hold.
type signature struct {
	from, to byte
	types    []ontology.RelationType
}

// signatures are the pairs the stage types. Between two named people only
// the symmetric types are tried: "Ana's brother Tiago" says nothing by
// word order about which way a family tie points.
var (
	sigWork   = signature{'P', 'O', []ontology.RelationType{ontology.RelWorksAt, ontology.RelMemberOf, ontology.RelLeads, ontology.RelAttended, ontology.RelCreated}}
	sigPlace  = signature{'P', 'L', []ontology.RelationType{ontology.RelLivesIn, ontology.RelMovedTo, ontology.RelMovedFrom, ontology.RelComesFrom}}
	sigPet    = signature{'P', 'A', []ontology.RelationType{ontology.RelOwns}}
	sigSelf   = signature{'P', 'Q', []ontology.RelationType{ontology.RelFamilyOf, ontology.RelPartnerOf, ontology.RelKnows, ontology.RelFriendOf}}
	sigPeople = signature{'P', 'Q', []ontology.RelationType{ontology.RelPartnerOf, ontology.RelFriendOf}}
	sigOrg    = signature{'O', 'L', []ontology.RelationType{ontology.RelLocatedIn}}
)

// pair is one candidate: two ends of a sentence, the sentence with their
// names replaced, and what the relation would cite.
type pair struct {
	sig      signature
	from, to ontology.EntityRef
	text     string // the reworded sentence that is embedded
	turn     string
	cite     []string
	ended    bool
	at       *time.Time
}

// maxEnds bounds the entities of a candidate sentence: in a list of names
// which two belong together is beyond a sentence's similarity.
const maxEnds = 6

// maxGapWords bounds the words between two people of a pair ("my sister
// Ana", "Tom and his wife Aisha").
const maxGapWords = 4

// candidatePairs returns the pairs of cands that fit a signature and that
// got is silent about (no relation of any type between the two, either
// way), skipping questions, hedged sentences and lists of names. Which two ends make a
// pair is decided by position, since a sentence's similarity says what
// relation it states but not between whom: an organisation, place or
// animal pairs with the nearest person before it (a subject before a
// possessive: "my cousin Tunde works at X" is Tunde's), a place with an
// organisation right before it, and two people only when next to each
// other ("my brother Tiago").
func candidatePairs(cands []rules.Candidate, got ontology.Extraction) []pair {
	related := map[string]bool{}
	for _, r := range got.Relations {
		related[pairKey(r.From, r.To)], related[pairKey(r.To, r.From)] = true, true
	}
	var out []pair
	seen := map[string]bool{}
	add := func(c rules.Candidate, a, b rules.CandidateEnd) {
		sig, ok := signatureOf(a, b)
		k := c.Turn + "\x01" + pairKey(a.Ref, b.Ref)
		start := min(a.From, b.From)
		if !ok || seen[k] || related[pairKey(a.Ref, b.Ref)] || near(c.Text, c.Hedges, start) ||
			ontology.NormaliseName(a.Ref.Name) == ontology.NormaliseName(b.Ref.Name) {
			return
		}
		seen[k] = true
		p := pair{sig: sig, from: a.Ref, to: b.Ref, text: reword(c.Text, a, b, sig), turn: c.Turn,
			ended: near(c.Text, c.Endings, start), at: c.Time}
		for _, e := range []rules.CandidateEnd{a, b} {
			if e.Cite != "" && e.Cite != c.Turn {
				p.cite = append(p.cite, e.Cite)
			}
		}
		out = append(out, p)
	}
	for _, c := range cands {
		if c.Question || len(c.Ends) < 2 || len(c.Ends) > maxEnds {
			continue
		}
		listed := inList(c)
		try := func(c rules.Candidate, a, b rules.CandidateEnd) {
			if !listed[a.From] && !listed[b.From] {
				add(c, a, b)
			}
		}
		for j, b := range c.Ends {
			switch b.Ref.Type {
			case ontology.EntityOrganization, ontology.EntityAnimal:
				if i := nearestPerson(c.Ends, j); i >= 0 {
					try(c, c.Ends[i], b)
				}
			case ontology.EntityPlace:
				if j > 0 && c.Ends[j-1].Ref.Type == ontology.EntityOrganization {
					try(c, c.Ends[j-1], b)
				} else if i := nearestPerson(c.Ends, j); i >= 0 {
					try(c, c.Ends[i], b)
				}
			case ontology.EntityPerson:
				if j == 0 || b.Self || words(c.Text, c.Ends[j-1].To, b.From) > maxGapWords {
					continue
				}
				// Two speakers of the chat are left to the patterns: one is
				// often only addressed ("I love the thought, Nate!").
				if a := c.Ends[j-1]; a.Ref.Type == ontology.EntityPerson && !b.Speaker && !a.Speaker {
					try(c, a, b)
				}
			}
		}
	}
	return out
}

// minList is how many names joined by bare commas or "and" make a list
// ("Ana, Rui, Tom and Kit"): which of them a relation holds for, or which
// two of them belong together, is beyond a sentence's similarity.
const minList = 3

// inList returns the starting offsets of the ends of c that stand in a
// list of at least minList names.
func inList(c rules.Candidate) map[int]bool {
	out := map[int]bool{}
	for i := 0; i < len(c.Ends); {
		k := i + 1
		for k < len(c.Ends) && listJoin(c.Text, c.Ends[k-1].To, c.Ends[k].From) {
			k++
		}
		if k-i >= minList {
			for _, e := range c.Ends[i:k] {
				out[e.From] = true
			}
		}
		i = k
	}
	return out
}

// listJoin reports whether text[from:to] only joins two names of a list:
// a comma, "and", "&" or both.
func listJoin(text string, from, to int) bool {
	if from < 0 || to > len(text) || from > to {
		return false
	}
	w := strings.Fields(strings.ToLower(strings.ReplaceAll(text[from:to], ",", " , ")))
	if len(w) == 0 || len(w) > 2 {
		return false
	}
	for _, x := range w {
		if x != "," && x != "and" && x != "&" {
			return false
		}
	}
	return true
}

// nearestPerson returns the index of the person end nearest before ends[j]
// that is not a possessive, else the nearest possessive one, else -1.
func nearestPerson(ends []rules.CandidateEnd, j int) int {
	poss := -1
	for i := j - 1; i >= 0; i-- {
		if ends[i].Ref.Type != ontology.EntityPerson {
			continue
		}
		if !ends[i].Possessive {
			return i
		}
		if poss < 0 {
			poss = i
		}
	}
	return poss
}

// leadWords is how far before a pair's first end a hedge or ending word
// still reaches it ("maybe Ana works at X", "Ana used to work at X").
const leadWords = 3

// near reports whether a word at one of offsets reaches a pair starting at
// start: it stands after start, or at most leadWords words before it.
func near(text string, offsets []int, start int) bool {
	for _, o := range offsets {
		if o >= start || words(text, o, start) <= leadWords {
			return true
		}
	}
	return false
}

// words counts the words of text[from:to] (0 when the range is empty or
// out of order).
func words(text string, from, to int) int {
	if from < 0 || to > len(text) || from >= to {
		return 0
	}
	return len(strings.Fields(text[from:to]))
}

// signatureOf returns the signature of a (from) and b (to), if any.
func signatureOf(a, b rules.CandidateEnd) (signature, bool) {
	at, bt := a.Ref.Type, b.Ref.Type
	switch {
	case at == ontology.EntityPerson && bt == ontology.EntityOrganization:
		return sigWork, true
	case at == ontology.EntityPerson && bt == ontology.EntityPlace:
		return sigPlace, true
	case at == ontology.EntityPerson && bt == ontology.EntityAnimal:
		return sigPet, true
	case at == ontology.EntityPerson && bt == ontology.EntityPerson && a.Self && !b.Self:
		return sigSelf, true
	case at == ontology.EntityPerson && bt == ontology.EntityPerson && !b.Self:
		return sigPeople, true
	case at == ontology.EntityOrganization && bt == ontology.EntityPlace:
		return sigOrg, true
	}
	return signature{}, false
}

// reword replaces the names of a and b in text by the signature's
// placeholder words; a speaker's I/my and a resolved he/she stay as
// written.
func reword(text string, a, b rules.CandidateEnd, sig signature) string {
	type cut struct {
		from, to int
		word     string
	}
	var cuts []cut
	for _, e := range []struct {
		end  rules.CandidateEnd
		slot byte
	}{{a, sig.from}, {b, sig.to}} {
		if e.end.Self || e.end.Pronoun || e.end.From < 0 || e.end.To > len(text) || e.end.From >= e.end.To {
			continue
		}
		w := placeholders[e.slot]
		if e.end.Poss {
			w += "'s"
		}
		cuts = append(cuts, cut{e.end.From, e.end.To, w})
	}
	if len(cuts) == 2 && cuts[1].from < cuts[0].from {
		cuts[0], cuts[1] = cuts[1], cuts[0]
	}
	if len(cuts) == 2 && cuts[1].from < cuts[0].to {
		cuts = cuts[:1] // overlapping names: keep the first
	}
	var sb strings.Builder
	at := 0
	for _, c := range cuts {
		sb.WriteString(text[at:c.from])
		sb.WriteString(c.word)
		at = c.to
	}
	sb.WriteString(text[at:])
	return sb.String()
}

// pairKey identifies an ordered pair of entities.
func pairKey(a, b ontology.EntityRef) string {
	return ontology.NormaliseName(a.Name) + "\x00" + ontology.NormaliseName(b.Name)
}
