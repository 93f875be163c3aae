package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// A name asked about as a pet or something else, and its speaker's
// answer (h14-owns22): "rowan has the vet at 5" / "rowan the dog or rowan
// ur bf 😂" / "the dog lol"; "pierogi is in heaven" / "Pierogi the dog or
// pierogi for dinner?" / "the dog mama. our dog".

// owns22Which is such a question waiting for its answer: who said the
// name (the owner if they answer "the dog"), the name, the pet word and
// the turn that said the name.
type owns22Which struct {
	owner, name, species, turn string
}

// owns22WhichRe finds "<name> the <pet> or".
var owns22WhichRe = regexp.MustCompile(`\b([a-z]+) the ` + owns22Species + ` or\b`)

// owns22Others are words of an answer that gives the pet to someone else.
var owns22Others = regexp.MustCompile(`\b(?:his|her|their|neighbour's|neighbor's|mum's|mom's|dad's|sister's|brother's|friend's)\b`)

// owns22WhichTurn notes the question of turn t about a name the previous
// turn's speaker said, or reads the answer of that speaker: "the dog"
// opening the answer makes them the owner. Another speaker's answer, "the
// bf", another owner in the answer ("my neighbour's one") or a name the
// asker said reads nothing.
func (c *turnCtx) owns22WhichTurn(t ontology.Turn, prev *prevTurn, plain string) {
	st := &c.known.owns22
	if w := st.which; w != nil {
		st.which = nil
		if t.Speaker == w.owner && strings.HasPrefix(plain, "the "+w.species) && !owns22Others.MatchString(plain) &&
			!owns22Jokes.MatchString(plain) {
			c.readAs(t, "I have a "+w.species+" named "+titleCase(w.name)+".", w.turn)
		}
		return
	}
	if prev == nil || prev.speaker == t.Speaker {
		return
	}
	if !owns22MaySpecies(plain) {
		return
	}
	m := owns22WhichRe.FindStringSubmatch(plain)
	if m == nil {
		return
	}
	if said := owns22Plain(prev.full); !strings.Contains(" "+said+" ", " "+m[1]+" ") && !strings.Contains(said, m[1]+"'s") {
		return
	}
	st.which = &owns22Which{owner: prev.speaker, name: m[1], species: m[2], turn: prev.turn}
}
