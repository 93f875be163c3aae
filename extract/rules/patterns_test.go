package rules

import (
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

const (
	person  = ontology.EntityPerson
	place   = ontology.EntityPlace
	org     = ontology.EntityOrganization
	concept = ontology.EntityConcept
	work    = ontology.EntityWork
	act     = ontology.EntityActivity
)

// TestRelationPatterns checks each relation pattern: the relation (type,
// ends, role), the profile fact it implies and the statement.
func TestRelationPatterns(t *testing.T) {
	cases := []struct {
		name, speaker, text string
		typ                 ontology.RelationType
		from, to            ontology.EntityRef
		role                string
		topic, sub, value   string // profile fact expected, if topic != ""
		fact                string // statement expected, if not ""
		conf                float64
	}{
		{"moved to from", "Sam", "I moved to Boston from Sweden 4 years ago.", ontology.RelMovedTo,
			eref("Sam", person), eref("Boston", place), "", "basic_info", "location", "Boston",
			"Sam moved to Boston from Sweden in 2019.", 0.9},
		{"moved to from: the from end", "Sam", "I moved to Boston from Sweden 4 years ago.", ontology.RelMovedFrom,
			eref("Sam", person), eref("Sweden", place), "", "", "", "", "", 0.9},
		{"moved from to", "Sam", "I moved from Sweden to Boston last year.", ontology.RelMovedTo,
			eref("Sam", person), eref("Boston", place), "", "basic_info", "location", "Boston",
			"Sam moved to Boston from Sweden in 2022.", 0.9},
		{"moved here from", "Sam", "I moved here from Sweden.", ontology.RelMovedFrom,
			eref("Sam", person), eref("Sweden", place), "", "", "", "", "Sam moved from Sweden.", 0.9},
		{"moved to unknown place", "Sam", "We loved it, so I moved to Woodhaven.", ontology.RelMovedTo,
			eref("Sam", person), eref("Woodhaven", place), "", "basic_info", "location", "Woodhaven", "Sam moved to Woodhaven.", 0.7},
		{"live in", "Sam", "I live in Seattle.", ontology.RelLivesIn,
			eref("Sam", person), eref("Seattle", place), "", "basic_info", "location", "Seattle", "Sam lives in Seattle.", 0.9},
		{"living in", "Sam", "I'm currently living in Paris, it's lovely.", ontology.RelLivesIn,
			eref("Sam", person), eref("Paris", place), "", "basic_info", "location", "Paris", "Sam lives in Paris.", 0.9},
		{"work at as", "Sam", "I work at Google as a software engineer.", ontology.RelWorksAt,
			eref("Sam", person), eref("Google", org), "software engineer", "work", "employer", "Google",
			"Sam works at Google as a software engineer.", 0.9},
		{"work for", "Sam", "I work for Acme Corp.", ontology.RelWorksAt,
			eref("Sam", person), eref("Acme Corp", org), "", "work", "employer", "Acme Corp", "Sam works at Acme Corp.", 0.9},
		{"work as at: the title", "Sam", "I work as a nurse at Mercy Hospital.", ontology.RelWorksAt,
			eref("Sam", person), eref("Mercy Hospital", org), "nurse", "work", "title", "nurse",
			"Sam works at Mercy Hospital as a nurse.", 0.9},
		{"I'm a Y at X", "Sam", "I'm a nurse at General Hospital.", ontology.RelWorksAt,
			eref("Sam", person), eref("General Hospital", org), "nurse", "work", "title", "nurse",
			"Sam works at General Hospital as a nurse.", 0.9},
		{"started working at", "Sam", "I just started working at Stripe last month!", ontology.RelWorksAt,
			eref("Sam", person), eref("Stripe", org), "", "work", "employer", "Stripe",
			"Sam started working at Stripe in April 2023.", 0.9},
		{"teach at", "Sam", "I teach at Lincoln Elementary School.", ontology.RelWorksAt,
			eref("Sam", person), eref("Lincoln Elementary School", org), "teacher", "work", "employer", "Lincoln Elementary School",
			"Sam works at Lincoln Elementary School as a teacher.", 0.9},
		{"got a job at", "Sam", "I got a new job at Spotify.", ontology.RelWorksAt,
			eref("Sam", person), eref("Spotify", org), "", "work", "employer", "Spotify", "", 0.9},
		{"my sister X", "Sam", "My sister Dana lives in Ohio.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Dana", person), "sister", "relationships", "family", "sister: Dana",
			"Dana is Sam's sister.", 0.9},
		{"X is my sister", "Sam", "Dana is my sister.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Dana", person), "sister", "relationships", "family", "sister: Dana",
			"Dana is Sam's sister.", 0.9},
		{"my older brother, X,", "Sam", "My older brother, Tom, is a pilot.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Tom", person), "brother", "relationships", "family", "brother: Tom",
			"Tom is Sam's brother.", 0.9},
		{"my mom's name is X", "Sam", "My mom's name is Linda.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Linda", person), "mom", "relationships", "family", "mom: Linda", "Linda is Sam's mom.", 0.9},
		{"my cousin X", "Sam", "I visited my cousin Priya in Delhi.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Priya", person), "cousin", "relationships", "family", "cousin: Priya", "", 0.9},
		{"my son X", "Sam", "My son Leo loves trains.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Leo", person), "son", "relationships", "children", "son: Leo", "Leo is Sam's son.", 0.9},
		{"my kids X and Y", "Sam", "My kids, Tim and Ana, love the zoo.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Ana", person), "child", "relationships", "children", "child: Ana", "Ana is Sam's child.", 0.9},
		{"X and Y are my kids", "Sam", "Tim and Ana are my kids.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Tim", person), "child", "relationships", "children", "child: Tim", "Tim is Sam's child.", 0.9},
		{"my wife X", "Sam", "My wife Anna is a doctor.", ontology.RelPartnerOf,
			eref("Sam", person), eref("Anna", person), "wife", "relationships", "partner", "Anna", "Anna is Sam's wife.", 0.9},
		{"X is my girlfriend", "Sam", "Maya is my girlfriend.", ontology.RelPartnerOf,
			eref("Sam", person), eref("Maya", person), "girlfriend", "relationships", "partner", "Maya", "Maya is Sam's girlfriend.", 0.9},
		{"married to", "Sam", "I'm married to Chris.", ontology.RelPartnerOf,
			eref("Sam", person), eref("Chris", person), "spouse", "demographics", "marital_status", "married",
			"Sam is married to Chris.", 0.9},
		{"my best friend X", "Sam", "My best friend Jess visited me.", ontology.RelFriendOf,
			eref("Sam", person), eref("Jess", person), "best friend", "relationships", "friends", "Jess",
			"Jess is Sam's best friend.", 0.9},
		{"X is my friend", "Sam", "Jess is my friend from work.", ontology.RelFriendOf,
			eref("Sam", person), eref("Jess", person), "friend", "relationships", "friends", "Jess", "Jess is Sam's friend.", 0.9},
		{"X is Y's cousin", "Alex", "Dana is Sam's cousin.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Dana", person), "cousin", "relationships", "family", "cousin: Dana",
			"Dana is Sam's cousin.", 0.9},
		{"my dog X", "Sam", "My dog Max loves walks.", ontology.RelOwns,
			eref("Sam", person), eref("Max", ontology.EntityAnimal), "dog", "interests", "pets", "dog: Max", "Sam has a dog named Max.", 0.9},
		{"adopted a puppy named X", "Ana", "I adopted a puppy named Biscuit!", ontology.RelOwns,
			eref("Ana", person), eref("Biscuit", ontology.EntityAnimal), "puppy", "interests", "pets", "puppy: Biscuit",
			"Ana adopted a puppy named Biscuit.", 0.9},
		{"my dog, a …, named X", "Sam", "My dog, a golden retriever named Max, is 3.", ontology.RelOwns,
			eref("Sam", person), eref("Max", ontology.EntityAnimal), "dog", "interests", "pets", "dog: Max", "Sam has a dog named Max.", 0.9},
		{"my cat's name is X", "Sam", "My cat's name is Luna.", ontology.RelOwns,
			eref("Sam", person), eref("Luna", ontology.EntityAnimal), "cat", "interests", "pets", "cat: Luna", "Sam has a cat named Luna.", 0.9},
		{"love gerund", "Sam", "I love painting.", ontology.RelLikes,
			eref("Sam", person), eref("painting", act), "", "interests", "hobbies", "painting", "Sam loves painting.", 0.9},
		{"enjoy gerund phrase", "Sam", "I really enjoy playing guitar with my band.", ontology.RelLikes,
			eref("Sam", person), eref("playing guitar", act), "", "interests", "hobbies", "playing guitar",
			"Sam enjoys playing guitar.", 0.9},
		{"into noun", "Sam", "I'm into jazz music these days.", ontology.RelLikes,
			eref("Sam", person), eref("jazz music", concept), "", "interests", "favourites", "jazz music",
			"Sam is into jazz music.", 0.9},
		{"love to verb", "Sam", "I love to swim.", ontology.RelLikes,
			eref("Sam", person), eref("swimming", act), "", "interests", "hobbies", "swimming", "Sam loves swimming.", 0.9},
		{"love a sport", "Sam", "I love tennis.", ontology.RelLikes,
			eref("Sam", person), eref("tennis", act), "", "interests", "sports", "tennis", "Sam loves tennis.", 0.9},
		{"like a name", "Sam", "I like Taylor Swift.", ontology.RelLikes,
			eref("Sam", person), eref("Taylor Swift", concept), "", "interests", "favourites", "Taylor Swift",
			"Sam likes Taylor Swift.", 0.7},
		{"love a place", "Sam", "I love Paris!", ontology.RelLikes,
			eref("Sam", person), eref("Paris", place), "", "interests", "favourites", "Paris", "Sam loves Paris.", 0.9},
		{"favourite book", "Sam", `My favorite book is "Becoming".`, ontology.RelLikes,
			eref("Sam", person), eref("Becoming", work), "", "interests", "books", "Becoming",
			"Sam's favorite book is Becoming.", 0.9},
		{"founded", "Sam", "My cousin Dana founded Acme.", ontology.RelCreated,
			eref("Dana", person), eref("Acme", org), "founder", "relationships", "family", "cousin: Dana", "Dana founded Acme.", 0.9},
		{"founded: the cousin", "Sam", "My cousin Dana founded Acme.", ontology.RelFamilyOf,
			eref("Sam", person), eref("Dana", person), "cousin", "", "", "", "Dana is Sam's cousin.", 0.9},
		{"I founded", "Sam", "I founded a startup called Brightline.", ontology.RelCreated,
			eref("Sam", person), eref("Brightline", org), "founder", "", "", "", "Sam founded Brightline.", 0.9},
		{"makes", "Sam", "Acme makes rocket engines.", ontology.RelMakes,
			eref("Acme", org), eref("rocket engines", concept), "", "", "", "", "Acme makes rocket engines.", 0.7},
		{"sells", "Sam", "Blue Bottle Coffee sells cold brew.", ontology.RelMakes,
			eref("Blue Bottle Coffee", org), eref("cold brew", concept), "", "", "", "", "Blue Bottle Coffee sells cold brew.", 0.7},
		{"joined", "Sam", "I joined the Sierra Club.", ontology.RelMemberOf,
			eref("Sam", person), eref("Sierra Club", org), "", "", "", "", "Sam joined the Sierra Club.", 0.9},
		{"member of", "Sam", "I'm a member of the Chess Club.", ontology.RelMemberOf,
			eref("Sam", person), eref("Chess Club", org), "", "", "", "", "Sam is a member of the Chess Club.", 0.9},
		{"graduated from", "Sam", "I graduated from Stanford University.", ontology.RelAttended,
			eref("Sam", person), eref("Stanford University", org), "", "education", "school", "Stanford University",
			"Sam graduated from Stanford University.", 0.9},
		{"went to university", "Sam", "I went to Ohio State University.", ontology.RelAttended,
			eref("Sam", person), eref("Ohio State University", org), "", "education", "school", "Ohio State University",
			"Sam went to Ohio State University.", 0.9},
		{"student at", "Sam", "I'm a student at Boston College.", ontology.RelAttended,
			eref("Sam", person), eref("Boston College", org), "", "education", "school", "Boston College",
			"Sam is a student at Boston College.", 0.9},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := extractOne(t, tc.speaker, tc.text, tp(ref))
			r := findRelation(x, tc.typ, tc.to.Name)
			if r == nil {
				t.Fatalf("no %s to %q in %+v", tc.typ, tc.to.Name, x.Relations)
			}
			if r.From != tc.from || r.To != tc.to || r.Role != tc.role || r.Confidence != tc.conf {
				t.Errorf("relation %+v -> %+v role %q conf %v, want %+v -> %+v role %q conf %v",
					r.From, r.To, r.Role, r.Confidence, tc.from, tc.to, tc.role, tc.conf)
			}
			if len(r.SourceTurnIDs) != 1 || r.SourceTurnIDs[0] != "t1" {
				t.Errorf("source turns %v", r.SourceTurnIDs)
			}
			for _, end := range []ontology.EntityRef{r.From, r.To} {
				if e := findEntity(x, end.Name); e == nil || e.Type != end.Type {
					t.Errorf("no entity mention %+v in %+v", end, x.Entities)
				}
			}
			if tc.topic != "" && !hasProfile(x, tc.topic, tc.sub, tc.value) {
				t.Errorf("no profile %s/%s = %q in %+v", tc.topic, tc.sub, tc.value, x.Profile)
			}
			if tc.fact != "" && !hasFact(x, tc.fact) {
				t.Errorf("no fact %q in %q", tc.fact, statements(x))
			}
		})
	}
}

