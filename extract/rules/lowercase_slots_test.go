package rules

import (
	"strings"
	"testing"
)

// TestLowerSlots: in a lower-case sentence a name no list knows is read
// from the slot around it: an honorific, a pet's species after a
// possessive, a naming phrase, a frame's cue pair, a place cue; common
// words in those slots stay words.
func TestLowerSlots(t *testing.T) {
	const cases = `aunty bisi says hi | Aunty Bisi
		ur uncle pete has joined the club | Uncle Pete
		yeah nana rose. | Nana Rose
		nana rose lives in abingdon | Nana Rose Abingdon
		auntie grace says hi | Auntie Grace
		uncle frank's birthday is today | Uncle Frank
		my nana rose early today |
		uncle will be there |
		aunty may come tomorrow |
		grandma hope you're well |
		our cat biscuit is sick | Biscuit
		a startup called hollowpine | Hollowpine
		his name is bolacha | Bolacha
		she quit crumb & co last week | Crumb Co
		akua lives in tamale now | Akua Tamale
		he was the drummer of stereo miorita | Stereo Miorita
		priya raman founded it | Priya Raman
		i'm in charge of dinner tonight |
		she's a member of staff |
		i'm on the board of directors |
		he got hired by accident |
		she lives in fear |
		he moved to tears lol |
		she called me yesterday |
		he's still at the gym |
		plays in the garden |`
	for _, line := range strings.Split(cases, "\n") {
		text, want, _ := strings.Cut(strings.TrimSpace(line), " |")
		if got := strings.Join(recased(text), " "); got != strings.TrimSpace(want) {
			t.Errorf("recase(%q) = %q, want %q", text, got, strings.TrimSpace(want))
		}
	}
}

// TestLowerRoleAndPlaceSlots: a name no list knows, typed in lower case,
// read by its place around a relationship word, a role, "and i", "still
// at", a home or move verb, or an employer; common words there stay
// words.
func TestLowerRoleAndPlaceSlots(t *testing.T) {
	const cases = `aigerim's bro yaw is coming | Aigerim Yaw
		our coach is thanh, she's brilliant | Thanh
		my boss there is grace mensah, she set it up | Grace Mensah
		she runs it with her old classmate nurlan | Nurlan
		aigerim and i adopted a beagle | Aigerim
		omg nurlan still at the hospital? | Nurlan
		she lives on my street in tamale lol | Tamale
		he moved back to cuenca in march | Cuenca
		i joined a housing charity in bulawayo | Bulawayo
		he's a physio at pyxa in cuenca now | Pyxa Cuenca
		she used to be at veltrix | Veltrix
		our coach is great, she's brilliant |
		the company's boss is away |
		my boss is away today |
		he moved back to work in march |
		i'm still in radiology lol |
		she lives on my street in fear |`
	for _, line := range strings.Split(cases, "\n") {
		text, want, _ := strings.Cut(strings.TrimSpace(line), " |")
		if got := strings.Join(recased(text), " "); got != strings.TrimSpace(want) {
			t.Errorf("recase(%q) = %q, want %q", text, got, strings.TrimSpace(want))
		}
	}
}

// TestLowercaseRoomInPlace: the word after "a flat in", "my spare room
// in" is the home's place; a state, a town's common word, a question's
// "in question" and a plural stay words. Places here are of no list, no
// pool and no dev chat.
func TestLowercaseRoomInPlace(t *testing.T) {
	const cases = `they've got a flat in quarrendon now | Quarrendon
		5 min walk from my flat in brisworth too | Brisworth
		flat in oldcastle with two mates, near work | Oldcastle
		out of my spare room in tellingham | Tellingham
		get my house in order
		a room in the back
		my flat in chaos lol
		the house in question
		we got a house in town
		my room in halls is tiny
		a flat in the centre`
	checkRecased(t, cases)
}

// TestLowercaseThisGuy: the name after "this guy", "this woman" is read
// where it ends its clause or goes on with "who", a comma or a surname;
// chat words, adverbs, prepositions and verbs after "this guy" stay words.
// Names here are of no list, no pool and no dev chat.
func TestLowercaseThisGuy(t *testing.T) {
	const cases = `my team lead is this guy quorvin who never stops talking | Quorvin
		my mentor is this guy tadeusz, very calm | Tadeusz
		this woman brenna quillfeather runs it | Brenna Quillfeather
		this guy lol
		this guy over there is weird
		this guy is so annoying
		i met this guy at work
		this guy called me yesterday
		this girl in my class`
	checkRecased(t, cases)
}

// TestLowercaseRolePossessive: a name after "my husband", "my wife" is
// read with its possessive too ("my husband pete's job"); a common word
// or a relative's word there stays a word. Names here are of no list,
// no pool and no dev chat.
func TestLowercaseRolePossessive(t *testing.T) {
	const cases = `moved over for my husband tavish's job though | Tavish
		my wife quenella's mum is visiting | Quenella
		my brother friend's car broke down
		my sister mum's house is big
		my husband's job is hard
		my son school's rubbish`
	checkRecased(t, cases)
}
