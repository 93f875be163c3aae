package bench

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// The synthetic conversations `loci bench load` writes: two speakers, other
// people they mention, sessions of chat built from templates with names,
// places and dates, all drawn from a seed so a run can be repeated.

// loadConversation is one synthetic conversation: what was sent, in order,
// and which turn ids were acknowledged.
type loadConversation struct {
	id       string
	speakers [2]string
	mentions []string // other people named in it, for queries
	gen      *convGenerator

	mu      sync.Mutex
	sent    []ontology.Turn // in the order generated (and sent)
	ackedID map[string]bool
}

var (
	loadNames = []string{"Caroline", "Melanie", "Jon", "Gina", "Priya", "Omar", "Mei", "Lukas", "Sofia", "Mateo",
		"Aisha", "Daniel", "Hannah", "Kenji", "Fatima", "Noah", "Elena", "Ravi", "Chloe", "Tomas", "Amara", "Felix",
		"Ingrid", "Diego", "Yuki", "Samuel", "Leila", "Marcus", "Nadia", "Oliver", "Rosa", "Tariq"}
	loadRelations = []string{"sister", "brother", "cousin", "friend", "coworker", "neighbour", "partner", "mom", "dad", "roommate"}
	loadCities    = []string{"Boston", "Lisbon", "Nairobi", "Osaka", "Denver", "Toronto", "Berlin", "Austin", "Dublin",
		"Seoul", "Melbourne", "Mexico City", "Oslo", "Cape Town", "Montreal", "Edinburgh"}
	loadVenues = []string{"the farmers market", "a pottery class", "the climbing gym", "the public library",
		"a jazz bar", "the community garden", "the animal shelter", "the art museum", "a LGBTQ support group",
		"the book club", "a charity run", "the science museum", "a cooking workshop", "the beach"}
	loadHobbies = []string{"painting", "running", "baking sourdough", "learning Spanish", "playing guitar",
		"photography", "hiking", "volunteering", "chess", "yoga", "birdwatching", "woodworking", "swimming", "knitting"}
	loadCompanies = []string{"Acme", "Northwind", "Globex", "Initech", "Umbrella Labs", "Stark Foods", "Blue Harbor", "Pinecone Health"}
	loadJobs      = []string{"nurse", "teacher", "software engineer", "chef", "architect", "photographer", "counselor", "accountant"}
	loadPets      = []string{"dog", "cat", "rabbit", "parrot", "turtle"}
	loadPetNames  = []string{"Luna", "Max", "Biscuit", "Pepper", "Oscar", "Mochi", "Ziggy"}
	loadThings    = []string{"painting of a lake sunrise", "bookshelf", "quilt", "short story", "garden bed", "photo album", "song"}
	loadTopics    = []string{"climate change", "ancient Rome", "mindfulness", "space travel", "adoption", "urban gardening", "jazz history"}
	loadFeelings  = []string{"amazing", "exhausting", "wonderful", "a bit scary", "so relaxing", "really meaningful", "hilarious"}
	loadRelative  = []string{"yesterday", "last week", "two weeks ago", "last summer", "on Friday", "last month",
		"this morning", "a few days ago", "last weekend", "three months ago"}
	loadMonths = []string{"January", "February", "March", "April", "May", "June", "July", "August",
		"September", "October", "November", "December"}
)

var loadTemplates = []string{
	"I went to {venue} {when} with my {rel} {name}.",
	"I moved to {city} from {city2} {when}.",
	"I work at {company} as a {job} now.",
	"My {rel} {name} is visiting from {city} on {date}.",
	"I started {hobby} {when} and I really love it.",
	"{name} and I are planning a trip to {city} in {month}.",
	"That sounds {feeling}, {other}! How long have you been into {hobby}?",
	"Did you ever go back to {venue} after {date}?",
	"We celebrated {name}'s birthday on {date} at {venue}.",
	"I finally finished the {thing} I was working on {when}.",
	"Honestly, work at {company} has been stressful since {month}.",
	"I adopted a {pet} named {petname} {when}.",
	"Remember when we met {name} at {venue} in {city}?",
	"Yes! I still think about that afternoon in {city}, it was {feeling}.",
	"My {rel} {name} just got a job as a {job} in {city}.",
	"I'm reading a book about {topic} that {name} recommended.",
	"Going to {venue} {when} was {feeling}, I want to do it again.",
	"{other}, you should come with me to {venue} next time.",
	"I've been {hobby} every weekend since {date}.",
	"Thanks, {other}. It means a lot that you remembered.",
	"My {pet} {petname} knocked over the {thing} {when}, what a mess.",
	"I gave a talk about {topic} at {company} on {date}.",
}

