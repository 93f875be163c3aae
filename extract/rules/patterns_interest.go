package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// likes reads "I love/like/enjoy/adore X", "I hate X", "I don't like X",
// "I can't stand X".
func (p *sentCtx) likes(cl clause) {
	v := p.s.Norm(cl.verb)
	third, liking := likeVerbs[v]
	if !liking {
		third = dislikeVerbs[v]
	}
	if third == "" && !(v == "stand" && cl.neg && cl.modal) {
		return
	}
	if cl.hedged || cl.usedTo || cl.be || cl.was || cl.have || cl.had || cl.been {
		return
	}
	if cl.modal && willAlways(p.s, cl) {
		cl.modal = false // "I will always love sailing"
	}
	me := p.self()
	ins := p.interests(cl.verb+1, cl.end)
	if liking && !cl.neg && !cl.modal && len(ins) > 0 && p.s.Is(0, "besides") {
		// "Besides writing, I also enjoy reading": writing is liked too.
		if before, ok := p.interest(1, cl.subj); ok && p.s.Norm(before.end) == "," {
			ins = append(ins, before)
		}
	}
	for _, in := range ins {
		switch {
		case liking && !cl.neg && !cl.modal:
			conf := confStrong
			if v == "like" {
				conf = confWeak
			}
			p.liking(me, in, " "+third+" ", conf)
		case liking && cl.neg && !cl.modal:
			p.disliking(me, in, " doesn't "+v+" ")
		case !liking && !cl.neg && !cl.modal:
			p.disliking(me, in, " "+third+" ")
		case v == "stand":
			p.disliking(me, in, " can't stand ")
		}
	}
}

// liking records LIKES and the interest in the profile.
func (p *sentCtx) liking(me ontology.EntityRef, in interest, phrase string, conf float64) {
	p.relation(rel{typ: ontology.RelLikes, from: me, to: ontology.EntityRef{Name: in.value, Type: in.typ}, conf: conf, validFrom: p.ts})
	p.profile(me, "interests", in.sub, in.value, conf, p.ts)
	p.fact(me, stmt(me.Name+phrase+in.value), conf, p.ts, nil)
}

// disliking records a dislike in the profile.
func (p *sentCtx) disliking(me ontology.EntityRef, in interest, phrase string) {
	p.profile(me, "personality", "dislikes", in.value, confWeak, p.ts)
	p.fact(me, stmt(me.Name+phrase+in.value), confWeak, p.ts, nil)
}

// start reads "I started painting", "I took up pottery", "I started
// learning Spanish", "I started working at X", "I started a new job at X".
func (p *sentCtx) start(cl clause, v string) {
	if !cl.plain() || cl.be || cl.was {
		return
	}
	s := p.s
	k := cl.verb + 1
	if _, day := lang.Weekdays[s.Norm(k)]; (day || s.Is(k, "today", "yesterday")) && s.Norm(k+1) == "at" {
		k++ // "Started Monday at the Atlantic Kelp Trust"
	}
	phrase := " started "
	switch v {
	case "took", "picked":
		if s.Norm(k) != "up" {
			return
		}
		k++
		phrase = " " + v + " up "
	case "began":
		phrase = " began "
	case "start":
		if !cl.have {
			return
		}
	}
	if p.startedOther(cl, v, k, phrase) {
		return
	}
	in, ok := p.interest(k, cl.end)
	if !ok || in.typ != ontology.EntityActivity && v != "took" && v != "picked" || !plainActivity(in.value) {
		return
	}
	if in.typ != ontology.EntityActivity && in.sub == "favourites" {
		in.sub = "hobbies"
	}
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	p.profile(me, "interests", in.sub, in.value, confStrong, vf)
	p.fact(me, stmt(me.Name+phrase+in.value, p.when(cl.subj, cl.end)), confStrong, vf, nil)
}

