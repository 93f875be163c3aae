package extract

import (
	"slices"
	"testing"

	"github.com/loci-memory/loci/extract/rules"
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
		// Right aliases stay.
		{"a handle's name after hey", []string{"@bouldr_kat", "dk"}, aliasTurns("dk", "hey kat, how was font?"), []string{"@bouldr_kat=kat/vocative"}},
		{"a capitalised name after hey", []string{"k.anders", "dk"}, aliasTurns("dk", "Hey Kat! Landed?"), []string{"k.anders=Kat/vocative"}},
		{"a short name after thanks", []string{"mo_kapoor", "dk"}, aliasTurns("dk", "thanks mo"), []string{"mo_kapoor=mo/vocative"}},
		{"a nickname in a reply", two, aliasTurns("rosa_m92", "the flat fell through", "dk", "aww Ro, that's rubbish"), []string{"rosa_m92=Ro/vocative"}},
		{"a given name that is a common word", two, aliasTurns("dk", "Sorry Will!"), []string{"rosa_m92=Will/vocative"}},
		// A greeting before a place or an organisation addresses nobody.
		{"a place after a greeting", two, aliasTurns("dk", "Morning Graz!"), nil},
		{"twin: a name after the same greeting", two, aliasTurns("dk", "Morning Rosa!"), []string{"rosa_m92=Rosa/vocative"}},
		{"an organisation after thanks", two, aliasTurns("dk", "thanks Revolut, fixed"), nil},
		{"a verb's -ing form opening a turn", two, aliasTurns("dk", "Surfing, huh Rosa?"), nil},
		{"an interjection opening a turn", []string{"John", "Maria"}, aliasTurns("Maria", "Agreed, John! Let's keep at it."), nil},
		{"twin: a given name opening a turn", []string{"john_d", "Maria"}, aliasTurns("Maria", "John, did you get the keys?"), []string{"john_d=John/vocative"}},
		// A name opening a reply echoes, answers or speaks about someone.
		{"a name echoing the message before", []string{"Hannah", "Ola"},
			aliasTurns("Hannah", "he's moving to Oslo for a job at Equinor", "Ola", "Equinor! Then he'll be my neighbour"), nil},
		{"twin: the same opening without the mention", []string{"hannah_k", "Ola"},
			aliasTurns("hannah_k", "he's moving to Oslo next year", "Ola", "Hannah! Then he'll be my neighbour"), []string{"hannah_k=Hannah/vocative"}},
		{"a name answering a question", []string{"Hannah", "Ola"}, aliasTurns("Ola", "Which band?", "Hannah", "Robyn! I've loved her for years"), nil},
		{"twin: a handle's name after news, not a question", []string{"hannah_k", "ola_n"}, aliasTurns("ola_n", "I'm back!", "hannah_k", "Ola! How was the trip?"), []string{"ola_n=Ola/vocative"}},
		{"a name followed by he or she is spoken about", two, aliasTurns("rosa_m92", "mam says ur renting off some fisherman", "dk", "Dan! He's my landlord and he's lovely."), nil},
		{"twin: a name followed by a question is addressed", two, aliasTurns("rosa_m92", "I'm back", "dk", "Rosie! How's the new flat?"), []string{"rosa_m92=Rosie/vocative"}},
		// Introductions read the name capitalised, and "it's"/"this is" only opening the turn.
		{"a state after I'm is no name", two, aliasTurns("dk", "im engaged?????", "dk", "its true. I'm here for you", "dk", "IM EXCITED"), nil},
		{"twin: a lowercase chat's my name is", two, aliasTurns("dk", "hi my name is dan btw"), nil},
		{"twin: a lowercase chat's my name is, at a sentence start", two, aliasTurns("dk", "hi. my name is danny"), []string{"dk=danny/introduction"}},
		{"this is, mid-turn, presents a pet", two, aliasTurns("dk", "I want to show you my snake! This is Susie."), nil},
		{"twin: it's, opening the turn, introduces", two, aliasTurns("dk", "Hi, it's Danny, new number"), []string{"dk=Danny/introduction"}},
		{"it's a name, then she: an answer about someone", two, aliasTurns("dk", "it's Noor. and she's officially my girlfriend"), nil},
		{"a sign-off names its writer", two, aliasTurns("dk", "I must fly. With fondest love, Danny."), []string{"dk=Danny/introduction"}},
		{"twin: love before a name without a comma is no sign-off", two, aliasTurns("dk", "Haha yeah, I do love Toby!"), nil},
		// A group chat's reaction goes to the one it names, or nobody.
		{"three speakers: a misspelt speaker's name is not the reacted-to one's", []string{"Siobhan", "Tobi", "dee_hca"},
			aliasTurns("Siobhan", "not moving tho", "dee_hca", "gutted", "Tobi", "congrats siobahn."), nil},
		{"three speakers: a reaction echoing a name just said", []string{"kuya_rj", "Lhen", "bea"},
			aliasTurns("kuya_rj", "my brother migo passed the boards!!", "Lhen", "congrats migo!!!"), nil},
		{"three speakers: a reaction that names another speaker", []string{"Jo", "Zain's Mum", "dan"},
			aliasTurns("Jo", "round the corner x", "dan", "welcome zain's mum 😂 sorry, nadia"), nil},
		{"twin: the reaction alone", []string{"Jo", "Zain's Mum", "dan"},
			aliasTurns("Zain's Mum", "we moved at christmas", "dan", "sorry, nadia"), []string{"Zain's Mum=nadia/vocative"}},
		{"three speakers: a name another speaker introduced herself by", []string{"Jo", "Zain's Mum", "dan", "Kerry"},
			aliasTurns("Zain's Mum", "Hello! I'm Nadia", "Kerry", "a", "Kerry", "b", "Jo", "got the job", "dan", "congrats Nadia!"), []string{"Zain's Mum=Nadia/introduction"}},
		{"twin: without the introduction", []string{"Jo", "Zain's Mum", "dan", "Kerry"},
			aliasTurns("Kerry", "a", "Jo", "got the job", "dan", "congrats Nadia!"), []string{"Jo=Nadia/vocative"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, a := range LearnAliases(c.turns, c.speakers, rules.Lexicon{}) {
				got = append(got, a.Speaker+"="+a.Alias+"/"+a.How)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestUntypedAliases(t *testing.T) {
	learned := []ontology.LearnedAlias{{Speaker: "Mark", Alias: "Graz"}, {Speaker: "Mark", Alias: "Jordan"}, {Speaker: "Mark", Alias: "Marky"}}
	entities := []ontology.EntityMention{
		{EntityRef: ontology.EntityRef{Name: "Graz", Type: ontology.EntityPlace}},
		{EntityRef: ontology.EntityRef{Name: "Jordan", Type: ontology.EntityPlace}},
		{EntityRef: ontology.EntityRef{Name: "Jordan", Type: ontology.EntityPerson}}, // typed a person too: kept
		{EntityRef: ontology.EntityRef{Name: "Marky", Type: ontology.EntityConcept}}, // a concept drops nothing
	}
	var got []string
	for _, a := range UntypedAliases(learned, entities) {
		got = append(got, a.Alias)
	}
	if want := []string{"Jordan", "Marky"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestLearnAliasesWithoutLexicon(t *testing.T) {
	two := []string{"rosa_m92", "dk"}
	// Without the rules' lexicon a turn-opening word must still be one of
	// lang's first names: "Agreed," teaches nothing, "Rosa," does.
	var got []string
	for _, a := range LearnAliases(aliasTurns("dk", "Agreed, that's it.", "dk", "Rosa, did you get the keys?"), two, nil) {
		got = append(got, a.Speaker+"="+a.Alias+"/"+a.How)
	}
	if want := []string{"rosa_m92=Rosa/vocative"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
