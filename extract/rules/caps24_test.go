package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestCaps24Names checks h14-caps24's name reading on short chats
// (testdata/caps24_names.txt): a bare name answering a question or giving
// news ("Rotterdam! originally from Porto tho", "yeah Tom." after "which of
// your brothers?", "Kumasi, yes"), a name after a verb opening the
// sentence ("Left Lagos", "Ring Orla"), a name-shaped subject opening a
// statement ("Brightside Cleaning is …", "Petal & Stem turns three"), a
// name closing a sentence after its kind or role ("a startup there,
// Fernweh Labs", "the founder, Jonas Brandt", "got a lad from the agency
// starting Monday, Kacper."). Each twin is a capitalised
// word that is no name ("Left early", "Honestly Ellie,", "Congrats!",
// "Thursday!", "Mum!", "Happy Birthday!", shouting, laughter, chat
// acronyms) or a name said to someone ("Thanks, Mel!", "love the cafe,
// Kez", "yeah Kez, I'm coming"), which must not be mentioned.
func TestCaps24Names(t *testing.T) {
	checkChatCasesBy(t, readCasesAtLeast(t, "testdata/caps24_names.txt", 40), entitiesRead)
}

// entitiesRead is the set of the names an extraction mentions, for the
// "+ Name" and "- Name" lines of a case, and their list.
func entitiesRead(x ontology.Extraction) (map[string]bool, string) {
	got := map[string]bool{}
	var names []string
	for _, e := range x.Entities {
		got[e.Name] = true
		names = append(names, e.Name+"/"+string(e.Type))
	}
	return got, " " + strings.Join(names, ", ")
}

// TestCaps24Chats checks the relations h14-caps24's name reading lets the
// readings draw (testdata/caps24_cases.txt: "Donal! He's my landlord",
// "yeah Tom. he moved to Leeds", "Brightside Cleaning is officially a
// thing" … "running it", "Some architects called Fenwick & Hale, their
// office is on Kelham Island") and their twins
// (testdata/caps24_negatives.txt: a question back, a plan, someone else's
// move, a visit, a hedge, a past, an organisation named before "their",
// a name said to someone).
func TestCaps24Chats(t *testing.T) { checkCaseFiles(t, "testdata/caps24", 6, 10) }
