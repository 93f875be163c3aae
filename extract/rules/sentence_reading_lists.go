package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
)

// The lists of sentence readings that process (sentence.go) runs after the
// clause patterns, one list per round of blind conversations that found
// them. The lists and their rows keep the order the rounds wrote them in,
// not a topic's: a reading may see what one before it emitted. Each
// reading is tried only when the sentence holds one of its words (need);
// the readings themselves live in the files of their topic (works_*.go,
// homes_*.go, orgs_*.go, leads_*.go, owns_places.go, groups_*.go,
// kin_partners_pets.go, study_and_likes.go and the others).

// sentenceReading is one reading and the words, one of which the sentence
// must hold for it to be tried (the common sentence skips them all).
type sentenceReading struct {
	need map[string]bool
	read func(*sentCtx)
}

// runReadings runs readings on a statement, each when the sentence holds
// one of its words; a question reads nothing.
func (p *sentCtx) runReadings(readings []sentenceReading) {
	if p.s.Question || p.askedLine() && tagEnd(p.s) {
		return
	}
	p.readAll(readings)
}

// blind8Sentence runs blind8Readings on a statement.
func (p *sentCtx) blind8Sentence() { p.runReadings(blind8Readings) }

// blind8Readings are the readings blind8Sentence runs, in order.
var blind8Readings = []sentenceReading{
	{lang.Words(`they`), (*sentCtx).theyAreInAfter},
	{lang.Words(`joined`), (*sentCtx).joinedGroup},
	{lang.Words(`called named`), (*sentCtx).groupCalled},
	{lang.Words(`you ur youre`), (*sentCtx).youAreMy},
	{lang.Words(`still`), (*sentCtx).stillInElided},
	{lang.Words(`leaving left`), (*sentCtx).leaving},
	{lang.Words(`my`), (*sentCtx).myGoTo},
	{lang.Words(`notice resignation`), (*sentCtx).handedInNotice},
	{lang.Words(`who that`), (*sentCtx).whoRunsIt},
	{lang.Words(`band we`), (*sentCtx).bandNamed},
	{lang.Words(`my`), (*sentCtx).isAlsoMy},
	{lang.Words(`yrs years year months`), (*sentCtx).yearsAt},
	{lang.Words(`moving`), (*sentCtx).movingThere},
	{lang.Words(`under`), (*sentCtx).underManager},
	{lang.Words(`office offices hq headquarters`), (*sentCtx).officeOf},
	{lang.Words(`does do`), (*sentCtx).doesAt},
	{lang.Words(`here`), (*sentCtx).movedHere},
	{lang.Words(`here`), (*sentCtx).basedHere},
	{lang.Words(`my`), (*sentCtx).kinFragment},
	{lang.Words(`in`), (*sentCtx).inTheBand},
	{lang.Words(`leaving quitting`), (*sentCtx).afterLeaving},
	{lang.Words(`staying`), (*sentCtx).stayingIn},
}

// blind9Sentence runs blind9Readings on a statement.
func (p *sentCtx) blind9Sentence() {
	if p.s.Question || p.askedLine() {
		return
	}
	p.readAll(blind9Readings) // runReadings's, but any line ending in "?" is a question here
}

