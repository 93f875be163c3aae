package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A name sent alone, then what they did (issue 14, h14-blind5): "omg" /
// "Liesel" / "got into the Royal College of Music". The subjectless
// message right after a message that is only a person's name is that
// person's, not the speaker's: it is read with the name as its subject,
// citing the name's turn, and the speaker's own reading of it is skipped.

// namedBurst reads turn t that way when the same speaker's message just
// before it (nothing in between) was only a person's name and t opens on
// a verb in the past that a dropped "I" would otherwise take.
func (c *turnCtx) namedBurst(t ontology.Turn, p prevTurn, ok bool) {
	if !ok || c.disc == nil || p.speaker != t.Speaker || c.disc.index-p.index != 1 || c.answered {
		return
	}
	name, ok := c.rememberedName(p.full) // "remember Deshawn??" / "got hired by Kestrel"
	if !ok {
		if p.question || strings.ContainsAny(p.full, "?@") {
			return // "Tom??", "@tom": someone called on, not the news's subject
		}
		if name, ok = c.aloneName(p.full); !ok {
			return
		}
	}
	sents := c.sentencesOf(t.Text)
	if len(sents) == 0 {
		return
	}
	s := &sents[0]
	f := implicitStart(s)
	if w := s.FirstWord(); strings.Contains(name, " and ") && w >= 0 && !s.Question && s.Is(w, "engaged", "married") && wordless(s, w+1) {
		c.answered = true
		c.readAs(t, name+" are "+s.Norm(w)+".", p.turn) // "Lena and Yusuf" / "ENGAGED 💍💍"
		return
	}
	if f < 0 || s.Question || !lang.IsPastVerb(s, f) && !implicitVerbs[s.Norm(f)] || strings.HasSuffix(s.Norm(f), "ing") {
		return
	}
	c.answered = true // not the speaker's: "got into the Royal College of Music" is Liesel's
	c.readAs(t, name+" "+strings.TrimSpace(t.Text[s.Toks[f].Start:]), p.turn)
}

// aloneName returns the person's name a message consists of ("Liesel",
// "Liesel!!", "Kofi Mensah 🎉"), or two joined by "and" ("Lena and
// Yusuf"), each a person (personAt).
func (c *turnCtx) aloneName(text string) (string, bool) {
	s, f, ok := oneSentence(text)
	if !ok {
		return "", false
	}
	name, end, ok := c.personAt(s, f)
	if ok && s.Is(end, "and", "&") {
		// "Lena and Yusuf" / "ENGAGED 💍💍": a pair sent alone
		var second string
		if second, end, ok = c.personAt(s, end+1); ok {
			name += " and " + second
		}
	}
	if !ok || !wordless(s, end) {
		return "", false
	}
	return name, true
}

// oneSentence reads a message of one sentence and returns it with its
// first word's index.
func oneSentence(text string) (*sentence, int, bool) {
	sents := lang.SplitSentences(lang.Tokenize(text))
	if len(sents) != 1 || sents[0].FirstWord() < 0 {
		return nil, 0, false
	}
	return &sents[0], sents[0].FirstWord(), true
}

// wordless reports whether no word follows token k: only punctuation
// and emoji ("Liesel!! 🎉").
func wordless(s *sentence, k int) bool {
	for i := k; i < len(s.Toks); i++ {
		if s.Toks[i].Word {
			return false
		}
	}
	return true
}

// personAt returns the person's name at f and where it ends: typed a
// person by the name lists, or a single word no list types that is no
// common word, and no speaker of the chat.
func (c *turnCtx) personAt(s *sentence, f int) (string, int, bool) {
	sp, ok := nameAt(s, f)
	if !ok || s.Toks[sp.to-1].Poss {
		return "", 0, false
	}
	sp = c.known.typeName(s, sp)
	person := sp.typ == ontology.EntityPerson ||
		sp.typ == ontology.EntityConcept && !strings.Contains(sp.name, " ") && !commonSpan(sp) && !c.disc.typedThing(mention{ref: ontology.EntityRef{Name: sp.name, Type: sp.typ}, norm: ontology.NormaliseName(sp.name)})
	if !person || c.disc.isSpeaker(sp.name) {
		return "", 0, false
	}
	return sp.name, sp.to, true
}
