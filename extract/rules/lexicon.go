package rules

import (
	_ "embed"
	"strings"

	"github.com/loci-memory/loci/lang"
)

// placesData is the place gazetteer, one lower-case name a line.
//
//go:embed data/places.txt
var placesData string

// firstNamesData lists given names beside lang.FirstNames, several a line.
//
//go:embed data/firstnames.txt
var firstNamesData string

// moreFirstNames are the names of data/firstnames.txt.
var moreFirstNames = dataWords(firstNamesData)

// dataWords reads a word list of data/: several words a line, lines
// starting with "#" are comments.
func dataWords(data string) map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(data, "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		for _, w := range strings.Fields(l) {
			m[w] = true
		}
	}
	return m
}

// firstName reports whether a lower-case word is a given name: of
// lang.FirstNames (which the query side shares) or of the extractor's
// larger list.
func firstName(w string) bool { return lang.FirstNames[w] || moreFirstNames[w] }

// givenNamesData is data/givennames.txt: some 18,000 given names of many
// countries (gen_givennames.go), one a line, accents folded.
//
//go:embed data/givennames.txt
var givenNamesData string

// moreGivenNames are the names of data/givennames.txt.
var moreGivenNames = dataWords(givenNamesData)

// givenName reports whether a lower-case word is a given name of the
// large list as well as of firstName's: the weaker tier, too large to make
// a word a name wherever it stands ("ena", "sal", "ora" are words of other
// languages and of chats too). It is read only where a person's name fits
// the slot (lowerNameAt's givenNameSlot) and to type a name that slot
// capitalised. A name of the list that the extractor's own lists hold as
// a common, chat, kin or place word is none.
func givenName(w string) bool {
	if firstName(w) {
		return true
	}
	return moreGivenNames[lang.FoldAccents(w)] && !commonWords[w] && !functionWords[w] && !greetingWords[w] &&
		!englishWords[w] && !wordNames[w] && !fillers[w] && !particleWords[w] && !pronounish[w] && !chatForm(w) &&
		!notNameWord(w) && !kinWord(w) && !occupations[w] && !knownPlace(w) && !demonyms[w]
}

// demonymsData lists nationality and language adjectives, one a line.
//
//go:embed data/demonyms.txt
var demonymsData string

// inGazetteer reports whether a lower-case name, with its accents folded,
// is a place of the gazetteer ("kraków", "malmö").
func inGazetteer(key string) bool {
	if gazetteer[key] {
		return true
	}
	f := lang.FoldAccents(key)
	return f != key && gazetteer[f]
}

// demonyms are never names on their own: "His boss is Romanian also".
var demonyms = lines(demonymsData)

// lines builds a set from the non-empty lines of data that are not
// comments ("#"), with their spaces collapsed.
func lines(data string) map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(data, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" && !strings.HasPrefix(l, "#") {
			m[strings.ToLower(l)] = true
		}
	}
	return m
}

// The word lists below are small on purpose: each exists to confirm or veto
// a pattern, not to cover the language. All keys are lower case.

// phrases builds a set from "|"-separated entries that may hold spaces.
func phrases(s string) map[string]bool {
	m := map[string]bool{}
	for _, p := range strings.Split(s, "|") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			m[p] = true
		}
	}
	return m
}