// startedOther reads what else one starts at k: a job ("started working
// at X", "started a new job at X") or learning ("started learning X"). It
// reports whether the words at k were such a start.
func (p *sentCtx) startedOther(cl clause, v string, k int, phrase string) bool {
	switch p.s.Norm(k) {
	case "there":
		// "I started there in August", after the organisation was named
		if employer, ok := p.there(); ok && v == "started" && p.phraseEnds(k+1, cl.end) {
			p.employment(cl, &employer, "", true, " started")
		}
	case "at":
		// "just started at Monzo": a job begun; the name must read as an
		// organisation ("started at 9", "started at the bottom" are not).
		if v != "started" && v != "began" {
			return false
		}
		// a time may close the phrase: "started at Greggs monday"
		named := p.s.Tok(k+1).Cap || p.s.Norm(k+1) == "the" && p.s.Tok(k+2).Cap // "started at the Atlantic Kelp Trust"
		if employer, end, ok := p.org(k + 1); ok && named && (p.phraseEnds(end, cl.end) || p.timeAt(end) != nil || p.bareWeekday(end, cl.end)) {
			if schoolHead(employer.Name) && p.studyAfter(end) {
				// "started at lincoln college monday, doing sport science": a student
				p.relation(rel{typ: ontology.RelAttended, from: p.self(), to: employer, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
				return true
			}
			p.employment(cl, &employer, "", true, " started")
		}
	case "working":
		if employer, title, _ := p.employerAndTitle(k+1, cl.end); employer != nil && v != "took" && v != "picked" {
			p.employment(cl, employer, title, true, " started working")
		}
	case "learning":
		if obj, _, ok := p.learnObject(k+1, cl.end); ok {
			p.skill(cl, obj, phrase+"learning ")
		}
	case "a", "my":
		if employer, ok := p.jobAt(k, cl.end); ok {
			p.employment(cl, &employer, "", true, " started a new job")
		}
	default:
		return false
	}
	return true
}

// schoolHead reports whether name ends on a school's word ("Lincoln
// College").
func schoolHead(name string) bool {
	f := strings.Fields(strings.ToLower(name))
	return len(f) >= 2 && schoolHeads[f[len(f)-1]]
}

// studyAfter reports whether a course follows token k in the sentence,
// past a day or a time and a comma: "…, doing sport science", "studying
// nursing".
func (p *sentCtx) studyAfter(k int) bool {
	s := p.s
	for n := 0; n < 4 && k < len(s.Toks); n++ {
		if _, day := lang.Weekdays[s.Norm(k)]; day || s.Is(k, ",", "now", "this", "next", "week", "year", "september", "sept") {
			k++
			continue
		}
		break
	}
	return s.Is(k, "doing", "studying") && s.Tok(k+1).Word && !s.Is(k+1, "a", "an", "the", "shifts", "nights", "days", "well", "ok", "okay", "fine", "great", "good")
}

// bareWeekday reports whether a weekday alone, as chats write it without
// "on", stands at k and ends the phrase: "started at Greggs monday".
func (p *sentCtx) bareWeekday(k, end int) bool {
	_, day := lang.Weekdays[p.s.Norm(k)]
	return day && p.phraseEnds(k+1, end)
}

// learning reads "I'm learning Spanish", "I've been learning to knit".
func (p *sentCtx) learning(cl clause) {
	if !cl.plain() || !(cl.be || cl.been) {
		return
	}
	if obj, _, ok := p.learnObject(cl.verb+1, cl.end); ok {
		phrase := " is learning "
		if cl.been {
			phrase = " has been learning "
		}
		p.skill(cl, obj, phrase)
	}
}

// learnObject reads what is learnt: "Spanish", "the guitar", "to knit",
// "how to code".
func (p *sentCtx) learnObject(k, end int) (string, int, bool) {
	s := p.s
	if s.Seq(k, "how", "to") {
		k++
	}
	if s.Norm(k) == "to" {
		verb := s.Norm(k + 1)
		if !s.Tok(k+1).Word || pronounish[verb] || functionWords[verb] {
			return "", 0, false
		}
		if rest, next, ok := p.phrase(k+2, end, 3); ok {
			return "to " + s.Toks[k+1].Text + " " + rest, next, true
		}
		if p.phraseEnds(k+2, end) {
			return "to " + s.Toks[k+1].Text, k + 2, true
		}
		return "", 0, false
	}
	if s.Is(k, "a", "an", "the") {
		k++
	}
	if k >= len(s.Toks) || !s.Toks[k].Word || quantifiers[s.Norm(k)] || adverbs[s.Norm(k)] {
		return "", 0, false
	}
	return p.phrase(k, end, 4)
}

// skill records something the speaker learns.
func (p *sentCtx) skill(cl clause, obj, phrase string) {
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	p.profile(me, "interests", "skills", strings.TrimPrefix(obj, "to "), confStrong, vf)
	p.fact(me, stmt(me.Name+phrase+obj), confStrong, vf, nil)
}
