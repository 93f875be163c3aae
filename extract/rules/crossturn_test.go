package rules

import (
	"slices"
	"testing"

	"github.com/loci-memory/loci/lang"
)

// TestCrossTurn: what two turns state together (testdata/crossturn.txt): a
// yes/no question confirmed, a who/what/which question answered by a name,
// a bare "where??" answered, a message continuing the one before.
func TestCrossTurn(t *testing.T) { wantCurrentRelations(t, "crossturn.txt") }

// TestCrossTurnNegatives: unanswered questions, no, hedged, conditional
// and joking answers, hypotheticals, echoes, trips and visits draw no
// current relation (testdata/crossturn_negatives.txt).
func TestCrossTurnNegatives(t *testing.T) { wantNoCurrentRelation(t, "crossturn_negatives.txt") }

// TestCrossTurnCites: a relation read across turns cites every turn it
// was read from.
func TestCrossTurnCites(t *testing.T) {
	for _, c := range []struct {
		turns []string
		want  string
		cites []string
	}{
		{[]string{"Kat: are you still at Lumen Health?", "Jo: yep, 3 yrs now"}, "WORKS_AT Jo -> Lumen Health", []string{"t0", "t1"}},
		{[]string{"Jo: got the job!!", "Jo: at Norvik"}, "WORKS_AT Jo -> Norvik", []string{"t0", "t1"}},
		{[]string{"Jo: me n my bf Femi r moving in together", "Sam: AAAA", "Kat: where??", "Jo: Walthamstow!!"},
			"MOVED_TO Jo -> Walthamstow", []string{"t0", "t2", "t3"}},
		{[]string{"Jo: my cousin Hollie came round", "Kat: the one who works at Aardman?", "Jo: yes!"},
			"WORKS_AT Hollie -> Aardman", []string{"t0", "t1", "t2"}},
	} {
		x := extractChat(t, nil, chat("t", c.turns...))
		found := false
		for _, r := range x.Relations {
			if relationLine(r) != c.want {
				continue
			}
			found = true
			for _, id := range c.cites {
				if !slices.Contains(r.SourceTurnIDs, id) {
					t.Errorf("%q: %s cites %v, want %s among them", c.turns, c.want, r.SourceTurnIDs, id)
				}
			}
		}
		if !found {
			t.Errorf("%q: want %s, got %v", c.turns, c.want, x.Relations)
		}
	}
}

// TestQuestionStatements: the statement a "yes" makes of a yes/no
// question (polarQuestion), and the one a name completes (nounQuestion).
func TestQuestionStatements(t *testing.T) {
	for _, c := range []struct {
		read    func(string, *sentence) (string, bool)
		q, want string
	}{
		{polarQuestion, "is he still at Barclays?", "he is still at Barclays."},
		{polarQuestion, "does Ruben still play with Os Cardumes", "Ruben still plays with Os Cardumes."},
		{polarQuestion, "didn't you go to King's College?", "I went to King's College."},
		{polarQuestion, "are you moving to Lisbon?", "I am moving to Lisbon."},
		{polarQuestion, "you're at Lumen now right?", "I'm at Lumen now."},
		{polarQuestion, "oh was Tom at Arup before?", "Tom was at Arup before."},
		{polarQuestion, "he lives in krakow now?", "he lives in krakow now."},
		{polarQuestion, "is he in Leeds or Bristol?", ""},
		{polarQuestion, "oh so she's my new manager?", askerSays + "she's my new manager."},
		{polarQuestion, "is she your manager or mine?", ""},
		{polarQuestion, "am I late?", ""},
		{polarQuestion, "where does he work?", ""},
		{polarQuestion, "he lives in Leeds.", ""},
		{nounQuestion, "who's your manager now?", "my manager is"},
		{nounQuestion, "who's ur boss again", "my boss is"},
		{nounQuestion, "what's your cat's name?", "my cat is called"},
		{nounQuestion, "what's the name of Jo's rabbit?", "Jo's rabbit is called"},
		{nounQuestion, "what's your dog called again", "my dog is called"},
		{nounQuestion, "what's your manager called?", ""},
		{nounQuestion, "who's your favourite singer?", ""},
		{nounQuestion, "who's coming tonight?", ""},
	} {
		s := lang.SplitSentences(lang.Tokenize(c.q))
		got, _ := c.read(c.q, &s[len(s)-1])
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.q, got, c.want)
		}
	}
}

// TestAffirms: which answers say yes.
func TestAffirms(t *testing.T) {
	for text, want := range map[string]bool{
		"yeah": true, "yep since jan": true, "Sea Holly, yes.": true, "that's him": true, "It is, a small subsidiary.": true,
		"ofc he's my husband lol": true, "yes!! she's at the Royal College": true,
		"no": false, "nah": false, "yes I think so": false, "yeah maybe": false, "yes if the visa comes through": false,
		"not sure": false, "Leeds": false, "it isn't": false,
	} {
		if got := affirms(text); got != want {
			t.Errorf("affirms(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestBareWhere: which questions ask "where" alone.
func TestBareWhere(t *testing.T) {
	for q, want := range map[string]bool{"where??": true, "where to?": true, "Where at": true, "whereabouts?": true,
		"where is it?": false, "nice, where?": false, "where do you live?": false} {
		s := lang.SplitSentences(lang.Tokenize(q))
		if got := bareWhere(&s[len(s)-1]); got != want {
			t.Errorf("bareWhere(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestNewsAnswerNotSpeaker: an answer to "how's X?" that drops its
// subject says nothing of the one answering.
func TestNewsAnswerNotSpeaker(t *testing.T) {
	for _, turns := range [][]string{
		{"Kat: how's Carla doing?", "Jo: still at Arup, loves it"},
		{"Kat: any news from Pieter", "Jo: moved to Leeds in may"},
		{"Kat: saw Dev at the weekend", "Jo: oh nice, is he still at Barclays?", "Kat: yeah still at Barclays"},
	} {
		for _, r := range extractChat(t, nil, chat("t", turns...)).Relations {
			if r.From.Name == "Jo" && len(turns) == 2 || r.From.Name == "Kat" {
				t.Errorf("%q: %s is the speaker's", turns, relationLine(r))
			}
		}
	}
}
