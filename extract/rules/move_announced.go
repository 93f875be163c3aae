package rules

import (
	"regexp"
	"strings"
)

// moveAnnouncedRE finds a speaker saying they are moving home: "i'm moving
// to norwich", "we're moving house", "moving to Lisbon!!" opening a
// message; not "we're moving office".
var moveAnnouncedRE = regexp.MustCompile(`(?i)(?:\b(?:i'm|im|i am|we're|we are|i'll be|we'll be)\s+(?:moving|relocating)|^\W*(?:moving|relocating))\s+(?:to|up|down|over|back|out|abroad|house|home|away)\b`)

// movedDoneRE finds a speaker saying they have moved, the sentence
// ending there: "I finally moved.", "we've moved house!!", "moved out
// yesterday"; not "I moved the car".
var movedDoneRE = regexp.MustCompile(`(?i)(?:\b(?:i|we|i've|we've|ive|weve|i have|we have)\s+|^\W*)(?:(?:just|finally|officially|actually|have)\s+)*moved(?:\s+(?:house|home|out|over|abroad|away|flat))?(?:\s+(?:yesterday|today|last\s+\w+|on\s+\w+))?\W*$`)

// movedToRE finds a speaker saying they have moved somewhere: "i've moved
// to harrogate finally!!", "we just moved into a flat in Leith"; not "I
// moved the car to the back".
var movedToRE = regexp.MustCompile(`(?i)(?:\b(?:i|we|i've|we've|ive|weve|i have|we have)\s+|^\W*)(?:(?:just|finally|officially|actually|have)\s+)*moved\s+(?:(?:up|down|over|back|out|house|home)\s+)?(?:to|into)\b`)

// movingOnRE finds a move day said: "moving on saturday", "we move on
// the 1st", "I'm moving next week"; not "moving on from it".
var movingOnRE = regexp.MustCompile(`(?i)(?:\b(?:i'm|im|i am|we're|we are)\s+moving|^\W*moving|\bmove)\s+(?:on\s+(?:the\s+\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:this|next)\s+(?:week|weekend|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|tomorrow\b)`)

// moveWindow is how many turns back a move announced may be: the others
// may react in between ("i'm moving to norwich" / "FOR ARJUN?!" / "for
// arjun" / "leaving leeds end of march").
const moveWindow = 4

// moveAnnounced reports whether speaker said they are moving, earlier in
// the current turn (before, the text before the sentence being read) or
// in one of their turns of the window before it, and not as a plan
// ("if i'm moving", "i might be moving") or a question.
func (d *discourse) moveAnnounced(speaker, before string) bool {
	texts := []string{before}
	for i, n := len(d.order)-2, 0; i >= 0 && n < moveWindow; i, n = i-1, n+1 {
		if d.speakerOf[d.order[i]] == speaker {
			texts = append(texts, d.texts[d.order[i]])
		}
	}
	for _, t := range texts {
		if !containsFoldASCII(t, "mov") { // every pattern below needs it
			continue
		}
		for _, sent := range d.sentencesOf(t) {
			text := t[sent.Start:sent.End]
			if sent.Question || !moveAnnouncedRE.MatchString(text) && !movedDoneRE.MatchString(text) && !movedToRE.MatchString(text) &&
				!movingOnRE.MatchString(text) || visitText(text) {
				continue
			}
			if low := strings.ToLower(text); strings.Contains(low, "if ") || strings.Contains(low, "might") || strings.Contains(low, "maybe") {
				continue
			}
			return true
		}
	}
	return false
}

// echoesOthersMove reports whether the turn just before this one is
// another speaker's, who said in the window that they are moving, while
// this speaker said no such thing: a subjectless "leaving sheffield for
// scotland. traitor" then echoes the other's move ("moving up on the
// 2nd"), not the speaker's.
func (p *sentCtx) echoesOthersMove() bool {
	d := p.disc
	if d == nil || len(d.order) < 2 {
		return false
	}
	other := d.speakerOf[d.order[len(d.order)-2]]
	return other != p.speaker.Name && d.moveAnnounced(other, "") && !d.moveAnnounced(p.speaker.Name, p.text[:p.s.Start])
}

// containsFoldASCII reports whether s contains sub, an ASCII lower-case
// string, in any letter case, without lower-casing s.
func containsFoldASCII(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for ; j < len(sub); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != sub[j] {
				break
			}
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}
