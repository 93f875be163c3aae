package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// chatVocatives are the words a message may open with ("mate i
// start monday", "babe we got the flat").
var chatVocatives = lang.Words(`mate mates babe bro bruh dude hun guys lads fam bestie girlie`)

// addressPronouns are the subject pronouns that, right after a name or
// handle, show the name was an address: "Ben i work at Ocado now".
var addressPronouns = lang.Words(`i i'm i've i'd i'll we we're we've we'd we'll`)

// addressAsides are the verbs after "i" that make it an aside inside a
// clause whose subject is the name before it: "Jo i think works at Ocado".
var addressAsides = lang.Words(`think guess reckon believe heard hear hope suppose bet mean assume imagine said`)

// addressBareOpeners are the words that open a clause with no subject
// after a handle ("@sam_k just moved to Leeds"): the speaker's clause.
var addressBareOpeners = lang.Words(`just finally recently also officially got left quit began`)

// leadingAddress marks a message's opening address with a colon, so the
// sentence's readings see the rest as a clause of its own and a
// subjectless clause after it is the speaker's: "@sam_k i work at Ocado
// now" reads as "@sam_k: i work at Ocado now", "Ben i moved" as "Ben: i
// moved". A handle before a clause with no subject ("@sam_k just moved to
// Leeds", "@sam_k, just moved to Leeds") ends a sentence of its own, so
// the clause is the speaker's. The address stays in the text for the
// readings that need it. A handle or name followed by a verb is the
// subject and is left as it is ("@sam_k works at Ocado", "Ben and i work
// at Ocado", "Jo i think works at X").
func leadingAddress(text string, k *known) string {
	f := strings.Fields(text)
	n := 0         // words of the address
	comma := false // the address ends with a comma ("@sam_k, just moved")
	for n < len(f) && len(f[n]) > 1 && f[n][0] == '@' && !comma {
		h := strings.TrimSuffix(f[n], ",")
		if len(h) < 2 || strings.ContainsAny(h, ":,.!?") {
			break
		}
		comma = h != f[n]
		n++
	}
	handles := n > 0
	if !handles && len(f) > 0 && isAddressName(f[0], k) {
		n = 1
	}
	if n == 0 || n+1 >= len(f) {
		return text
	}
	next := strings.ToLower(f[n])
	sep := ""
	switch {
	case comma && !(addressBareOpeners[next] || strings.HasSuffix(next, "ed") && len(next) > 4):
		return text // the comma already sets the address apart
	case addressPronouns[next] && !addressAsides[strings.ToLower(strings.Trim(f[n+1], ".,!?"))]:
		sep = ":"
	case handles && (addressBareOpeners[next] || strings.HasSuffix(next, "ed") && len(next) > 4):
		sep = "."
	default:
		return text
	}
	at := 0 // byte offset just after the address's last word
	for i := 0; i < n; i++ {
		at = strings.Index(text[at:], f[i]) + at + len(f[i])
	}
	if comma {
		return text[:at-1] + sep + text[at:]
	}
	return text[:at] + sep + text[at:]
}

// isAddressName reports whether w, a message's first word, may be whom it
// addresses: a chat vocative or a participant's name or nickname.
func isAddressName(w string, k *known) bool {
	lw := strings.ToLower(w)
	if chatVocatives[lw] {
		return true
	}
	n := ontology.NormaliseName(w)
	if n == "" || strings.ContainsAny(w, ":,.!?'") || k == nil || k.disc == nil {
		return false
	}
	return k.disc.speakers[n] || k.speakerNick(n)
}
