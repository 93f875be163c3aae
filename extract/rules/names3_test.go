package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestNames3Recased: in a lower-case sentence, a word outside the word
// list after a strong place cue is a place's name; the negative twins
// (written first for each cue) keep wards, states, months, teams, a
// departure without years, a job's word and chat forms words. Names here
// are of no list, no pool and no dev chat.
func TestNames3Recased(t *testing.T) {
	const cases = `leaving skarvik after 8 yrs |
		leaving skarvik after like 9 years tbh |
		leaving skarvik after this month |
		marta is leaving skarvik after 9 years | Marta
		leaving skarvik tomorrow |
		i left skarvik |
		6 yrs in skarvik n ive never had heating | Skarvik
		6 yrs in skarvik mode |
		still in mollendra tho | Mollendra
		still in radiology tho |
		still in bed tho |
		still in pellyx team |
		back in training tho |
		back in march |
		she's finally left thraxley |
		she's finally left wrk |
		yep, east end of pennoway | Pennoway
		the east end of the room |
		he starts in sept, their skarvik office | Skarvik
		he starts in sept, their skarvik team |
		hes from mollendra | Mollendra
		hes from wrk |
		we got a flat in pennoway last year | Pennoway
		we got a flat in sooo |
		im staying in thraxley | Thraxley
		staying in tonight |
		lived in skarvik 4 years | Skarvik
		she's been in touch |
		sunny ur in skarvik?? | Skarvik
		wait ur in bed?? |
		ur in skarvik now |
		wait are you in pellyx team?? |`
	checkRecased(t, cases)
}

// TestNames3Relations: the places names3 reads reach the relations the
// patterns read of gazetteer places, capitalised or not ("text | TYPE |
// object"); the twins ("text |") draw no home, origin or move.
func TestNames3Relations(t *testing.T) {
	const cases = `Three weeks since I left Skarvik and I haven't missed it once. |
		leaving skarvik after 8 yrs 😢 |
		she's finally left Thraxley, new job in the city |
		Marta is leaving Skarvik after 9 years |
		We got a flat in Pennoway last year | LIVES_IN | Pennoway
		we're back in Thraxley now, back at work monday | LIVES_IN | Thraxley
		still in mollendra tho, not leaving this flat for anyone | LIVES_IN | Mollendra
		6 yrs in skarvik n ive never once had a working boiler | LIVES_IN | Skarvik
		I'm from Mollendra, they're a lovely little charity |
		i'm still in radiology, different floor |
		I'm back in Training now |
		Since I left Tom I've been much happier |
		still in bed tho, not leaving this flat for anyone |`
	checkSentenceRelations(t, cases, &chatAt, ontology.RelLivesIn, ontology.RelMovedFrom, ontology.RelComesFrom, ontology.RelMovedTo)
}
