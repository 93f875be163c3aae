package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Lower-case organisations and venues read from the cues the capitalised
// readings already use (issue 14, h14-lower5). In a chat typed without
// capitals "copperline, the chair company in coventry", "he manages the
// fox & lantern in didsbury", "started at redbrook medical practice",
// "president of the orienteering soc" or "halden are transferring me to
// their manchester office" hold a name the older lower-case readings
// (lowercase.go, lowercase_unknown.go) either miss or bound wrongly. Each reading
// below is keyed to the words around the name and to the word list
// (lowercase_vocab.go: a word outside it is a name's word), never to a name;
// it capitalises the name so the patterns read it as they read a typed
// one.

// lower5At capitalises an organisation's or a venue's name at the
// lower-case word i (an article before it aside) and returns how many
// tokens from i it consumed (0: none).
func (k *known) lower5At(s *sentence, i int) int {
	if n := lower5Apposed(s, i); n > 0 {
		return n
	}
	if n := lower5OwnedApposed(s, i); n > 0 {
		return n
	}
	if n := lower5More(s, i); n > 0 { // lowercase_orgs_more.go
		return n
	}
	if n := lower5PlaceOffice(s, i); n > 0 {
		capitalise(s, i, i+n)
		return n
	}
	from := i
	if s.Is(i, "the") {
		from = i + 1
	}
	if from >= len(s.Toks) || s.Toks[from].Cap || !plainWord(s, from) {
		return 0
	}
	n := lower5Amp(s, i, from)
	if n == 0 {
		n = lower5Headed(s, i, from)
	}
	if n == 0 && from == i {
		n = lower5Subject(s, i)
	}
	if n == 0 {
		n = lower5PossOffice(s, from)
	}
	if n == 0 {
		n = lower5Bounded(s, i, from)
	}
	if n == 0 {
		return 0
	}
	capitalise(s, from, from+n)
	return from - i + n
}

// lower5Heads end an organisation's name beside lower3OrgHead's nouns:
// "redbrook medical practice", "the orienteering soc".
var lower5Heads = lang.Words(`practice soc society club choir chorus team collective trust`)

// lower5Head reports whether w ends an organisation's or a group's name.
func lower5Head(w string) bool { return lower3OrgHead(w) || lower5Heads[w] }

// lower5HeadedSpan returns the length of a name at i that opens on a word
// outside the word list and ends, over at most two listed words, on an
// organisation's noun ("redbrook medical practice", "lindy hop society",
// "orienteering soc"), or 0. The noun bounds the name the word list
// cannot.
func lower5HeadedSpan(s *sentence, i int) int {
	if !unknownWord(s, i) && !lower5IngName(s, i) {
		return 0
	}
	for j := i + 1; j < len(s.Toks) && j <= i+3; j++ {
		if !plainWord(s, j) || s.Toks[j].Cap || functionWords[s.Norm(j)] || timeWord(s.Norm(j)) {
			return 0
		}
		if lower5Head(s.Norm(j)) && !lower5Head(s.Norm(j+1)) {
			return j - i + 1
		}
		if s.Toks[j].Poss {
			return 0
		}
	}
	return 0
}

// lower5IngName reports whether the word at i is an -ing word outside the
// word list ("orienteering", "bouldering"): a sport or a pastime that
// names a society or a club before its noun, never a verb of the list.
func lower5IngName(s *sentence, i int) bool {
	w := s.Norm(i)
	return plainWord(s, i) && !s.Toks[i].Cap && len(w) > 6 && strings.HasSuffix(w, "ing") && !inVocab(w) &&
		!inVocab(strings.TrimSuffix(w, "ing")) && !gDropped[w] && !chatForm(w)
}

// lower5Headed reads a name that ends on an organisation's noun after a
// job's or a membership's cue (lower3OrgSlot's) or a leader's ("president
// of the orienteering soc", "head of the quorvel society").
func lower5Headed(s *sentence, i, from int) int {
	n := lower5HeadedSpan(s, from)
	if n == 0 {
		return 0
	}
	if lower3OrgSlot(s, i, from) || lower5LeaderOf(s, i) {
		return n
	}
	return 0
}

// lower5Leaders, before "of", make what follows a group someone leads.
var lower5Leaders = lang.Words(`president head lead leader captain chair chairman chairwoman chairlady founder director
	manager coordinator convenor organiser organizer`)

// lower5LeaderOf reports whether "<leader> of" stands before i.
func lower5LeaderOf(s *sentence, i int) bool {
	return s.Is(i-1, "of") && lower5Leaders[s.Norm(i-2)]
}

