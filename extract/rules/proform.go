package rules

import (
	"regexp"
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Object pro-forms (issue 14, h14-itthere28): the organisation a clause
// ends at said as "there", "it", "them" or "the place" ("my sister works
// there", "marcus who runs it is lovely", "she does the piercings there"),
// the name having come a turn or a few before, often from another
// speaker. proFormOrg is the one resolution the readings of such clauses
// share: the organisation the window names, when it names one only.
// Precision comes first, as "it" and "there" are mostly no organisation:
// two organisations in the window, a place named after the organisation
// (for "there"), a visit or an outing told in its turn, or a hedged plan
// ("might apply at Crestway Couriers") resolve nothing.

// proFormCues end the lower-case name of a business a chat writes without
// capitals ("crestway couriers took me on"), besides the suffixes that
// type a capitalised name (orgCues).
var proFormCues = lang.Words(`couriers physio physiotherapy fitness builders plumbing joinery electrical cleaning
	valeting autos tattoo tattoos barbers hairdressers florist florists deli butchers bakers opticians haulage removals`)

// proFormStops are words a lower-case business name does not hold: what
// stands before a name ("the", "at", "my") or a noun said of one.
var proFormStops = lang.Words(`the a an my our your his her their its this that these those at in on for with to from of
	and or but is are was were be been i you he she we they it me him us them as by some any new old local little
	big best usual nearest same other another one which what who where s`)

// proFormHorizon is how many turns back a second organisation makes an
// object pro-form ambiguous: one named a little before the window may still
// be the one meant ("ex-Stripe" / "4th manager at Tidewater" / "she did 5
// yrs there").
const proFormHorizon = 2 * backRefWindow

// proFormOrg resolves an object pro-form said of an organisation: the one
// organisation the window's turns name (proFormCandidates). For "there"
// (there), a place named after it resolves nothing: "Dev moved to Leeds,
// he's a nurse there" is Leeds'.
func (d *discourse) proFormOrg(there bool) (antecedent, bool) {
	cands, blocked := d.proFormCandidates(there)
	if blocked || len(cands) != 1 || !cands[0].sure {
		return antecedent{}, false
	}
	a := cands[0].a
	if outingText(d.texts[a.turn]) || d.staleOrg(a) || d.plannedOrg(a) {
		return antecedent{}, false
	}
	return a, true
}

// proFormCand is an organisation an object pro-form may stand for; sure
// when it may be the one meant, not only make another ambiguous (one named
// before the window, a lower-case name of common words only).
type proFormCand struct {
	a       antecedent
	sure    bool
	untyped bool // a capitalised name nothing typed ("the Copper Kettle", "The Quiet Lab": a business or a title)
}

// proFormCandidates returns the distinct organisations an object pro-form
// may stand for, the latest first: those the discourse typed so within
// proFormHorizon turns, and the lower-case business names
// (lowerBusinessNames, definedBusinessNames) of the window's turns before
// this one. For "there", blocked says a place was named in the window
// after the latest of them.
func (d *discourse) proFormCandidates(there bool) (out []proFormCand, blocked bool) {
	add := func(c proFormCand) {
		for i := range out {
			if sameOrgName(out[i].a.ref.Name, c.a.ref.Name) {
				out[i].sure = out[i].sure || c.sure
				out[i].untyped = out[i].untyped && c.untyped
				return
			}
		}
		out = append(out, c)
	}
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= proFormHorizon; i-- {
		m := d.mentions[i]
		near := d.index-m.index <= corefWindow
		switch {
		case d.speakers[m.norm]:
		case m.ref.Type == ontology.EntityPlace:
			blocked = blocked || there && len(out) == 0 && near
		case m.ref.Type == ontology.EntityOrganization && !firstName(m.norm):
			add(proFormCand{a: antecedent{ref: m.ref, turn: m.turn}, sure: near})
		case m.ref.Type == ontology.EntityConcept && businessLike(m.ref.Name) && !d.typedPerson(m.ref.Name) && !placeSaid(d.texts[m.turn], m.ref.Name):
			add(proFormCand{a: antecedent{ref: m.ref, turn: m.turn}, untyped: true}) // "the Copper Kettle": maybe another one meant
		}
	}
	for _, id := range d.windowTurns() {
		for _, n := range append(lowerBusinessNames(d.texts[id]), definedBusinessNames(d.texts[id])...) {
			add(proFormCand{a: antecedent{ref: ontology.EntityRef{Name: n.name, Type: ontology.EntityOrganization}, turn: id}, sure: n.sure})
		}
	}
	return out, blocked
}

// windowTurns returns the ids of the turns before the current one that the
// window holds, the latest first.
func (d *discourse) windowTurns() []string {
	var out []string
	for i := len(d.order) - 1; i >= 0 && len(out) < corefWindow; i-- {
		if id := d.order[i]; id != d.current() {
			out = append(out, id)
		}
	}
	return out
}

// current returns the id of the turn being read, the last one noted.
func (d *discourse) current() string {
	if len(d.order) == 0 {
		return ""
	}
	return d.order[len(d.order)-1]
}

// sameOrgName reports whether two names say one organisation: the same
// name, one the first word of the other ("willowbank" of "Willowbank
// Vets"), or the other's last words ("Harrowgate Analytics" of a
// lower-case name read too long).
func sameOrgName(a, b string) bool {
	na, nb := ontology.NormaliseName(a), ontology.NormaliseName(b)
	if na == nb {
		return true
	}
	fa, fb := strings.Fields(na), strings.Fields(nb)
	if len(fa) == 0 || len(fb) == 0 {
		return false
	}
	if len(fa) > len(fb) {
		fa, fb = fb, fa
	}
	return len(fa) == 1 && fa[0] == fb[0] || slices.Equal(fa, fb[len(fb)-len(fa):])
}

// plannedOrg reports whether the organisation's turn names it in a hedged
// plan ("might apply at Crestway Couriers", "maybe try Kestrel"): "there"
// after it is where one may go, not where one is.
func (d *discourse) plannedOrg(a antecedent) bool {
	text := strings.ToLower(d.texts[a.turn])
	at := strings.Index(text, strings.ToLower(a.ref.Name))
	if at < 0 {
		return false
	}
	before := text[:at]
	if hedgedText(before) {
		return true
	}
	for _, w := range []string{"thinking of", "thinking about", "planning", "want to", "wanna", "going to apply", "should i", "apply"} {
		if strings.Contains(before, w) {
			return true
		}
	}
	return false
}

// lowerName is a lower-case name read from a turn's text, sure when a
// word of it is out of the word list (a name, not a phrase of common
// words: "crestway couriers", not "sports physio").
type lowerName struct {
	name string
	sure bool
}

// lowerBusinessNames returns the lower-case business names of text: one or
// two words before a word that ends a business's name ("crestway
// couriers", "willowbank vets"). Capitalised names are the discourse's
// own.
func lowerBusinessNames(text string) []lowerName {
	words := strings.Fields(text)
	var out []lowerName
	for i := 1; i < len(words); i++ {
		cue := strings.Trim(words[i], ".,!?:;()\"'")
		if !proFormCues[cue] && !orgCues[cue] || cue != strings.ToLower(cue) {
			continue
		}
		from := i
		named := false
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			w := words[j]
			if w != strings.ToLower(w) || strings.Trim(w, ".,!?:;()\"'") != w || proFormStops[w] || !lowerLetters(w) ||
				inVocab(w) && (strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed")) { // "joining harrowgate analytics"
				break
			}
			from = j
			named = named || bizNameWord(w)
		}
		if from == i || from > 0 && describers[strings.ToLower(words[from-1])] {
			continue // "a book club", "his own studio": a description, not a name
		}
		out = append(out, lowerName{titleCase(strings.Join(append(slices.Clone(words[from:i]), cue), " ")), named})
	}
	return out
}