// commonWords are words that, capitalised at the start of a sentence (or
// shouted), are still ordinary words and never names.
var commonWords = lang.Words(`
a about above after again against all almost also although always am an and another any anybody anyone
anything anyway anyways are around as at back be because been before being below best better between both
but by can cannot could did do does doing done down during each either else enough especially even ever
every everybody everyone everything few finally first for from further had has have having he her here
hers herself him himself his how however i if in indeed instead into is it its itself just last least
less let lets like lot lots many maybe me meanwhile might mine more most much must my myself neither never
next no nobody none nor not nothing now of off often oh ok okay on once one only or other others otherwise
our ours ourselves out over own perhaps please quite rather really same she should since so some somebody
someone something sometimes soon still such than that the their theirs them themselves then there these
they this those though through thus to together too totally under until up upon us very was we well were
what whatever when whenever where whether which while who whoever whole whom whose why will with within
without would yet you your yours yourself yourselves
hey hi hello hiya howdy thanks thank thx ty wow whoa woah omg lol lmao haha hahaha hehe yay aww awww ooh
ah aha yes yeah yep yup nope nah congrats congratulations bye goodbye cheers dear sorry hmm um uh wait gosh
geez damn yo sup hugs welcome meet alright anyhow man dude guys girl buddy wowza woohoo yikes oops phew ugh
good great awesome amazing nice cool fantastic wonderful beautiful lovely sweet fun happy sad glad sure
true right wrong bad best worst cute perfect incredible excellent brilliant super exciting interesting
hard tough crazy funny honestly seriously absolutely definitely certainly basically actually really
literally exactly probably clearly hopefully luckily unfortunately fortunately recently lately currently
today tomorrow yesterday tonight morning afternoon evening night day week weekend month year time times
once twice ago later earlier soon
love loved loves like liked likes thanks hope hoped wish go going gone went get got getting make made
making take took taking see saw seen look looking looks looked know knew known think thought feel felt
feeling say said tell told ask asked want wanted need needed try tried trying keep kept let put come came
coming give gave find found work working worked play playing played read reading write wrote start
started stop stopped check checked remember remind reminds sounds sound seems seem seemed guess means
mean meant hang hold stay bring brought keep call called talk talked talking wish enjoy enjoyed
thing things stuff way ways life family friend friends people person kids kid baby guy lady home house
job school class team group work world place city country state name photo pic picture image idea ideas
story news plan plans trip journey dream dreams hobby art music book books movie movies game games song
songs food dinner lunch breakfast coffee tea water weather rain snow sun summer winter spring fall autumn
god gods jesus christ heaven mom mum dad mother father sister brother aunt uncle grandma grandpa
proper depot
fr tbh tbf btw smh idk idc ngl imo imho asap xx xxx xoxo lmk ofc jk tho rn ikr fyi afaik iirc irl ttyl brb
np nvm pls plz omw wtf fml hbu wbu istg tmi lmfao rofl ily ilysm bc cuz coz rly prob def obv
`)

// greetingWords open a greeting or thanks; a name right after one is the
// person addressed, not a mention.
var greetingWords = lang.Words(`hey hi hello hiya howdy thanks thank thx ty bye goodbye congrats
congratulations cheers dear welcome yo sup wow whoa woah omg aww awww ooh oh ah yay
haha lol sorry great awesome nice cool good hugs yes yeah yep okay ok ugh oof sigh ouch yikes phew
	lmao hehe aw ahh hmm ha hah lmfao rofl ya yea yup obvs ngl`)

// relKind says which relation and profile sub-topic a relationship word
// leads to.
type relKind int

// Relationship kinds.
const (
	kindFamily relKind = iota
	kindChild
	kindPartner
	kindFriend
	kindColleague // a tie at work: KNOWS, filed under colleagues
	kindKnows     // another social tie: KNOWS, filed under friends
)

// roleInfo describes one relationship word: its canonical role, kind and
// whether the word was plural ("my kids").
type roleInfo struct {
	role   string
	kind   relKind
	plural bool
}

// roleWords maps relationship words to what they say.
var roleWords = buildRoles()