func eref(name string, typ ontology.EntityType) ontology.EntityRef {
	return ontology.EntityRef{Name: name, Type: typ}
}

// TestValidity checks the times relations and profile facts carry.
func TestValidity(t *testing.T) {
	x := extractOne(t, "Sam", "I've been living in Seattle since 2019.", tp(ref))
	r := findRelation(x, ontology.RelLivesIn, "Seattle")
	if r == nil || r.ValidFrom == nil || !r.ValidFrom.Equal(d(2019, 1, 1)) || r.ValidTo != nil {
		t.Fatalf("LIVES_IN = %+v, want valid from 2019", r)
	}
	x = extractOne(t, "Sam", "I work at Google.", tp(ref))
	if r := findRelation(x, ontology.RelWorksAt, "Google"); r == nil || r.ValidFrom == nil || !r.ValidFrom.Equal(ref) {
		t.Fatalf("WORKS_AT = %+v, want valid from the turn's time", r)
	}
	x = extractOne(t, "Sam", "I used to live in Denver.", tp(ref))
	r = findRelation(x, ontology.RelLivesIn, "Denver")
	if r == nil || r.ValidTo == nil || !r.ValidTo.Equal(ref) || findProfile(x, "basic_info", "location") != nil {
		t.Fatalf("past LIVES_IN = %+v, profile %+v", r, x.Profile)
	}
	if !hasFact(x, "Sam used to live in Denver.") {
		t.Errorf("facts %q", statements(x))
	}
	x = extractOne(t, "Sam", "I work at Google.", nil)
	if r := findRelation(x, ontology.RelWorksAt, "Google"); r == nil || r.ValidFrom != nil {
		t.Fatalf("without a timestamp WORKS_AT = %+v, want no valid_from", r)
	}
}

