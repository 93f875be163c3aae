package extract

import (
	"slices"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

func aliasTurns(lines ...string) []ontology.Turn {
	var out []ontology.Turn
	for i := 0; i+1 < len(lines); i += 2 {
		out = append(out, ontology.Turn{ID: string(rune('a' + i/2)), Speaker: lines[i], Text: lines[i+1]})
	}
	return out
}

func TestLearnAliases(t *testing.T) {
	two := []string{"rosa_m92", "dk"}
	cases := []struct {
		name     string
		speakers []string
		turns    []ontology.Turn
		want     []string // "speaker=alias/how"
	}{
		{"vocative after a greeting", two, aliasTurns("dk", "Hey Rosa! how was the trip?"), []string{"rosa_m92=Rosa/vocative"}},
		{"nickname after thanks", two, aliasTurns("dk", "thanks, Ro!"), []string{"rosa_m92=Ro/vocative"}},
		{"lowercase chat", two, aliasTurns("dk", "hey rosa, how r u"), []string{"rosa_m92=rosa/vocative"}},
		{"opening vocative", two, aliasTurns("dk", "Rosa, did you get the keys?"), []string{"rosa_m92=Rosa/vocative"}},
		{"closing vocative", two, aliasTurns("rosa_m92", "See you tomorrow, Dan!"), []string{"dk=Dan/vocative"}},
		{"introduction", two, aliasTurns("rosa_m92", "Hi! I'm Rosa, Dan's flatmate."), []string{"rosa_m92=Rosa/introduction"}},
		{"name here", two, aliasTurns("dk", "Dan here, new number"), []string{"dk=Dan/introduction"}},
		{"my name is", two, aliasTurns("dk", "my name is Daniel btw"), nil}, // "my name is" mid-turn after no sentence break: not read
		{"generic address", two, aliasTurns("dk", "Thanks guys! Hey man, hi there."), nil},
		{"capitalised chat ignores lowercase words after greetings", two, aliasTurns("dk", "Thanks so much, that helps."), nil},
		{"not a name after I'm", two, aliasTurns("dk", "I'm Sorry. I'm Fine."), nil},
		{"three speakers: a greeting may call anyone in", []string{"a", "b", "c"}, aliasTurns("b", "hi all", "a", "Hey Bea!"), nil},
		{"three speakers: an opening vocative may call anyone in", []string{"a", "b", "c"}, aliasTurns("b", "news!", "a", "Carla, what do you think?"), nil},
		{"three speakers: a reaction names whom it reacts to", []string{"mk_0", "tomasz.w", "jules_b"},
			aliasTurns("mk_0", "i pulled out of the marathon", "mk_0", "knee flared up again", "tomasz.w", "ah sorry Mari, the 10k is still great"),
			[]string{"mk_0=Mari/vocative"}},
		{"three speakers: a reaction in a lowercase chat", []string{"mk_0", "tomasz.w", "jules_b"},
			aliasTurns("mk_0", "got the job", "jules_b", "congrats marika!"), []string{"mk_0=marika/vocative"}},
		{"three speakers: a reaction reaches back past its author's own messages", []string{"mk_0", "tomasz.w", "jules_b"},
			aliasTurns("mk_0", "got the job", "jules_b", "wait", "jules_b", "congrats Marika!"), []string{"mk_0=Marika/vocative"}},
		{"three speakers: not past the reaction window", []string{"mk_0", "tomasz.w", "jules_b"},
			aliasTurns("mk_0", "got the job", "jules_b", "a", "jules_b", "b", "jules_b", "c", "jules_b", "congrats Marika!"), nil},
		{"three speakers: a name inside another speaker's handle is not learned", []string{"mk_0", "tomasz.w", "jules_b"},
			aliasTurns("jules_b", "moving in april", "mk_0", "noooo", "tomasz.w", "congrats jules!"), nil},
		{"three speakers: nor the start of one", []string{"mk_0", "tomasz.w", "marika_x"},
			aliasTurns("marika_x", "hi", "mk_0", "noooo", "tomasz.w", "sorry mari"), nil},
		{"three speakers: the first message has nothing to react to", []string{"a", "b", "c"}, aliasTurns("a", "Thanks Bea!"), nil},
		{"a label's own first name is not an alias", []string{"Rosa Martins", "Dan"}, aliasTurns("Dan", "Hey Rosa!", "Rosa Martins", "Hi Dan!"), nil},
		{"another speaker's name is not an alias", []string{"Ana", "Bea"}, aliasTurns("Ana", "I'm Bea's sister. Hi, I'm Bea"), nil},
		{"mom is nobody's alias", two, aliasTurns("dk", "Thanks Mom!"), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, a := range LearnAliases(c.turns, c.speakers) {
				got = append(got, a.Speaker+"="+a.Alias+"/"+a.How)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}