// buildRoles builds roleWords from the lists of relationship words and
// their plurals.
func buildRoles() map[string]roleInfo {
	m := map[string]roleInfo{}
	add := func(kind relKind, list string) {
		for _, e := range strings.Fields(list) {
			sing, plural, _ := strings.Cut(e, "/")
			m[sing] = roleInfo{role: sing, kind: kind}
			if plural != "" {
				m[plural] = roleInfo{role: sing, kind: kind, plural: true}
			}
		}
	}
	add(kindFamily, `sister/sisters brother/brothers mom/moms mother/mothers mum dad/dads father/fathers
		cousin/cousins aunt/aunts auntie aunty uncle/uncles grandma/grandmas grandmother/grandmothers granny nana
		grandpa/grandpas grandfather/grandfathers grandad granddad niece/nieces nephew/nephews
		sibling/siblings twin stepmom stepmother stepdad stepfather stepsister/stepsisters
		stepbrother/stepbrothers half-sister half-brother sister-in-law brother-in-law mother-in-law
		father-in-law son-in-law daughter-in-law stepsis stepbro grandson/grandsons granddaughter/granddaughters grandchild/grandchildren
		grandkid/grandkids sis bro/bros gran nan stepmum parent/parents grandparent/grandparents`)
	add(kindChild, `son/sons daughter/daughters kid/kids child/children stepson stepdaughter`)
	add(kindPartner, `wife husband partner girlfriend boyfriend fiance fiancé fiancee fiancée spouse hubby
		gf bf wifey`)
	add(kindFriend, `friend/friends bestie bff buddy/buddies pal/pals mate/mates`)
	add(kindColleague, `colleague/colleagues coworker/coworkers co-worker/co-workers manager/managers
		boss/bosses supervisor/supervisors mentor/mentors teammate/teammates editor coach trainer
		workmate/workmates bandmate/bandmates`)
	add(kindKnows, `roommate/roommates flatmate/flatmates housemate/housemates neighbour/neighbours
		neighbor/neighbors classmate/classmates landlord landlady roomie/roomies schoolmate/schoolmates
		physio physiotherapist therapist tutor`)
	// Informal words for parents keep the canonical role readable.
	for k, v := range map[string]string{"mum": "mom", "mam": "mom", "mommy": "mom", "mama": "mom", "daddy": "dad",
		"papa": "dad", "auntie": "aunt", "aunty": "aunt", "granny": "grandma", "nana": "grandma", "grandad": "grandpa",
		"granddad": "grandpa", "hubby": "husband", "fiancé": "fiance", "fiancée": "fiancee", "bestie": "friend",
		"bff": "friend", "buddy": "friend", "buddies": "friend", "pal": "friend", "pals": "friend", "mate": "friend", "mates": "friend",
		"co-worker": "coworker", "co-workers": "coworker", "kid": "child", "kids": "child",
		"children": "child", "sis": "sister", "bro": "brother", "bros": "brother", "gran": "grandma",
		"nan": "grandma", "stepmum": "stepmom", "stepsis": "stepsister", "stepbro": "stepbrother", "gf": "girlfriend", "bf": "boyfriend", "wifey": "wife",
		"roomie": "roommate", "roomies": "roommate", "workmate": "colleague", "workmates": "colleague"} {
		info, ok := m[k]
		if !ok {
			info = roleInfo{kind: kindFamily}
		}
		info.role = v
		m[k] = info
	}
	return m
}

// roleAdjectives may stand between "my" and a relationship word.
var roleAdjectives = lang.Words(`older younger little big baby twin oldest youngest elder eldest best dear new
	lovely sweet beloved amazing awesome wonderful favorite favourite two three four adorable wonderful
	great good close oldest dearest sweetest childhood college high school work old lil line personal phd`)

// roleVetoes before a relationship word mean the relationship is over or
// not the speaker's own ("my late husband", "my ex").
var roleVetoes = lang.Words(`late ex former deceased dead`)

// petSpecies are animals people keep as pets; the value is the word kept
// as the OWNS role.
var petSpecies = lang.Words(`dog dogs puppy puppies pup cat cats kitten kittens kitty hamster rabbit bunny
	bird parrot budgie fish goldfish turtle tortoise horse pony snake lizard gecko ferret hedgehog
	guinea-pig guinea-pigs chinchilla rat mouse pig goat chicken chickens duck pet pets beagle labrador poodle
	terrier retriever spaniel collie husky corgi dachshund pug chihuahua shepherd greyhound whippet
	boxer bulldog rottweiler doberman schnauzer pomeranian maltese shih-tzu mutt tabby siamese
	cockatiel canary iguana axolotl rabbits bunnies hamsters budgies parrots tortoises turtles horses ponies
	goats ferrets rats mice geckos lizards snakes ducks`)