// TestProfilePatterns checks the patterns that yield a profile fact
// without a relation.
func TestProfilePatterns(t *testing.T) {
	cases := []struct {
		name, text, topic, sub, value, fact string
	}{
		{"from", "I'm from Sweden.", "basic_info", "hometown", "Sweden", "Sam is from Sweden."},
		{"from the", "I'm from the Bay Area.", "basic_info", "hometown", "Bay Area", "Sam is from the Bay Area."},
		{"originally from", "I'm originally from Lagos, Nigeria.", "basic_info", "hometown", "Lagos", "Sam is from Lagos."},
		{"grew up in", "I grew up in Ohio.", "basic_info", "hometown", "Ohio", "Sam grew up in Ohio."},
		{"born in", "I was born in Toronto.", "basic_info", "hometown", "Toronto", "Sam was born in Toronto."},
		{"hometown is", "My hometown is Dayton.", "basic_info", "hometown", "Dayton", "Sam's hometown is Dayton."},
		{"occupation", "I'm a teacher.", "work", "occupation", "teacher", "Sam is a teacher."},
		{"occupation with modifier", "I am a high school teacher and I love it.", "work", "occupation", "high school teacher", "Sam is a high school teacher."},
		{"two-word occupation", "I'm an social worker.", "work", "occupation", "social worker", "Sam is a social worker."},
		{"works as", "I work as a counselor.", "work", "title", "counselor", "Sam works as a counselor."},
		{"student", "I'm a student.", "education", "status", "student", "Sam is a student."},
		{"age", "I'm 32 years old.", "basic_info", "age", "32", "Sam is 32 years old."},
		{"age in words", "I am thirty-two years old!", "basic_info", "age", "32", "Sam is 32 years old."},
		{"turned", "I just turned 40.", "basic_info", "age", "40", "Sam turned 40."},
		{"turned with time", "I turned 40 last week.", "basic_info", "age", "40", "Sam turned 40 in the week of 1 May 2023."},
		{"name", "My name is Samantha Jones.", "basic_info", "name", "Samantha Jones", "Sam's name is Samantha Jones."},
		{"nickname", "Everyone calls me Sammy, so call me Sammy.", "basic_info", "nickname", "Sammy", "Sam goes by Sammy."},
		{"took up", "I took up pottery last year.", "interests", "hobbies", "pottery", "Sam took up pottery in 2022."},
		{"started gerund", "I started painting last year.", "interests", "hobbies", "painting", "Sam started painting in 2022."},
		{"learning", "I've been learning Spanish.", "interests", "skills", "Spanish", "Sam has been learning Spanish."},
		{"learning to", "I'm learning to knit.", "interests", "skills", "knit", "Sam is learning to knit."},
		{"hate", "I hate cilantro.", "personality", "dislikes", "cilantro", "Sam hates cilantro."},
		{"don't like", "I don't like horror movies.", "personality", "dislikes", "horror movies", "Sam doesn't like horror movies."},
		{"can't stand", "I can't stand traffic.", "personality", "dislikes", "traffic", "Sam can't stand traffic."},
		{"single", "I'm single.", "demographics", "marital_status", "single", "Sam is single."},
		{"engaged", "I'm engaged!", "demographics", "marital_status", "engaged", "Sam is engaged."},
		{"favourite thing", "My favourite color is blue.", "interests", "favourites", "color: blue", "Sam's favorite color is blue."},
		{"past employer", "I used to work at IBM.", "work", "past_employers", "IBM", "Sam used to work at IBM."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := extractOne(t, "Sam", tc.text, tp(ref))
			p := findProfile(x, tc.topic, tc.sub)
			if p == nil || p.Value != tc.value {
				t.Fatalf("profile %s/%s = %+v, want %q (all: %+v)", tc.topic, tc.sub, p, tc.value, x.Profile)
			}
			if p.Subject != eref("Sam", person) {
				t.Errorf("subject %+v", p.Subject)
			}
			if !hasFact(x, tc.fact) {
				t.Errorf("no fact %q in %q", tc.fact, statements(x))
			}
			if e := findEntity(x, "Sam"); e == nil || e.Type != person {
				t.Errorf("speaker not mentioned: %+v", x.Entities)
			}
		})
	}
}

