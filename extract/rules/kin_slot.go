package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Issue 14 (h14-fp25): the word after "my <relative>" in a lower-case
// sentence is read as the relative's name ("my cousin pablo"), but it is
// as often the relative's verb ("yes my dad set it up") or the head of a
// noun phrase the relative owns ("my kids primary school in york"); a
// name read there gives a FAMILY_OF to a verb or a school.

// kinObjectStarts, right after a word, make that word a verb taking an
// object ("set it up", "drove us"): object pronouns, which do not follow
// a name in the "my <relative> <name>" slot. Determiners do ("my sister
// jo the nurse", "my bf sam this morning"), so they are left out.
var kinObjectStarts = lang.Words(`it me us them him everything something nothing`)

// kinSlotVerbOrNoun reports whether the lower-case word at i, right after
// "my <relative>", is no name but a verb (an irregular past, or a word an
// object follows) or part of a noun phrase (an organisation word itself,
// or one right after it: "primary school", "football club"). A word
// with "'s" is a name's ("my cousin kev's a sparky").
func kinSlotVerbOrNoun(s *sentence, i int) bool {
	n := s.Norm(i)
	if lang.AmbiguousPast[n] || lang.IrregularPast[n] || orgCues[n] {
		return true
	}
	if s.Tok(i).Poss {
		return false // "my cousin kev's a sparky", "my son eli's school": a name's "'s"
	}
	if n == "dey" && s.Tok(i+1).Word {
		return true // Pidgin "my bro dey work for mtn", "my uncle dey for london"
	}
	return orgCues[s.Norm(i+1)] || s.Tok(i+1).Word && (kinObjectStarts[s.Norm(i+1)] || thirdPersonVerb(n)) ||
		s.Is(i+1, ",") && s.Is(i+2, "i", "we") && !s.Tok(i).Cap && thirdPersonVerb(n) || // "my gf cooks, i wash up"
		kinVerbAdjunct[s.Norm(i+1)] && !s.Tok(i).Cap && thirdPersonForm(n)
}

// kinVerbAdjunct are words that follow a verb, not a name, after "my
// <relative>": "my bf snores like a tractor", "my sis bakes every sunday",
// "my cousin vapes in the car".
var kinVerbAdjunct = lang.Words(`like every in at on all loads nonstop constantly always daily too so non-stop`)

// thirdPersonForm reports whether the lower-case word n has the shape of a
// verb's third person singular and is no given name: "snores", "vapes",
// "bakes" (words the vocabulary may lack), not "james" nor "ines".
func thirdPersonForm(n string) bool {
	return len(n) >= 5 && strings.HasSuffix(n, "es") && !strings.HasSuffix(n, "ss") && !firstName(n) && !wordNames[n] &&
		!firstName(n[:len(n)-1]) && !firstName(n[:len(n)-2])
}

// thirdPersonVerb reports whether the lower-case word n, which a word
// follows, reads as a verb's third person singular and no given name: it
// ends in "s" and drops to a word of the vocabulary ("my new flatmate
// pays rent", "my brother cooks every night", "my boss tries it"), while
// "my flatmate james" and "my cousin carlos" are given names of the lists
// and "my lad tylers been picked" is a name's "'s" typed without it.
func thirdPersonVerb(n string) bool {
	if len(n) < 4 || !strings.HasSuffix(n, "s") || strings.HasSuffix(n, "ss") || firstName(n) || wordNames[n] {
		return false
	}
	stem := n[:len(n)-1]
	switch {
	case strings.HasSuffix(n, "ies"):
		stem = n[:len(n)-3] + "y"
	case strings.HasSuffix(n, "shes"), strings.HasSuffix(n, "ches"), strings.HasSuffix(n, "xes"), strings.HasSuffix(n, "oes"):
		stem = n[:len(n)-2]
	}
	return len(stem) >= 2 && (englishWords[stem] || inVocab(stem)) && !firstName(stem) // "my lad tylers been picked": Tyler's
}

// businessSpan reports whether the name sp reads as a business, no one
// person a "her" may mean: two names joined by "&" ("Nettle & Pan"), or an
// untyped name ending in an organisation's word (orgNamed).
func businessSpan(sp span) bool {
	return strings.Contains(sp.name, "&") || orgNamed(sp)
}

// notPersonEnd reports whether ref, an end of a tie between people
// (relRole), is no person: a business name, a job or organisation word
// read as a name ("my daughters teacher Mrs Hale"; "Dad" and "Nan" name
// people in chats, and "Dev" is a given name), or
// a name the window typed an organisation or a place. A pronoun resolved
// to "Nettle & Pan" would otherwise give the business an uncle.
func (p *sentCtx) notPersonEnd(ref ontology.EntityRef) bool {
	if p.isSpeaker(ref) {
		return false
	}
	n := strings.ToLower(ref.Name)
	return strings.Contains(ref.Name, "&") || (occupations[n] || orgCues[n]) && !firstName(n) || p.disc.typedAs(ref.Name, ontology.EntityOrganization) ||
		p.disc.typedAs(ref.Name, ontology.EntityPlace) && !p.disc.typedAs(ref.Name, ontology.EntityPerson)
}
