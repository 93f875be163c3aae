package lang

import "time"

// Months maps month names (and, for dates, abbreviations) to months.
var Months = map[string]time.Month{
	"january": time.January, "february": time.February, "march": time.March, "april": time.April,
	"may": time.May, "june": time.June, "july": time.July, "august": time.August,
	"september": time.September, "october": time.October, "november": time.November, "december": time.December,
}

// monthAbbrevs are abbreviated month names, accepted only in full dates.
var monthAbbrevs = map[string]time.Month{
	"jan": time.January, "feb": time.February, "mar": time.March, "apr": time.April,
	"jun": time.June, "jul": time.July, "aug": time.August, "sep": time.September, "sept": time.September,
	"oct": time.October, "nov": time.November, "dec": time.December,
}

// Weekdays maps weekday names to weekdays.
var Weekdays = map[string]time.Weekday{
	"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday, "thursday": time.Thursday,
	"friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday,
}

// seasons maps season names to the first month of the season (northern
// hemisphere meteorological seasons).
var seasons = map[string]time.Month{
	"spring": time.March, "summer": time.June, "fall": time.September, "autumn": time.September,
	"winter": time.December,
}

// NumberWords are the counting words accepted in "N days ago" and ages.
var NumberWords = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
	"sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}

// FirstNames is a small list of common given names: a capitalised word
// found here is a person even at the start of a sentence. Names that are
// also common words (Will, May, Hope, Grace) are left out.
var FirstNames = Words(`james john robert michael william david richard joseph thomas charles daniel
	matthew anthony steven paul andrew joshua kevin brian george timothy ryan jacob gary nicholas eric
	jonathan stephen larry justin scott brandon benjamin samuel gregory alexander patrick frank raymond
	jack dennis jerry tyler aaron jose adam nathan henry zachary douglas peter kyle noah ethan jeremy
	walter christian keith roger terry sean gerald carl harold dylan arthur lawrence jordan jesse bryan
	billy bruce gabriel joe logan alan juan albert willie elijah wayne randy vincent mason roy ralph
	bobby russell bradley philip eugene liam lucas oliver leo sam tom tim ben dan dave mike nate nick
	chris alex jon matt tony jim bob ted ian evan owen luke caleb isaac hugo felix oscar calvin andy
	dana casey morgan riley jamie mary patricia jennifer linda elizabeth barbara susan jessica sarah
	karen lisa nancy betty margaret sandra ashley kimberly emily donna michelle carol amanda melissa
	deborah stephanie rebecca sharon laura cynthia kathleen amy angela shirley anna brenda pamela emma
	nicole helen samantha katherine christine debra rachel carolyn janet catherine maria heather diane
	ruth julie olivia joyce kelly lauren christina joan evelyn judith megan andrea cheryl hannah
	jacqueline martha gloria teresa ann sara frances kathryn janice jean abigail alice judy sophia
	denise amber doris marilyn danielle beverly isabella theresa diana natalie brittany marie kayla
	alexis lori caroline melanie mel joanna jolene deb kate katie jess jen liz beth ellie ella mia chloe
	zoe lily lucy ava nora ruby eva claire clara anne jane julia sophie maya leah naomi tina gina nina
	rosa sofia lucia elena audrey maria priya aisha fatima mohammed muhammad ahmed ali omar yuki hiro
	wei mei chen raj arjun carlos luis miguel pedro diego sofia camila valentina mateo ana tess`)

// PlanVerbs followed by "to" turn what follows into a plan ("I want to
// move to Paris").
var PlanVerbs = Words(`want wants wanted plan plans planned planning hope hoping hoped need needs needed
	try trying tried intend intending going about supposed wish wishing decide decided thinking
	considering dream dreaming expect expecting`)

// IrregularPast are past-tense verbs that do not end in -ed.
var IrregularPast = Words(`went got made took saw met ran bought brought came found gave had began
	became built caught chose did drank drove ate fell felt fought flew forgave froze grew hung heard hid
	held kept knew laid led left lent lost meant paid rode rang rose said sold sent
	shook shot showed sang sank sat slept spent spoke stood stole stuck swam swung taught tore told
	thought threw understood woke won wore wrote dug fed bit blew broke lit overcame sought`)

// edAdjectives end in -ed but describe a state, not a past action.
var edAdjectives = Words(`excited interested tired married scared worried pleased surprised amazed bored
	used supposed based related inspired motivated blessed stressed thrilled obsessed dedicated
	determined committed devoted engaged involved prepared qualified retired talented tired
	overwhelmed exhausted relieved disappointed delighted impressed concerned confused
	frustrated annoyed terrified embarrassed ashamed amused fascinated shocked stuck named called
	titled allowed needed wanted hoped loved liked`)

// ingNouns end in -ing but are nouns, not activities.
var ingNouns = Words(`thing things something everything nothing anything morning mornings evening
	evenings king ring spring string wedding weddings building buildings ceiling sibling siblings darling
	pudding clothing setting meeting meetings feeling feelings earring earrings
	stuffing icing frosting filling housing lightning offspring`)

// futureMarkers make a sentence about the future.
var futureMarkers = Words(`will gonna shall upcoming soon plan plans planning planned next tomorrow
	hope hoping excited can't wait looking forward intend intending`)

// pastMarkers make a sentence about the past beyond past-tense verbs.
var pastMarkers = Words(`was were had did ago last yesterday been`)

// abbreviations do not end a sentence with their full stop.
var abbreviations = Words(`mr mrs ms dr st jr sr prof vs etc mt ft no approx dept est fig gen gov lt col
	sgt rev`)

// companyAbbrevs end a sentence only when a capitalised word follows.
var companyAbbrevs = Words(`inc corp ltd co llc`)