// blind9Readings are the readings blind9Sentence runs, in order.
var blind9Readings = []sentenceReading{
	{lang.Words(`got`), (*sentCtx).gotAFlatIn},
	{acquiredHomeVerbs, (*sentCtx).foundAHomeIn},
	{lang.Words(`has`), (*sentCtx).hasPlaceOffice},
	{lang.Words(`lead run head`), (*sentCtx).movingOverToLead},
	{lang.Words(`coming`), (*sentCtx).comingFromOrg},
	{lang.Words(`off going`), (*sentCtx).offToNewJob},
	{lang.Words(`he she hes shes`), (*sentCtx).pronounAtOrg},
	{lang.Words(`said`), (*sentCtx).saidYes},
	{lang.Words(`engaged`), (*sentCtx).proposedEngaged},
	{lang.Words(`start begin`), (*sentCtx).fragmentStart},
	{lang.Words(`at`), (*sentCtx).occupationAt},
	{lang.Words(`at`), (*sentCtx).studyFragment}, // "nursing degree at ntu, starting september" (elided_study.go)
	{homeNouns, (*sentCtx).homeFragment},         // "Flat in Hinjewadi with two colleagues" (elided_roles.go)
	{lang.Words(`now`), (*sentCtx).yearsInPlace},
	{lang.Words(`be`), (*sentCtx).willBeMyBoss},
	{lang.Words(`name`), (*sentCtx).nameAfterRole},
	{lang.Words(`with`), (*sentCtx).withNowAfterAsked},
	{partNouns, (*sentCtx).bestBitOf},
	{lang.Words(`grew`), (*sentCtx).grewUpThere},
	{lang.Words(`staying`), (*sentCtx).stayingInElided},
	{lang.Words(`moving`), (*sentCtx).movingEcho},
	{bossWords, (*sentCtx).bestBossHad},
	{lang.Words(`their`), (*sentCtx).theirOfficeIn},
	{lang.Words(`sharing`), (*sentCtx).sharingWith},
}

// blind10Sentence runs blind10Readings on a statement.
func (p *sentCtx) blind10Sentence() { p.runReadings(blind10Readings) }

// blind10Readings are the readings blind10Sentence runs, in order.
var blind10Readings = []sentenceReading{
	{lang.Words(`transferring transferred relocating moving sending posting`), (*sentCtx).transfersMe},
	{lang.Words(`firm company employer`), (*sentCtx).myFirm},
	{lang.Words(`left`), (*sentCtx).hasLeft},
	{lang.Words(`live`), (*sentCtx).youLiveIn},
	{lang.Words(`together`), (*sentCtx).backTogether},
	{lang.Words(`date`), (*sentCtx).setADate},
	{lang.Words(`opened`), (*sentCtx).openedBranch},
	{lang.Words(`ward shift shifts rota unit`), (*sentCtx).myShiftAt},
	{lang.Words(`there`), (*sentCtx).officeThere},
	{lang.Words(`there`), (*sentCtx).thereNamed},
	{lang.Words(`you ur youre`), (*sentCtx).vocativeYouAreMy},
	{lang.Words(`name called`), (*sentCtx).seeingSomeoneNamed},
	{lang.Words(`in`), (*sentCtx).shopIsIn},
	{lang.Words(`dad daddy mum mom mam mummy mommy grandad granddad grandpa nan nana nanna gran granny grandma son ma pa mama papa ouma oupa dada dadi nani ammi abbu`), (*sentCtx).vocativeKin},
	{lang.Words(`run managed led headed owned founded started`), (*sentCtx).runByAfter},
}

// blind11Readings are the readings sentence.go runs on a statement, in order
// (runReadings skips a question).
var blind11Readings = []sentenceReading{
	{lang.Words(`on`), (*sentCtx).streetHome},
	{lang.Words(`my`), (*sentCtx).myLeadIsThisGuy},
	{lang.Words(`my`), (*sentCtx).isMyRoleCalled},
}

// blind13Sentence runs blind13Readings on a statement.
func (p *sentCtx) blind13Sentence() { p.runReadings(blind13Readings) }

