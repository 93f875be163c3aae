package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestLowercaseOrgsRecase: organisations and venues typed in lower case are read
// from the cues the capitalised readings use (an apposition saying what
// they are, an owner's or a firm's word before "x & y", a leader's "of", a
// job's slot with a name ending on an organisation's noun or bounded by
// "in <town>", a firm's office); the common words, chat spellings and
// typos that stand in the same slots stay words. Names here are of no
// list, no pool and no dev chat.
func TestLowercaseOrgsRecase(t *testing.T) {
	const cases = `we're sponsored by brennock, the bike company in leeds | Brennock Leeds
		lol no. tullivar, the climate startup | Tullivar
		no that was quarnby, the one in dwelmoor. way too pricey | Quarnby Dwelmoor
		she manages the copper & kettle in leeds | Copper Kettle Leeds
		and my firm fenstrop & varrow has an office there | Fenstrop Varrow
		sols firm olbury & keswin has a bristol office | Olbury Keswin Bristol
		started at brennock medical practice on monday | Brennock Medical Practice
		i'm still president of the fenstroping soc till march | Fenstroping Soc
		also i joined the tullivar hop society this term | Tullivar Hop Society
		quarnby are transferring me to their manchester office in march | Quarnby Manchester
		he's been transferred to varrow bank's edinburgh office | Varrow Bank Edinburgh
		got offered head baker at copper spoon in york and i said yes | Copper Spoon York
		concert is at the old fenstrop in dwelmoor | Old Fenstrop Dwelmoor
		honestly, the bike shop is fine |
		lol no, the one in the middle |
		wrk, the company i mean |
		yeah, the gym near uni |
		she runs the sales & marketing team |
		we had fish & chips at the pub |
		he owns the salt & pepper shakers |
		my firm does tax & audit |
		he runs the show |
		that's the one in the middle |
		i joined the running club |
		she's president of the club now |
		captain of the football team |
		head of steam |
		he works at the home office |
		mum is sending me to the shop |
		brennock is transferring me £20 |
		i work at night in york | York
		she works at weekends in leeds | Leeds
		i'm a nurse at home in york | York
		head chef at least in york | York
		a waiter at first in leeds | Leeds
		it's at the boathouse in mumbles |
		we met at the pub in leeds | Leeds
		he runs the bar & grill in town |
		she works at the big tesco in leeds | Leeds
		i went to the post office |
		queued at the box office for ages |
		he works at the home office |
		mgmt are moving me to the other office |
		my aunt owns copper lantern btw, the record shop on the corner | Copper Lantern
		he runs velvet spoon, the cafe by the station | Velvet Spoon
		he runs marathons, the big ones |
		she owns it, the cafe on the corner |
		he owns two cats, the black one is mad |
		velmora offered me the job and i said yes | Velmora
		velmora have offered me a contract | Velmora
		velmora offered me a lift home |
		velmora offered me a drink |`
	checkRecased(t, cases)
}

// TestLowercaseOrgsRelations: the names lower5 reads reach the relations the
// patterns read of typed names ("text | TYPE | from | to"); their negative
// twins ("text |") draw none of a job, a lead, a membership or a site.
func TestLowercaseOrgsRelations(t *testing.T) {
	const cases = `we're sponsored by brennock, the bike company in leeds | LOCATED_IN | Brennock | Leeds
		my cousin tam manages the copper & kettle in leeds | LEADS | Tam | Copper & Kettle
		my cousin tam manages the copper & kettle in leeds | LOCATED_IN | Copper & Kettle | Leeds
		and my firm fenstrop & varrow has an office there | WORKS_AT | Caroline | Fenstrop & Varrow
		started at brennock medical practice on monday | WORKS_AT | Caroline | Brennock Medical Practice
		i'm still president of the fenstroping soc till march | LEADS | Caroline | Fenstroping Soc
		quarnby are transferring me to their manchester office in march | WORKS_AT | Caroline | Quarnby
		quarnby are transferring me to their manchester office in march | LOCATED_IN | Quarnby | Manchester
		he's been transferred to varrow bank's edinburgh office | LOCATED_IN | Varrow Bank | Edinburgh
		got offered head baker at copper spoon in york and i said yes | WORKS_AT | Caroline | Copper Spoon
		my cousin tam owns copper lantern btw, the record shop on the corner | OWNS | Tam | Copper Lantern
		velmora offered me the job and i said yes | WORKS_AT | Caroline | Velmora
		velmora offered me a lift home and i said yes |
		she runs errands, the shop's always short |
		he runs marathons, the big ones |
		she runs the sales & marketing team |
		he runs the show |
		head of steam, me |
		i work at night in york |
		i'm a nurse at home in york |
		it's at the boathouse in mumbles |`
	checkSentenceRelations(t, cases, nil, ontology.RelWorksAt, ontology.RelLeads, ontology.RelMemberOf, ontology.RelLocatedIn)
}

// TestLowercaseOrgsMoreRecase: a club or a choir named after a town, a board's or
// a volunteer's organisation named after a town, an employer after a
// colleague's or an applicant's word; their twins stay words.
func TestLowercaseOrgsMoreRecase(t *testing.T) {
	const cases = `auditioned for the york harbour chorus over zoom | York Harbour Chorus
		he joined the bowls club at last, ilkley bowling club, he's ever so keen | Ilkley Bowling Club
		ok my news: i'm on the board of leeds food support now | Leeds Food Support
		she volunteers at york canal trust on sundays | York Canal Trust
		our rep at brennock!! you've met him | Brennock
		got through to the final round at tullivar | Tullivar
		he also organises quarnbyjs | Quarnbyjs
		i joined a london book club |
		the leeds team is great |
		i'm on the board of leeds |
		our rep at the office |
		the final round at wrk |
		my boss at work is fine |
		he organises quizzes |
		she organises everything |
		my mentor at uni |`
	checkRecased(t, cases)
}