// occupations are job words accepted after "I'm a/an"; the noun phrase's
// last word (or last two words) must be one of them.
var occupations = phrases(`teacher|nurse|engineer|counselor|counsellor|artist|developer|designer|doctor|
	lawyer|accountant|manager|director|intern|chef|cook|barista|waiter|waitress|writer|author|journalist|
	photographer|musician|singer|dancer|actor|actress|scientist|researcher|professor|lecturer|tutor|
	therapist|psychologist|psychiatrist|social worker|case worker|pharmacist|dentist|veterinarian|vet|
	mechanic|electrician|plumber|carpenter|firefighter|police officer|cop|soldier|pilot|programmer|analyst|
	consultant|architect|librarian|cashier|receptionist|secretary|administrator|coordinator|supervisor|
	paramedic|surgeon|physician|midwife|caregiver|coach|trainer|instructor|entrepreneur|farmer|baker|
	tailor|painter|sculptor|potter|editor|producer|ceo|cto|founder|data scientist|salesperson|realtor|
	real estate agent|banker|economist|historian|biologist|chemist|physicist|mathematician|statistician|
	translator|interpreter|clerk|janitor|security guard|nanny|hairdresser|stylist|makeup artist|streamer|
	youtuber|blogger|podcaster|influencer|comedian|illustrator|animator|filmmaker|composer|pianist|
	guitarist|drummer|violinist|bartender|server|technician|paralegal|judge|attorney|professional gamer|
	gamer|athlete|footballer|basketball player|soccer player|player|officer|student|grad student|
	phd student|undergrad|undergraduate|postdoc|postdoctoral researcher|research assistant|physio|
	physiotherapist|sre|devops engineer|software tester|tester|cleaner|driver|courier|porter|carer|
	care worker|teaching assistant|sous chef|line cook|butcher|florist|optician|optometrist|radiographer|
	sonographer|machinist|welder|roofer|builder|joiner|decorator|gardener|landscaper|estate agent|
	copywriter|recruiter|product manager|project manager|ux designer|data engineer|civil servant|
	sparky|sparkie|brickie|plasterer|scaffolder|dev|swe|barman|barmaid|locum|gp|matron|healthcare assistant|
	care assistant|shop assistant|sales assistant|postie|lifeguard|dinner lady`)

// occupationVetoes make an "I'm a … player/officer" phrase too vague to
// be an occupation.
var occupationVetoes = lang.Words(`team good bad big huge fan hard team-player`)

// orgCues end (or, with "of", start) organisation names.
var orgCues = lang.Words(`inc inc. corp corporation llc ltd co company university college school academy
	institute hospital clinic bank foundation center centre association society agency club church
	museum library labs studios studio partners council department ministry federation league union
	network charity trust fund organization organisation group enterprises industries solutions systems
	technologies press magazine shipping analytics biotech logistics consulting media robotics pharma
	pharmaceuticals software games foods brewery bakery café cafe restaurant bistro diner gallery
	quartet trio quintet band orchestra philharmonic choir ensemble collective cooperative co-op hotel
	airlines airways motors health healthcare capital ventures insurance energy therapeutics
	dynamics primary sons books bookshop freight medtech pharmacy garage salon nursery gym brewing infirmary
	roasters records surgery dental fc afc rfc harriers rovers wanderers athletic consultancy consultants vets rail
	kitchen fabrics transport chapel fellowship singers voices sinfonia strings chorus chorale music parlour parlor
	staffing recruitment electrical furniture stores haulage coaches juniors directorate`)

// bandRoles are the parts one plays in a band or orchestra ("the drummer of
// X"): MEMBER_OF with the part as role.
var bandRoles = lang.Words(`drummer guitarist bassist singer vocalist pianist keyboardist violinist cellist
	violist saxophonist trumpeter trombonist flautist clarinetist conductor frontman frontwoman
	percussionist harpist organist`)

// groupRoles are offices in a club or charity ("the captain of X", "a
// trustee of X"): MEMBER_OF with the office as role, read like bandRoles
// after "be" but never taken for a band's player ("our treasurer Kit").
var groupRoles = lang.Words(`captain vice-captain treasurer trustee secretary`)

// eduCues mark schools for ATTENDED.
var eduCues = lang.Words(`university college school academy institute conservatory polytechnic uni primary
	secondary kindergarten`)

// workCues introduce a titled work ("the book Becoming").
var workCues = lang.Words(`book novel film movie song album show series poem painting play musical podcast
	documentary track record opera sculpture memoir biography`)

// workVerbs take a title as object ("I read \"Becoming\"").
var workVerbs = lang.Words(`read reading reread watched watching rewatched finished listened listening`)

// titleWords before a capitalised name make it a person.
var titleWords = lang.Words(`mr mrs ms miss dr prof professor sir madam aunt auntie aunty uncle grandma grandpa
	coach officer captain chef`)

// gazetteer lists places recognised without a pattern: countries, US
// states and large cities, read from data/places.txt.
var gazetteer = lines(placesData)

