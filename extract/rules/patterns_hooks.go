package rules

// The patterns h14-blind5 added (issue 14) are called from these two
// hooks, so the shared readers gain one line each.

// blind5Clause reads a clause (first-person, implicit or third-person)
// with the patterns of roots.go, patterns_couple.go and the others.
func (p *sentCtx) blind5Clause(cl clause) {
	if cl.hedged || p.s.Question {
		return
	}
	p.blind5Homes(cl)
	if cl.we {
		// "we" is the speaker for these ("we grew up near Cork", "we're
		// neighbours with Dana", "we come from Leeds"), not for the others
		p.grewUpNear(cl)
		p.tieWith(cl)
		p.comesFrom(cl)
		return
	}
	p.grewUpNear(cl)
	p.placeNative(cl)
	p.seeing(cl)
	p.tieWith(cl)
	p.inMyClass(cl)
	p.livesNextDoor(cl)
	p.comesFrom(cl)
	p.managesMe(cl)
	p.bornAndBred(cl)
	p.tieOfMineClause(cl)
	p.workUnder(cl)
	p.pastTie(cl)
	p.datedOnce(cl)
}

// blind5Sentence reads a whole sentence, after its clauses.
func (p *sentCtx) blind5Sentence() {
	p.chainedClauses()
	if p.s.Is(0, "in") && !p.s.Question { // frontedPlace reads nothing else: parse the clauses only then
		for _, cl := range clauses(p.s) {
			p.frontedPlace(cl) // "In Kyiv I was living with my parents": the place before reads as a relative clause's
		}
	}
	p.childhoodIn()
	p.raisedToo()
	p.shareHome()
	p.tutoredMe()
	p.becomingFriends()
	p.cantStop()
	p.swapped()
	p.orgApposition()
	p.ourYoungest()
	p.theGrandkids() // "the grandkids, Ruby and Alfie" (kin_had.go)
	p.togetherAt()
	p.pairWorkTogether()
	p.originally()
	p.commaIn()
	p.placeInPlace()
	p.proposedAccepted()
	p.forGood()
	p.howKnowAnswer()
	p.favouriteAnswer()
}