// TestEvents checks first-person past sentences with a time.
func TestEvents(t *testing.T) {
	cases := []struct {
		name, text, what string
		start, end       time.Time
		where            string
		others           []string
	}{
		{"yesterday", "I went to a pottery class yesterday.", "Sam went to a pottery class", d(2023, 5, 7), d(2023, 5, 8), "", nil},
		{"leading time", "Last week I ran a charity race.", "Sam ran a charity race", d(2023, 5, 1), d(2023, 5, 8), "", nil},
		{"leading time with comma", "Yesterday, I baked bread with my son.", "Sam baked bread with Sam's son", d(2023, 5, 7), d(2023, 5, 8), "", nil},
		{"we", "We went camping last weekend.", "Sam went camping", d(2023, 5, 6), d(2023, 5, 8), "", nil},
		{"no subject", "Twisted my knee last Friday, ugh.", "Sam twisted Sam's knee", d(2023, 5, 5), d(2023, 5, 6), "", nil},
		{"place", "I visited my mom in Ohio on Friday.", "Sam visited Sam's mom in Ohio", d(2023, 5, 5), d(2023, 5, 6), "Ohio", nil},
		{"people", "I had lunch with Dana Smith yesterday.", "Sam had lunch with Dana Smith", d(2023, 5, 7), d(2023, 5, 8), "", []string{"Dana Smith"}},
		{"present perfect aux", "I finally finished my novel two days ago!", "Sam finally finished Sam's novel", d(2023, 5, 6), d(2023, 5, 7), "", nil},
		{"read", "I read a great novel last week.", "Sam read a great novel", d(2023, 5, 1), d(2023, 5, 8), "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := extractOne(t, "Sam", tc.text, tp(ref))
			if len(x.Events) != 1 {
				t.Fatalf("events %+v, want 1", x.Events)
			}
			e := x.Events[0]
			if e.What != tc.what || e.When == nil || !e.When.Start.Equal(tc.start) || !e.When.End.Equal(tc.end) {
				t.Fatalf("event %q %+v, want %q [%v, %v)", e.What, e.When, tc.what, tc.start, tc.end)
			}
			if e.Participants[0] != eref("Sam", person) {
				t.Errorf("participants %+v", e.Participants)
			}
			for i, o := range tc.others {
				if len(e.Participants) <= i+1 || e.Participants[i+1].Name != o {
					t.Errorf("participants %+v, want also %q", e.Participants, o)
				}
			}
			if tc.where != "" && (e.Where == nil || e.Where.Name != tc.where) {
				t.Errorf("where %+v, want %q", e.Where, tc.where)
			}
			if want := tc.what + " " + spanWords(*e.When) + "."; !hasFact(x, want) {
				t.Errorf("no fact %q in %q", want, statements(x))
			}
		})
	}
}

func TestRelativeTimeNeedsTimestamp(t *testing.T) {
	x := extractOne(t, "Sam", "I went to a pottery class yesterday.", nil)
	if len(x.Events) != 0 {
		t.Errorf("events without a timestamp: %+v", x.Events)
	}
	x = extractOne(t, "Sam", "I went to Rome on May 7, 2023.", nil)
	if len(x.Events) != 1 || !x.Events[0].When.Start.Equal(d(2023, 5, 7)) {
		t.Errorf("absolute date without a timestamp: %+v", x.Events)
	}
}
