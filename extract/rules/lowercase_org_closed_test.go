package rules

import "testing"

// TestLowercaseOrgClosedRecase: an organisation typed in lower case whose
// own noun closes the phrase is read wherever it stands (after a comma, as
// a subject, after "for" or "by", after "our supplier"), opened by a word
// of its own or by a place before a school's or a club's noun; common noun
// phrases, possessives, pastimes, questions and a name that may open on
// the listed word before stay words. Names here are of no list, no pool
// and no dev chat.
func TestLowercaseOrgClosedRecase(t *testing.T) {
	const cases = `she works at the surgery on mill road, quennick vets, if u need one | Mill Road Quennick Vets
		oh and dorrisford motors have sponsored the kit | Dorrisford Motors
		been fitting kitchens for brellway joinery for six years | Brellway Joinery
		he got taken on by tavistree homes as a joiner | Tavistree Homes
		our supplier ombrelli mills is there now | Ombrelli Mills
		my shop yewcastle fabrics is on instagram now | Yewcastle Fabrics
		she teaches year 2 at st ormund's primary. loves it | St Ormund Primary
		he is at norwich uni now, second year | Norwich Uni
		i sit on the board of felbridge housing co-op now | Felbridge Housing Co-op
		registered it today!! quillmere cleaning is a real company | Quillmere Cleaning
		brackmoor haulage have sent the lorry | Brackmoor Haulage
		i work at the labs
		the vets said she's fine
		my local vets is shut
		off to uni tomorrow
		on the road again lol
		i left my bike at tom's garage | Tom
		my mum's garden centre is lovely
		we had central heating put in
		the care homes are full
		i joined the bouldering club
		a leeds bakery does the best bread
		we saw a york band last night
		is he at norwich uni now?
		the norwich uni campus is huge
		our brellway joinery van broke down
		loved the atlantic brellway trust, honestly |
		the old quennick vets closed down |`
	checkRecased(t, cases)
}

// TestLowercaseOrgClosedRelations: the recased names are read by the
// patterns as typed ones; hedged, asked and others' sentences with the
// same names draw no job.
func TestLowercaseOrgClosedRelations(t *testing.T) {
	checkSentenceRelations(t, `i've been fitting boilers for brellway heating for 11 years | WORKS_AT | Brellway Heating
		also my shop yewcastle fabrics is now on instagram | OWNS | Yewcastle Fabrics
		i teach year 2 at st ormund's primary. love it | WORKS_AT | St Ormund's Primary`, nil)
	checkSentenceRelations(t, `i might apply to quennick vets
		is she still at quennick vets?
		thinking of applying to dorrisford motors tbh
		my brother works for brellway heating, not me`, nil, "WORKS_AT")
}