// blind13Readings are the readings blind13Sentence runs, in order.
var blind13Readings = []sentenceReading{
	{lang.Words(`office offices hq headquarters branch store shop site depot showroom warehouse`), (*sentCtx).orgOfficeIn},
	{lang.Words(`took taken kept made pays paid`), (*sentCtx).orgTookMeOn},
	{lang.Words(`nights earlies lates interning internship`), (*sentCtx).shiftOrInternshipAt},
	{lang.Words(`manages`), (*sentCtx).managesThe},
	{lang.Words(`bred girl boy lad lass originally`), (*sentCtx).placeBornBred},
	{lang.Words(`bought acquired company subsidiary`), (*sentCtx).boughtBy},
	{lang.Words(`years yrs ages decades since`), (*sentCtx).yearsForOrg},
	{thisGuyRoles, (*sentCtx).myMentorIsThisGuy},
	{lang.Words(`been`), (*sentCtx).beenAtLong},
	{lang.Words(`leaving quitting`), (*sentCtx).leavingOrgFor},
	{lang.Words(`class`), (*sentCtx).yearClassAt},
	{lang.Words(`runs`), (*sentCtx).runsOurBranch},
	{firmNouns, (*sentCtx).theyreAPlaceFirm},
	{houseNouns, (*sentCtx).stillInTheHouse},
}

// blind14Sentence runs blind14Readings on a statement.
func (p *sentCtx) blind14Sentence() { p.runReadings(blind14Readings) }

// blind14Readings are the readings blind14Sentence runs, in order.
var blind14Readings = []sentenceReading{
	{lang.Words(`signed sings`), (*sentCtx).signedFor},
	{lang.Words(`signed`), (*sentCtx).ownSignedFor}, // "signed for meanwood albion in the end" (groups_joined.go)
	{lang.Words(`become`), (*sentCtx).becameLeader},
	{lang.Words(`there`), (*sentCtx).jobThere},
	{lang.Words(`charge`), (*sentCtx).inChargeNow},
	{lang.Words(`auditioned`), (*sentCtx).auditionedTaken},
	{lang.Words(`ours`), (*sentCtx).petIsOurs},
	{lang.Words(`my`), (*sentCtx).myTieAtOrg},
	{leadRoles, (*sentCtx).apposLeader},
	{lang.Words(`stepping stepped`), (*sentCtx).steppingDown},
	{lang.Words(`at`), (*sentCtx).atTheNamedIn},
	{acquireVerbs, (*sentCtx).petAcquired},
	{lang.Words(`sang played rowed swam drummed danced`), (*sentCtx).pastSpell},
}

// blind15Sentence runs h14-blind15's lists on a statement, then
// newRoleThenName after "new".
func (p *sentCtx) blind15Sentence() {
	p.runReadings(blind15Readings)
	p.runReadings(blind15Ties)
	p.runReadings(blind15Asked)
	p.runReadings(blind15Groups)
	p.runReadings(blind15More)
	if !p.s.Question && (p.hasAnyWord(newWord) || p.s.Start > 0 && strings.Contains(strings.ToLower(p.text[:p.s.Start]), "new ")) {
		p.newRoleThenName() // "also new neighbour!! Mrs Adebayo from 2B"
	}
}

// blind15Readings are the readings blind15Sentence runs, in order.
var blind15Readings = []sentenceReading{
	{lang.Words(`their the its head`), (*sentCtx).theirSiteIsIn},
	{lang.Words(`runs run`), (*sentCtx).runsThePlace},
	{compassWords, (*sentCtx).sideOfCity},
	{sideWords, (*sentCtx).partOfCity},
	{confirmWords, (*sentCtx).cityConfirmed}, // "Borgerhout is that still antwerp" / "yes, …" (places_side.go)
}

// newWord triggers newRoleThenName in its own sentence: "new flatmate:
// Ferdie".
var newWord = lang.Words(`new`)

// blind15More are readings run by blind15Sentence after its other lists: a
// home told with its length first ("twenty years I live in Podgórze") and
// a start named after its organisation ("yep, Quay Street Museum, he
// starts in april").
var blind15More = []sentenceReading{
	{lang.Words(`years yrs decades`), (*sentCtx).yearsFirstHome},
	{lang.Words(`years yrs decades`), (*sentCtx).yearsInPlaceSaid},
	{lang.Words(`starts`), (*sentCtx).orgThenStarts},
}

// blind16Sentence runs blind16Readings on a statement
// (runReadings skips a question).
func (p *sentCtx) blind16Sentence() { p.runReadings(blind16Readings) }

