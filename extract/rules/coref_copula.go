package rules

import "unicode"

// genderNouns are the nouns of a person that say a gender: "a kisumu girl",
// "a lovely guy".
var genderNouns = map[string]byte{"girl": genderFemale, "woman": genderFemale, "lass": genderFemale,
	"gal": genderFemale, "lady": genderFemale, "boy": genderMale, "man": genderMale, "lad": genderMale,
	"guy": genderMale, "bloke": genderMale}

// copulaGender gives a name the gender of the noun it is said to be, as
// reflexiveGender does of a reflexive: "Yerlan's a Kisumu girl
// originally" says Yerlan is a woman, so a later "he" means someone else.
// The name is one capitalised word (a sentence's first word too, which
// p.names may not hold yet), no common word or speaker; the noun stands
// within three words after "is|'s a|an".
func (p *sentCtx) copulaGender() {
	s := p.s
	for i, t := range s.Toks {
		if !t.Cap || !t.Word || notNameWord(t.Norm) || p.disc.isSpeaker(t.Text) || s.Tok(i-1).Cap {
			continue
		}
		j := i + 1
		if s.Is(j, "is", "was") {
			j++
		} else if !t.Poss {
			continue
		}
		if !s.Is(j, "a", "an") {
			continue
		}
		for k := j + 1; k <= j+3 && k < len(s.Toks) && s.Toks[k].Word; k++ {
			if g := genderNouns[s.Norm(k)]; g != genderUnknown {
				p.disc.setGender(t.Text, g)
				break
			}
		}
	}
}

// shoutedName reports whether name is one word of three letters or more all
// in capitals ("PTA", "VELTRIX"): an organisation's or a committee's
// short name more often than a person a pronoun may mean.
func shoutedName(name string) bool {
	letters := 0
	for _, r := range name {
		if !unicode.IsUpper(r) {
			return false
		}
		letters++
	}
	return letters >= 3
}