var loadQuestions = []string{
	"What did {speaker} do {when}?",
	"Where did {speaker} move from?",
	"When did {speaker} go to {venue}?",
	"Who is {speaker}'s {rel}?",
	"What does {speaker} do at {company}?",
	"What hobby did {speaker} start?",
	"Where is {speaker} planning a trip?",
	"What pet did {speaker} adopt?",
	"When is {name} visiting {speaker}?",
	"What book is {speaker} reading?",
	"Who did {speaker} meet at {venue}?",
	"What did {speaker} finish {when}?",
	"Did {speaker} enjoy {hobby}?",
	"What happened at {venue} in {month}?",
}

// convGenerator makes a conversation's turns deterministically from the
// seed, the writer and the conversation's index.
type convGenerator struct {
	rng     *rand.Rand
	session int
	inSess  int // turns so far in the session
	sessLen int // turns the session will have
	day     time.Time
	clock   time.Time
	next    int // speaker of the next turn (0 or 1)
}

func newLoadConversation(seed uint64, prefix string, writer, n int) *loadConversation {
	rng := rand.New(rand.NewPCG(seed, uint64(writer)<<32|uint64(n)))
	a := rng.IntN(len(loadNames))
	b := (a + 1 + rng.IntN(len(loadNames)-1)) % len(loadNames)
	c := &loadConversation{
		id:       fmt.Sprintf("%sw%02d-%04d", prefix, writer, n),
		speakers: [2]string{loadNames[a], loadNames[b]},
		ackedID:  map[string]bool{},
	}
	for len(c.mentions) < 4 { // other people: never one of the speakers
		if i := rng.IntN(len(loadNames)); i != a && i != b {
			c.mentions = append(c.mentions, loadNames[i])
		}
	}
	day := time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rng.IntN(900))
	c.gen = &convGenerator{rng: rng, day: day}
	c.gen.newSession()
	return c
}

func (g *convGenerator) newSession() {
	g.session++
	g.inSess = 0
	g.sessLen = 8 + g.rng.IntN(25)
	g.day = g.day.AddDate(0, 0, 1+g.rng.IntN(14))
	g.clock = g.day.Add(time.Duration(8*60+g.rng.IntN(12*60)) * time.Minute)
}

// next generates the conversation's next n turns and records them as sent.
func (c *loadConversation) next(n int) []ontology.Turn {
	g := c.gen
	out := make([]ontology.Turn, 0, n)
	for i := 0; i < n; i++ {
		if g.inSess >= g.sessLen {
			g.newSession()
		}
		g.inSess++
		g.clock = g.clock.Add(time.Duration(20+g.rng.IntN(300)) * time.Second)
		speaker, other := c.speakers[g.next], c.speakers[1-g.next]
		if g.rng.IntN(4) != 0 { // mostly alternating, sometimes twice in a row
			g.next = 1 - g.next
		}
		text := c.fill(g.rng, loadTemplates[g.rng.IntN(len(loadTemplates))], other, g.day)
		if g.rng.IntN(3) == 0 {
			text += " " + c.fill(g.rng, loadTemplates[g.rng.IntN(len(loadTemplates))], other, g.day)
		}
		at := g.clock
		out = append(out, ontology.Turn{
			ID:        fmt.Sprintf("D%d:%d", g.session, g.inSess),
			Session:   fmt.Sprint(g.session),
			Speaker:   speaker,
			Text:      text,
			Timestamp: &at,
		})
	}
	c.mu.Lock()
	c.sent = append(c.sent, out...)
	c.mu.Unlock()
	return out
}

// question makes a query about the conversation, most often scoped to one
// of its speakers.
func (c *loadConversation) question(rng *rand.Rand) string {
	q := loadQuestions[rng.IntN(len(loadQuestions))]
	q = strings.ReplaceAll(q, "{speaker}", c.speakers[rng.IntN(2)])
	return c.fill(rng, q, c.speakers[0], time.Date(2023, time.Month(1+rng.IntN(12)), 1+rng.IntN(28), 0, 0, 0, 0, time.UTC))
}

func (c *loadConversation) fill(rng *rand.Rand, tmpl, other string, day time.Time) string {
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	date := day.AddDate(0, 0, -rng.IntN(60))
	repl := []string{
		"{venue}", pick(loadVenues), "{when}", pick(loadRelative), "{rel}", pick(loadRelations),
		"{name}", c.mentions[rng.IntN(len(c.mentions))], "{city2}", pick(loadCities), "{city}", pick(loadCities),
		"{company}", pick(loadCompanies), "{job}", pick(loadJobs), "{date}", date.Format("2 January 2006"),
		"{hobby}", pick(loadHobbies), "{month}", pick(loadMonths), "{feeling}", pick(loadFeelings),
		"{other}", other, "{thing}", pick(loadThings), "{pet}", pick(loadPets), "{petname}", pick(loadPetNames),
		"{topic}", pick(loadTopics),
	}
	return strings.NewReplacer(repl...).Replace(tmpl)
}