// adverbs may stand between "I" and its verb without changing the pattern.
var adverbs = lang.Words(`just recently finally also actually really still now currently totally absolutely
	definitely already even always truly honestly literally seriously kinda officially newly originally
	basically mostly usually often sometimes genuinely so especially particularly personally secretly
	certainly simply only mainly once all both too first ultimately eventually happily proudly luckily
	somehow suddenly quickly soon then lowkey highkey`)

// modalWords make what follows a possibility, wish or plan, not a fact.
var modalWords = lang.Words(`might may could would should will shall must can wanna gonna gotta ought`)

// hedgeWords earlier in a clause make a first-person statement
// hypothetical ("if I move to Paris").
var hedgeWords = lang.Words(`if unless whether wish imagine suppose supposing pretend maybe perhaps hopefully
	someday one-day when whenever before`)

// clauseBreakers end the clause a pattern or event reads.
var clauseBreakers = lang.Words(`and but or so because since although though while which who whom whose
	that where when whenever if unless until than as cause 'cause cuz coz plus yet nor`)

// npStops end an object noun phrase ("I love hiking with my kids"), and
// so do the particles of other languages (particles.go: "i love riyadh
// talaga").
var npStops = lang.Union(particleWords, lang.Words(`and but or so because since although though while which who whom whose that where
	when whenever if unless until than as with for to at on in by from about after before during like
	too very also really lately recently now today yesterday tonight tomorrow these those this anymore
	again all every each more most much lot lots even though cause cuz plus yet nor last next ago
	sometimes always often already anyway anyways tho still apparently honestly obviously basically
	til till cos thru`))

// pronounish words make an object a reference to the conversation, not an
// interest ("I love you", "I like that"); chats spell "your" "ur" and
// "yer" ("he still loves ur tyler": Tyler is liked, no "ur Tyler").
var pronounish = lang.Words(`you your yours u ur yer it its that this these those them they their him his her hers
	me my mine us our ours we he she what how when where why who which whatever everything something
	anything nothing everyone someone anyone everybody somebody anybody all both one ones here there so
	myself yourself itself himself herself ourselves themselves such way much lot lots more most`)

// deicticNouns after "the" point at something in the conversation ("I
// love the photo"), not a lasting interest.
var deicticNouns = lang.Words(`pic pics picture pictures photo photos image images idea ideas message story
	stories colors colours color colour vibe vibes way look looks sound name energy thought thoughts
	sentiment advice suggestion suggestions update news design details detail one part quote plan
	attitude support question answer tip tips video post painting paintings drawing sculpture art
	piece work shot view smile outfit dress shirt hat cake result results pose idea concept song music
	lyrics message words memory memories moment moments feeling feel spirit courage positivity effort
	progress dedication passion creativity`)

// generalNouns may follow "the" in a like-statement and still be an
// interest ("I love the beach").
var generalNouns = lang.Words(`beach beaches outdoors mountains mountain ocean sea forest forests woods lake
	lakes rain snow sun sunshine city countryside water desert stars sky night summer winter spring
	autumn fall holidays theater theatre opera ballet symphony zoo wilderness river rivers outdoors`)

// gerundStops are -ing words that do not name a hobby ("I love hearing
// that").
var gerundStops = lang.Words(`being having getting going doing seeing hearing knowing feeling thinking
	looking saying telling talking chatting finding trying working using taking giving coming letting
	keeping putting realizing realising noticing sharing catching meeting spending living waking sitting
	staying leaving missing wondering hoping wishing planning considering asking supporting showing
	learning everything something nothing anything thing morning evening king ring spring string
	wedding building ceiling sibling darling pudding clothing bring sing during nothing setting
	feelings paying reminding hanging checking following seeing`)

// activityNouns are hobbies and practices that are not -ing words.
var activityNouns = lang.Words(`yoga pottery photography chess art arts crafts crochet embroidery calligraphy
	origami poetry meditation archery pilates parkour theater theatre ballet woodwork woodworking
	sculpture gardening cooking baking painting drawing music dance karaoke cosplay scrapbooking
	astronomy astrology birdwatching journaling`)

// sports are games and combat sports, filed under interests/sports;
// pastimes like hiking or swimming stay hobbies.
var sports = lang.Words(`tennis soccer football basketball baseball golf volleyball hockey rugby cricket karate
	judo taekwondo boxing wrestling badminton softball lacrosse fencing gymnastics squash bowling
	jiu-jitsu kickboxing handball polo pickleball`)