// blind16Readings are the readings blind16Sentence runs, in order.
var blind16Readings = []sentenceReading{
	{gigVerbs, (*sentCtx).gigForOrg},
	{partVerbs, (*sentCtx).partWithGroup},
	{lang.Words(`home`), (*sentCtx).placeIsHomeNow},
	{loveVerbs, (*sentCtx).loveTheClasses},
}

// blind17Readings are the readings sentence.go runs on a statement, in order
// (runReadings skips a question).
var blind17Readings = []sentenceReading{
	{lang.Words(`my`), (*sentCtx).myMateAtOrg},
	{lang.Words(`from`), (*sentCtx).personFromOrg},
	{lang.Words(`they theyre`), (*sentCtx).theyAreOutIn},
	{yearWords, (*sentCtx).yearAtSchool},
	{branchTriggers, (*sentCtx).branchRunBy},
	{lang.Words(`there`), (*sentCtx).theJobThere},
	{lang.Words(`their`), (*sentCtx).theirPerson},
	{shiftNouns, (*sentCtx).shiftAt},
	{lang.Words(`their`), (*sentCtx).theirPlaceBranch},
	{lang.Words(`there`), (*sentCtx).orgIsThere},
	{foundVerbs17, (*sentCtx).foundedIt},
	{lang.Words(`co-founder cofounder`), (*sentCtx).coFounderIs},
}

// blind18Readings are the readings sentence.go runs on a statement, in
// order (runReadings skips a question).
var blind18Readings = []sentenceReading{
	{takePostVerbs, (*sentCtx).tookPostAt},
	{whoWord, (*sentCtx).whoVerbsFor},
	{teamLeadVerbs, (*sentCtx).leadsTheTeam},
	{joinedWord, (*sentCtx).joinedSideAt},
	{turnWords, (*sentCtx).turnOutFor},
	{yearsWord, (*sentCtx).wasAtForYears},
	{doorWord, (*sentCtx).nameNextDoor},
	{daysWord, (*sentCtx).daysAtOrg},
	{loveWord, (*sentCtx).loveA},
	{didWord, (*sentCtx).didDegreeAt},
	{bornWord, (*sentCtx).youWereBornIn},
	{bornWord, (*sentCtx).placeBornAndRaised},
	{ontoWord, (*sentCtx).gotOntoCourse},
	{usWord, (*sentCtx).usPlaceFolk},
	{mentoringWord, (*sentCtx).isMentoring},
	{theyWord, (*sentCtx).theyreTheOnesAt},
	{calledWords, (*sentCtx).petInApposition},
}

// The words one of which a sentence must hold for a reading above to be
// tried.
var (
	whoWord, joinedWord, turnWords = lang.Words(`who`), lang.Words(`joined`), lang.Words(`turn turns turned`)
	yearsWord, doorWord, daysWord  = lang.Words(`years`), lang.Words(`door`), lang.Words(`days`)
	loveWord, didWord, bornWord    = lang.Words(`love`), lang.Words(`did`), lang.Words(`born`)
	ontoWord, usWord, theyWord     = lang.Words(`onto`), lang.Words(`us`), lang.Words(`they`)
	mentoringWord, calledWords     = lang.Words(`mentoring`), lang.Words(`called named`)
)

// blind23bReadings are the readings sentence.go runs on a statement, in
// order (runReadings skips a question).
var blind23bReadings = []sentenceReading{
	{lang.Words(`sold`), (*sentCtx).soldTheBusiness},
	{lang.Words(`bought selling`), (*sentCtx).boughtOrSellingBusiness},
	{lang.Words(`them us`), (*sentCtx).partForThem},
	{lang.Words(`owner`), (*sentCtx).ownerIs},
	{lang.Words(`offered`), (*sentCtx).orgOfferedMe},
	{lang.Words(`my`), (*sentCtx).nameThenMyTie},
}

