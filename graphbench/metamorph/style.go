package metamorph

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
)

// Lower lowercases every turn's text (speaker labels stay): the variant
// of a chat typed without capitals. Gold names match case-blind, so the
// gold is unchanged.
func Lower(c Conv) Conv {
	out := c.clone()
	for i := range out.Turns {
		out.Turns[i].Text = strings.ToLower(out.Turns[i].Text)
	}
	return out
}

var (
	fillerEnds   = []string{" lol", " haha", " 😂😂", " lmao", " 🙌", " hahaha"}
	fillerStarts = []string{"haha ", "omg ", "lol ", "ok so "}
	// sentenceEnd is punctuation ending a sentence inside a turn, with
	// the space after it.
	sentenceEnd = regexp.MustCompile(`[.!?]+\s+`)
)

// Fillers pads every turn with chat fillers: an emoji or "lol" at its
// end, "haha"/"omg" at the start of every other turn, and "lol" before
// the end of its first sentence when it has several. The statements are
// unchanged, so the gold is.
func Fillers(c Conv) Conv {
	out := c.clone()
	for i := range out.Turns {
		t := out.Turns[i].Text
		if m := sentenceEnd.FindStringIndex(t); m != nil && !abbrevBefore(t, m[0]) {
			t = t[:m[0]] + " lol" + t[m[0]:]
		}
		if i%2 == 1 {
			t = fillerStarts[(i/2)%len(fillerStarts)] + lowerFirst(t)
		}
		out.Turns[i].Text = t + fillerEnds[i%len(fillerEnds)]
	}
	return out
}

// lowerFirst lowercases s's first letter unless it starts a name-like
// word ("I", or a word capitalised beyond its first letter is left).
func lowerFirst(s string) string {
	w, _, _ := strings.Cut(s, " ")
	if w == "I" || strings.HasPrefix(w, "I'") || len(w) < 2 || !unicode.IsUpper(rune(w[0])) || lang.IsFirstName(w) {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// abbrevBefore reports whether the word ending at text[:i] is an
// abbreviation ("Mr", "St"), whose full stop ends no sentence.
func abbrevBefore(text string, i int) bool {
	j := strings.LastIndexAny(text[:i], " (\"") + 1
	return abbrevs[strings.ToLower(text[j:i])]
}

var abbrevs = lang.Words(`mr mrs ms dr st jr sr prof vs etc mt no`)

// Burst splits every turn of several sentences into one message per
// sentence by the same speaker, consecutive, with fresh ids numbered on
// within the session; a relation's evidence (and the annotated span)
// cites every piece of the turns it cited.
func Burst(c Conv) Conv {
	out := c.clone()
	out.Turns = nil
	pieces := map[string][]string{}
	next := map[string]int{}
	for _, t := range c.Turns {
		for _, s := range splitSentences(t.Text) {
			next[t.Session]++
			nt := t
			nt.ID = fmt.Sprintf("D%s:%d", t.Session, next[t.Session])
			nt.Text = s
			out.Turns = append(out.Turns, nt)
			pieces[t.ID] = append(pieces[t.ID], nt.ID)
		}
	}
	remap := func(ids []string) []string {
		var r []string
		for _, id := range ids {
			if p, ok := pieces[id]; ok {
				r = append(r, p...)
			} else {
				r = append(r, id)
			}
		}
		return r
	}
	for i := range out.Relations {
		out.Relations[i].Evidence = remap(out.Relations[i].Evidence)
	}
	for i := range out.Paths {
		out.Paths[i].Evidence = remap(out.Paths[i].Evidence)
	}
	if len(out.TurnIDs) > 0 {
		out.TurnIDs = remap(out.TurnIDs)
	}
	return out
}

// splitSentences cuts text after each sentence end (not after an
// abbreviation) and at line breaks.
func splitSentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		start := 0
		for _, m := range sentenceEnd.FindAllStringIndex(line, -1) {
			if abbrevBefore(line, m[0]) {
				continue
			}
			if s := strings.TrimSpace(line[start:m[1]]); s != "" {
				out = append(out, s)
			}
			start = m[1]
		}
		if s := strings.TrimSpace(line[start:]); s != "" {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return []string{text}
	}
	return out
}

// chatSpellings are the common words Typos rewrites as chats spell them.
var chatSpellings = map[string]string{
	"you": "u", "your": "ur", "you're": "ur", "with": "w/", "because": "cuz", "really": "rly",
	"people": "ppl", "though": "tho", "about": "abt", "before": "b4", "are": "r", "i'm": "im",
	"don't": "dont", "can't": "cant", "that's": "thats", "it's": "its", "he's": "hes", "she's": "shes",
	"what's": "whats", "boyfriend": "bf", "girlfriend": "gf", "brother": "bro", "sister": "sis",
	"tonight": "2nite", "please": "pls", "thanks": "thx", "probably": "prob", "and": "n",
	"just": "jus", "they're": "theyre", "we're": "were", "didn't": "didnt", "doesn't": "doesnt",
	"isn't": "isnt", "i've": "ive", "i'll": "ill", "love": "luv", "something": "smth",
}

// ingKeep are -ing words that are no verb form to clip.
var ingKeep = lang.Words(`thing things something nothing anything everything morning evening wedding
	building ceiling king ring sing spring string sibling bring during`)

var wordRe = regexp.MustCompile(`[A-Za-z']+`)

// Typos writes the common words of every turn as chats spell them ("ur",
// "w/", "b4", "workin", "im"); the words of gold names ("norvik
// shipping" typed in lower case) and capitalised words other than "I'm"
// stay, so the gold is unchanged.
func Typos(c Conv) Conv {
	out := c.clone()
	names := map[string]bool{} // words of the gold names, which stay
	for _, e := range c.Entities {
		for _, n := range append([]string{e.Name}, e.Aliases...) {
			for _, w := range wordRe.FindAllString(strings.ToLower(n), -1) {
				names[w] = true
			}
		}
	}
	for i := range out.Turns {
		out.Turns[i].Text = wordRe.ReplaceAllStringFunc(out.Turns[i].Text, func(w string) string {
			if names[strings.ToLower(w)] {
				return w
			}
			return typo(w)
		})
	}
	return out
}

func typo(w string) string {
	lw := strings.ToLower(strings.ReplaceAll(w, "’", "'"))
	if w != lw && lw != "i'm" && lw != "i've" && lw != "i'll" {
		return w
	}
	if s, ok := chatSpellings[lw]; ok {
		return s
	}
	if len(lw) >= 6 && strings.HasSuffix(lw, "ing") && !ingKeep[lw] {
		return lw[:len(lw)-1]
	}
	return w
}

// Variant is a named rewrite of a conversation.
type Variant struct {
	Name    string
	Rewrite func(Conv) Conv
}

// Variants are the rewrites the harness scores, the original first.
func Variants(p Pools) []Variant {
	names := func(c Conv) Conv { return SwapNames(c, p) }
	style := func(c Conv) Conv { return Burst(Typos(Fillers(Lower(c)))) }
	return []Variant{
		{"original", func(c Conv) Conv { return c.clone() }},
		{"names", names},
		{"lower", Lower},
		{"fillers", Fillers},
		{"burst", Burst},
		{"typos", Typos},
		{"style", style},
		{"names+style", func(c Conv) Conv { return style(names(c)) }},
		{"handles", Handles},
	}
}