// lower5Kinds are what an apposition after an unknown word calls an
// organisation or a venue: "copperline, the chair company in coventry",
// "fernleaf, the climate startup".
var lower5Kinds = lang.Words(`company startup start-up firm agency brewery distillery bakery cafe café bar pub
	restaurant shop store brand charity band choir club team label studio venue hotel school nursery
	practice clinic consultancy business chain gym salon garage wash takeaway chippy deli barbers florist launderette`)

// lower5Apposed reads a name of words outside the word list followed by an
// apposition that says what it is ("copperline, the chair company in
// coventry", "stonerigg, the one in haworth"). It capitalises the name and
// consumes the apposition up to its noun, so the noun stays a word.
func lower5Apposed(s *sentence, i int) int {
	amp := s.Is(i+1, "&") && ampFirstWord(s, i) && unknownWord(s, i+2) // "kork & kiesel, a wine shop in dresden"
	if !unknownWord(s, i) && !amp || s.Is(i-1, "the", "a", "an", "my", "our", "his", "her", "their", "your", "ur") {
		return 0
	}
	n := 1
	for n < 3 && unknownWord(s, i+n) {
		n++
	}
	if amp && n == 1 {
		n = 3
	} else if s.Is(i+n, "&") && unknownWord(s, i+n+1) {
		n += 2 // "salz & kümmel, the deli": the "&" joins the name
	}
	j := i + n
	if !s.Is(j, ",") || !s.Is(j+1, "the", "a", "an") {
		return 0
	}
	if s.Is(j+2, "one") && s.Is(j+3, "in", "on", "near", "by") && plainWord(s, j+4) && !functionWords[s.Norm(j+4)] {
		capitalise(s, i, i+n) // "stonerigg, the one in haworth"; not "the one in the middle"
		if (unknownWord(s, j+4) || inGazetteer(s.Norm(j+4))) && placeWordEnds(s, j+5) {
			capitalise(s, j+4, j+5)
		}
		return n + 4
	}
	for k := j + 2; k < len(s.Toks) && k <= j+4; k++ {
		if !s.Toks[k].Word || functionWords[s.Norm(k)] && k > j+2 {
			break
		}
		if lower5Kinds[s.Norm(k)] {
			capitalise(s, i, i+n)
			return k - i + 1
		}
	}
	return 0
}

// ampFirstWord reports whether the word at i may open a name of two words
// joined by "&" when an unknown word follows the "&" and an apposition
// says what it is: a plain lower-case word outside the English lists
// ("kork" of "kork & kiesel").
func ampFirstWord(s *sentence, i int) bool {
	w := s.Norm(i)
	return i < len(s.Toks) && plainWord(s, i) && !s.Toks[i].Cap && !functionWords[w] && !englishWords[w] && !commonWords[w] && !isFiller(w) && !timeWord(w)
}

// lower5OwnedApposed reads a name of listed words after an owner's verb
// when an apposition says what it is ("corinne owns wax lyrical btw, the
// record shop", "he owns sparkle bros, the car wash in scartho"): the
// verb and the apposition together bound a name the word list cannot. It
// capitalises the name and returns its length (0: none). One plural word
// is something run, not a business ("runs errands, the shop …").
func lower5OwnedApposed(s *sentence, i int) int {
	if !lower5Owners[s.Norm(i-1)] || !ownedNameWord(s, i) {
		return 0
	}
	n := 1
	for n < 3 && !s.Toks[i+n-1].Poss && ownedNameWord(s, i+n) {
		n++
	}
	if s.Toks[i+n-1].Poss || n == 1 && strings.HasSuffix(s.Norm(i), "s") && !unknownWord(s, i) {
		return 0
	}
	j := i + n
	if isFiller(s.Norm(j)) || s.Is(j, "btw", "tho", "though") {
		j++ // "owns wax lyrical btw, the record shop"
	}
	if !s.Is(j, ",") || !s.Is(j+1, "the", "a", "an") {
		return 0
	}
	for k := j + 2; k < len(s.Toks) && k <= j+4; k++ {
		if !s.Toks[k].Word || functionWords[s.Norm(k)] {
			return 0
		}
		if lower5Kinds[s.Norm(k)] {
			if s.Toks[k].Poss || s.Is(k+1, "is", "was", "are", "were") {
				return 0 // "runs errands, the shop's short-staffed", "runs it all, the shop is mad"
			}
			capitalise(s, i, i+n)
			return n
		}
	}
	return 0
}

// ownedNameWord reports whether the lower-case word at i may be a word of
// a business's name after an owner's verb: a plain word, no function
// word, pronoun, common word, filler, time or number ("wax", "lyrical",
// "sparkle", "bros").
func ownedNameWord(s *sentence, i int) bool {
	if i >= len(s.Toks) || !plainWord(s, i) || s.Toks[i].Cap {
		return false
	}
	w := s.Norm(i)
	return !functionWords[w] && !pronounish[w] && !commonWords[w] && !isFiller(w) && !timeWord(w) &&
		lang.NumberWords[w] == 0 && !englishWords[w]
}