// blind24Readings are the readings sentence.go runs on a statement, in
// order (runReadings skips a question).
var blind24Readings = []sentenceReading{
	{lang.Words(`made`), (*sentCtx).groupMadeMe},
	{lang.Words(`last`), (*sentCtx).lastDayAt},
	{lang.Words(`on`), (*sentCtx).orgOnStreet},
	{lang.Words(`,`), (*sentCtx).orgCommaStreet}, // "Kapoor Cycles, Mortimer St in Herne Bay." (orgs_street.go)
	{lang.Words(`agreed`), (*sentCtx).agreedToRun},
}

// proFormReadings are the readings of work said with "there" for the
// organisation just named (proform_work.go), in order (runReadings skips
// a question).
var proFormReadings = []sentenceReading{
	{lang.Words(`there`), (*sentCtx).workThere},
}

// blind28Readings are the readings h14-blind28 added: a couple's "a
// thing", keys to a new home, a tie told in the perfect, a school that
// accepted the speaker, "Jen is a mate", a place added as a sentence of
// its own after an organisation.
var blind28Readings = []sentenceReading{
	{lang.Words(`thing item official together`), (*sentCtx).coupleItem},
	{lang.Words(`keys`), (*sentCtx).gotTheKeysIn},
	{lang.Words(`been`), (*sentCtx).hasBeenMy},
	{lang.Words(`accepted offered`), (*sentCtx).schoolAcceptedMe},
	{lang.Words(`mate friend pal`), (*sentCtx).isAMate},
	{lang.Words(`in`), (*sentCtx).inPlaceFragment},
}

// fp29Readings are the readings h14-fp29 added: the one spoken to
// reporting to the speaker (reports_to_me.go).
var fp29Readings = []sentenceReading{
	{lang.Words(`report`), (*sentCtx).youReportToMe},
}

// biz30Readings are h14-biz30's readings of business talk, in order
// (runReadings skips a question).
var biz30Readings = []sentenceReading{
	{sayVerbs, (*sentCtx).personAtOrgSays},
	{lang.Words(`run running`), (*sentCtx).runSince}, // "Jaz and Keziah have run Friday Fuel since Easter" (leads_run_since.go)
	{lang.Words(`had`), (*sentCtx).hadShopFor},       // "I've had Saltmarsh Books on Harbour St for nine years" (owns_had.go)
	{lang.Words(`me`), (*sentCtx).soloBusinessNamed}, // "Going solo from April. Ledgerlight Bookkeeping, just me" (founded_solo.go)
	{ownSites, (*sentCtx).ownSiteIn},                 // "i set up twine & tallow …" / "studio's in faversham" (orgs_own_site.go)
	{lang.Words(`on`), (*sentCtx).lowerOrgOnStreet},  // "craig. the pearl deli on oxford st." (orgs_street.go)
	{memberKinds, (*sentCtx).oneOfKindIn},            // "Bethany Road is one of nine chapels in the Derwent and Dove Circuit" (orgs_one_of.go)
	{yearLengths, (*sentCtx).yearsAsPostAt},          // "In four years as Minister at Bethany Road I have …" (works_years_as.go)
	{shopVerbs, (*sentCtx).lowerShopOnStreet},        // "he owns karimi's on palace st in canterbury" (orgs_street.go)
	{lang.Words(`ex`), (*sentCtx).exEmployer},        // "kasia starts monday. ex halfords" (works_ex.go)
	{weMakeVerbs, (*sentCtx).weMakeProducts},         // "i set up twine & tallow …, we make hand poured soy candles" (orgs_own_site.go)
}

// roles33Readings are h14-roles33's readings, in order (runReadings skips
// a question): a post held in a named group (roles_of_group.go), teaching
// by subject at a named organisation (works_teaching.go).
var roles33Readings = []sentenceReading{
	{postWords, (*sentCtx).postOfGroup},    // "i'm head coach of the Mile End Mosquitoes now"
	{teachVerbWords, (*sentCtx).teachesAt}, // "teaching phys ed at collège beaubien" (works_teaching.go)
}