// describers before words make them a description ("a book club", "his
// own studio") rather than a name.
var describers = lang.Words(`a an my his her our their your its this that these those another`)

// chatNotNames are lower-case words out of the word list that are chat or
// a kin word's possessive without its apostrophe, not names: "omg the
// gym", "mums bakery".
var chatNotNames = lang.Words(`omg ugh ahh hes shes ive cos coz innit ya yh mums dads nans grans nanas sisters brothers`)

// bizNameWord reports whether the lower-case word w reads as a name's: out
// of the word list, and neither a chat filler nor one of chatNotNames.
func bizNameWord(w string) bool {
	return !inVocab(w) && !chatFillers[w] && !chatNotNames[w]
}

// lowerLetters reports whether w is made of lower-case letters only.
func lowerLetters(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return w != ""
}

// definedBusinessRE is a lower-case name said to be a business at the
// head of a turn: "kestrel = the gear shop in broomhill", "grindstone as
// in ravi's place on elm hill?", "oh saltys, the chippy on the front".
var definedBusinessRE = regexp.MustCompile(`^(?:(?:yep|yeah|ya|oh|so|ah|and|wait)[,!.]?\s+)?([a-z][a-z'&]*(?:\s+[a-z][a-z'&]*)?)\s*(?:=|,|\bis|\bas in)\s+(?:the|a|an|[a-z]+'s)\s+([a-z]+)\b(?:\s+([a-z]+)\b)?`)