// lower5Owners, before "the", make a venue's name of listed words joined
// by "&" someone's business: "he manages the fox & lantern".
var lower5Owners = lang.Words(`runs run running manages manage managing managed owns own owned opened founded`)

// lower5Firms, before a name, say it is an employer: "my firm pell &
// grange", "sols firm pettigrew & kane".
var lower5Firms = lang.Words(`firm company employer agency practice chambers`)

// lower5Amp returns the length of a name of two words joined by "&" ("fox
// & lantern", "pell & grange") after an owner's, a firm's or a job's cue,
// ending its clause or followed by "has|have|is|in|on" (0: none). A
// word list cannot bound such a name; the "&" and the cue do.
func lower5Amp(s *sentence, i, from int) int {
	if !s.Is(from+1, "&") || !lower5AmpWord(s, from) || !lower5AmpWord(s, from+2) {
		return 0
	}
	end := from + 3
	if end < len(s.Toks) && s.Toks[end].Word && !s.Is(end, "has", "have", "is", "are", "in", "on", "near", "since", "now", "and", "but", "so", "tho", "lol") {
		return 0 // "the sales & marketing team"
	}
	switch {
	case from > i && lower5Owners[s.Norm(i-1)]:
	case from == i && lower5Firms[s.Norm(i-1)] && (s.Is(i-2, "my", "our", "his", "her", "their", "your", "ur") || s.Toks[max(i-2, 0)].Poss || s.Toks[max(i-2, 0)].Word && !functionWords[s.Norm(i-2)]):
	case lower3OrgSlot(s, i, from):
	default:
		return 0
	}
	return 3
}

// lower5AmpWord reports whether the word at i may stand on a side of "&"
// in a name: a plain lower-case word, no function word, filler, time or
// venue's noun ("the bar & grill" is a kind of place, not its name).
func lower5AmpWord(s *sentence, i int) bool {
	w := s.Norm(i)
	return i < len(s.Toks) && plainWord(s, i) && !s.Toks[i].Cap && !functionWords[w] && !isFiller(w) &&
		!timeWord(w) && !commonWords[w] && !lower5Kinds[w] && !lower3Venues[w] && !lower5Head(w) && !dailyTypo(w)
}

// lower5OfficeWords are a firm's sites: "their manchester office".
var lower5OfficeWords = []string{"office", "offices", "branch", "hq", "headquarters", "site", "campus", "store"}

// lower5PlaceOffice returns the length of a gazetteer place typed in lower
// case before "office" after a possessive ("their manchester office",
// "northmoor bank's edinburgh office", "has a bristol office"), or 0.
func lower5PlaceOffice(s *sentence, i int) int {
	if !s.Is(i-1, "their", "its", "our", "his", "her", "a", "the") && !s.Tok(i-1).Poss {
		return 0
	}
	for n := 2; n >= 1; n-- {
		if !s.Is(i+n, lower5OfficeWords...) {
			continue
		}
		key := s.Norm(i)
		if n == 2 {
			if !plainWord(s, i+1) {
				continue
			}
			key += " " + s.Norm(i+1)
		}
		if plainWord(s, i) && !englishWords[s.Norm(i)] && inGazetteer(key) {
			return n
		}
	}
	return 0
}

// lower5Subject reads an organisation as a subject: words outside the
// word list opening a clause, followed by "are|is transferring|moving|
// sending me to" a firm's site ("halden are transferring me to their
// manchester office"), by "has|have a <place> office" ("pettigrew
// has a bristol office") or by "offered me the job" ("fernhill offered me
// the job senior animator").
func lower5Subject(s *sentence, i int) int {
	n := lower3OrgSpan(s, i)
	if n == 0 || !(i == s.FirstWord() || clauseOpeners[s.Norm(i-1)] || s.Is(i-1, ",")) {
		return 0
	}
	j := i + n
	switch {
	case s.Is(j, "are", "is", "'re", "have", "has", "'ve") && s.Is(j+1, "transferring", "relocating", "moving", "sending", "posting", "seconding") &&
		s.Is(j+2, "me", "us", "him", "her", "them") && s.Is(j+3, "to"):
		for k := j + 4; k < len(s.Toks) && k <= j+7; k++ {
			if s.Is(k, lower5OfficeWords...) {
				return n
			}
		}
	case lower5HasOffice(s, j):
		return n
	case lower5OfferedMe(s, j):
		return n
	}
	return 0
}

// lower5OfferedJobs are what an employer offers: "offered me the job".
var lower5OfferedJobs = lang.Words(`job role position post contract internship apprenticeship placement`)

