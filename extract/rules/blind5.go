package rules

// The patterns h14-blind5 added (issue 14) are called from these two
// hooks, so the shared readers gain one line each.

// blind5Clause reads a clause (first-person, implicit or third-person)
// with the patterns of roots.go, patterns_couple.go and the others.
func (p *sentCtx) blind5Clause(cl clause) {
	if cl.hedged || p.s.Question {
		return
	}
	p.grewUpNear(cl)
	p.placeNative(cl)
	p.seeing(cl)
}

// blind5Sentence reads a whole sentence, after its clauses.
func (p *sentCtx) blind5Sentence() {
	p.chainedClauses()
	p.childhoodIn()
	p.raisedToo()
	p.shareHome()
	p.tutoredMe()
	p.becomingFriends()
	p.cantStop()
	p.swapped()
	p.orgApposition()
	p.ourYoungest()
	p.togetherAt()
}