// hobbyVerbs maps verbs after "I love to" to the gerund naming the hobby.
var hobbyVerbs = map[string]string{
	"paint": "painting", "draw": "drawing", "read": "reading", "write": "writing", "cook": "cooking",
	"bake": "baking", "run": "running", "swim": "swimming", "hike": "hiking", "dance": "dancing",
	"sing": "singing", "travel": "traveling", "ski": "skiing", "surf": "surfing", "garden": "gardening",
	"knit": "knitting", "sew": "sewing", "camp": "camping", "fish": "fishing", "climb": "climbing",
	"skate": "skating", "bike": "biking", "cycle": "cycling", "play": "playing", "sketch": "sketching",
	"journal": "journaling", "meditate": "meditating", "explore": "exploring", "golf": "golfing",
	"jog": "jogging", "code": "coding", "sculpt": "sculpting", "craft": "crafting", "ride": "riding",
	"sail": "sailing", "kayak": "kayaking", "row": "rowing", "blog": "blogging", "compose": "composing",
	"volunteer": "volunteering", "photograph": "photographing", "hunt": "hunting",
	"shop": "shopping", "game": "gaming", "crochet": "crocheting", "snowboard": "snowboarding",
	"skateboard": "skateboarding", "box": "boxing", "walk": "walking", "learn": "learning",
	"collect": "collecting",
}

// eventVetoes are past verbs of thinking and saying: a sentence built on
// one is not an event worth storing.
var eventVetoes = lang.Words(`thought felt realized realised said told asked wondered knew meant guessed
	figured wanted needed hoped forgot remembered noticed seemed looked mentioned loved liked hated
	missed wished expected supposed used tried decided hoped imagined believed heard considered
	appreciated promised agreed`)

// likeVerbs are first-person verbs of liking and what they become in the
// third person.
var likeVerbs = map[string]string{
	"love": "loves", "like": "likes", "enjoy": "enjoys", "adore": "adores",
}

// dislikeVerbs are first-person verbs of disliking and their third-person
// forms.
var dislikeVerbs = map[string]string{
	"hate": "hates", "dislike": "dislikes", "detest": "detests", "loathe": "loathes",
}

// memberHeads make a lower-case noun phrase a group one can join.
var memberHeads = lang.Words(`club group team choir band league society association community organization
	organisation church gym chapter committee union network orchestra troupe circle crew squad`)

// createdNouns name things one founds or makes ("a company called X").
var createdNouns = map[string]bool{
	"company": true, "business": true, "startup": true, "nonprofit": true, "non-profit": true,
	"charity": true, "organization": true, "organisation": true, "band": true, "shop": true,
	"store": true, "restaurant": true, "bakery": true, "cafe": true, "café": true, "studio": true, "foundation": true,
	"bookshop": true, "bar": true, "gallery": true, "clinic": true, "practice": true, "salon": true,
	"blog": false, "podcast": false, "channel": false, "book": false, "song": false, "album": false,
	"novel": false, "film": false, "movie": false, "poem": false, "painting": false, "game": false,
	"app": false, "website": false, "magazine": false, "zine": false,
}

// prepositions before an untyped name make it an object place or
// organisation ("at Siemens", "in Munich"), not a person a pronoun means.
var prepositions = lang.Words(`at in on near from for into inside outside around across by`)

// orgFirstCues open organisation names, in several languages ("Universidade
// de Lisboa", "Clínica Estrela", "Estudio Lamela", "GC Amicitia Zürich").
var orgFirstCues = lang.Words(`universidade universidad université universität università university clínica
	clinica clinique klinik hospital hôpital estudio studio banco banca instituto institut escola escuela
	colegio colégio liceu liceo café cafe restaurante gc fc ac sc cf sv club`)

// introNouns introduce an organisation's name: "a startup called
// Brightwater", "the band Tidewater", "my company, Norvik".
var introNouns = lang.Words(`company startup firm business agency band quartet trio quintet orchestra choir
	ensemble clinic hospital school university college academy café cafe restaurant bakery bar shop
	store gym charity nonprofit non-profit foundation label publisher studio lab club pub salon bookshop
	bookstore hotel brewery team roastery distillery winery consultancy boutique`)