// lower5OfferedMe reports whether "offered me" and a job stand at j,
// perhaps after "just", "finally" or "have": "fernhill offered me the job
// senior animator", "velmora have offered me a contract". Something else
// offered ("offered me a lift", "offered me a drink") is no job.
func lower5OfferedMe(s *sentence, j int) bool {
	for n := 0; n < 2 && s.Is(j, "just", "finally", "officially", "have", "has", "'ve"); n++ {
		j++
	}
	if !s.Is(j, "offered") || !s.Is(j+1, "me", "us") {
		return false
	}
	k := j + 2
	if s.Is(k, "the", "a", "an") {
		k++
	}
	if s.Is(k, "full", "part", "new", "permanent", "perm") {
		k++
	}
	return lower5OfferedJobs[s.Norm(k)]
}

// lower5PossOffice reads a firm's name that owns a site: words outside the
// word list, an organisation's noun perhaps, ending in a possessive before
// "(<place>) office" ("transferred to northmoor bank's edinburgh office").
func lower5PossOffice(s *sentence, i int) int {
	n := lower3OrgSpan(s, i)
	if n == 0 || !s.Toks[i+n-1].Poss {
		return 0
	}
	if j := i + n; s.Is(j, lower5OfficeWords...) || lower5PlaceOffice(s, j) > 0 {
		return n
	}
	return 0
}

// lower5HasOffice reports whether "has|have (got) a|an (<place>) office"
// stands at j.
func lower5HasOffice(s *sentence, j int) bool {
	if !s.Is(j, "has", "have") {
		return false
	}
	j++
	if s.Is(j, "got") {
		j++
	}
	if !s.Is(j, "a", "an", "offices") {
		return false
	}
	return s.Is(j, "offices") || s.Is(j+1, lower5OfficeWords...) || s.Is(j+2, lower5OfficeWords...) && inGazetteer(s.Norm(j+1))
}

// lower5Bounded reads a venue's or an employer's name of listed words that
// "in <gazetteer place>" bounds: "got offered head baker at oven bird in
// york" after a job's cue, "at the old malthouse in frome" whose last
// word is outside the word list. Everyday slot words, times, plurals of
// listed words and common words stay words ("at night in york", "at
// weekends in leeds", "at home in york").
func lower5Bounded(s *sentence, i, from int) int {
	n := 0
	unknown := false
	for n < 3 && from+n < len(s.Toks) && plainWord(s, from+n) && !s.Toks[from+n].Cap && !s.Toks[from+n].Poss {
		w := s.Norm(from + n)
		if functionWords[w] || commonWords[w] || timeWord(w) || adverbs[w] || dailyTypo(w) || isFiller(w) ||
			lower5Head(w) || lower3Venues[w] || inGazetteer(w) || w[len(w)-1] == 's' && inVocab(w[:len(w)-1]) {
			break
		}
		unknown = unknown || unknownWord(s, from+n)
		n++
	}
	p := from + n + 1
	if n == 0 || !s.Is(p-1, "in") || p >= len(s.Toks) || !plainWord(s, p) || s.Toks[p].Cap || englishWords[s.Norm(p)] ||
		!inGazetteer(s.Norm(p)) && !(unknownWord(s, p) && placeWordEnds(s, p+1)) {
		return 0
	}
	town := func() { // "in frome": a town no list holds is read with the name it bounds
		if !inGazetteer(s.Norm(p)) {
			capitalise(s, p, p+1)
		}
	}
	if from > i {
		// "at the old malthouse in frome": after an article, a name whose
		// last word no list holds; not "the big tesco in leeds" (a known
		// firm and a word about it), nor "the boathouse in mumbles" (two
		// listed words as one)
		_, known := lookupOrg(s.Norm(from+n-1), false)
		if s.Is(i-1, "at") && unknownWord(s, from+n-1) && !known && (n >= 2 || !listedCompound(s.Norm(from))) {
			town()
			return n
		}
		return 0
	}
	if n >= 2 && s.Is(i-1, "at") && lower3OrgSlot(s, i, from) && !unknown {
		town()
		return n // "head baker at oven bird in york"
	}
	return 0
}

// personFirstWord reports whether the conversation already named a person
// whose name of two words or more opens on norm: "maeve's leaving" after
// "a woman called maeve doran" is that person, as a typed "Maeve's" is.
func (d *discourse) personFirstWord(norm string) bool {
	for i := len(d.mentions) - 1; i >= 0; i-- {
		m := d.mentions[i]
		if m.ref.Type == ontology.EntityPerson && len(m.norm) > len(norm)+1 && m.norm[len(norm)] == ' ' && strings.HasPrefix(m.norm, norm) {
			return true
		}
	}
	return false
}