// proFormBizNouns say what business a name is: "the gear shop", "the
// chippy on the front", "ravi's place".
var proFormBizNouns = lang.Words(`cafe café pub bar restaurant shop gym place salon studio bakery hotel venue deli
	chippy takeaway garage practice surgery clinic vets brewery bistro diner barbers florist butchers agency firm company
	business startup`)

// definedBusinessNames returns the lower-case name a turn opens by saying
// what business it is (definedBusinessRE): a name (a word out of the word
// list) before a business noun (venueNouns, ownBizNouns).
func definedBusinessNames(text string) []lowerName {
	m := definedBusinessRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil || !proFormBizNouns[m[2]] && !proFormBizNouns[m[3]] {
		return nil
	}
	named := false
	for _, w := range strings.Fields(m[1]) {
		if proFormStops[w] || subjectPronouns[w] {
			return nil
		}
		named = named || bizNameWord(strings.Trim(w, "'"))
	}
	return []lowerName{{titleCase(m[1]), named}}
}

// whoRunsBefore reads the person named right before the "who" at w of
// "Priti who runs it", "marcus who owns it": one named, not a speaker.
func (p *sentCtx) whoRunsBefore(w int) []antecedent {
	sp, ok := p.nameEndingAt(w)
	if !ok || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || p.disc.isSpeaker(sp.name) ||
		sp.to-sp.from == 1 && !sp.confirmed && commonSpan(sp) {
		return nil
	}
	return []antecedent{{ref: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}}}
}

// otherOrgCandidate reports whether the window names a business besides
// a (proFormCandidates) in a's turn or since: "crestway couriers and
// brennan foods are hiring" / "my sister works there". One named before
// a's turn leaves the latest one meant, as readings of "runs it" always
// took it; so does an untyped capitalised name, as often a title ("it's
// called The Quiet Lab, it came out with Atlas Press").
func (d *discourse) otherOrgCandidate(a antecedent) bool {
	cands, _ := d.proFormCandidates(false)
	at := d.turnPos(a.turn)
	for _, c := range cands {
		if !c.untyped && !sameOrgName(c.a.ref.Name, a.ref.Name) && d.turnPos(c.a.turn) >= at {
			return true
		}
	}
	return false
}

// turnPos returns where the turn id was read (-1: not read).
func (d *discourse) turnPos(id string) int {
	for i := len(d.order) - 1; i >= 0; i-- {
		if d.order[i] == id {
			return i
		}
	}
	return -1
}
