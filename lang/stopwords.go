package lang

// StopWords is the English stop-word list: articles, personal pronouns and
// their possessives, prepositions, conjunctions and forms of "be". Each
// use below extends it by the few words that use needs; keys are lower
// case, and callers only read the sets.
var StopWords = Words(`a an and are as at be been but by for from he her him his i if in into is it
	me my no not of on or our she so than that the their them then these they this those to was we were
	with you your`)

// questionWords are the auxiliaries and question words a question is
// made of, and a few more function words that match most turns.
const questionWords = `about being can could did do does had has have how such there what when where
	which who whom whose why will would`

// SearchStopWords are left out of full-text queries: StopWords and the
// question words, with "doing" and "hers". Together they hold the stop set
// of Lucene's EnglishAnalyzer, which the turn index applies anyway, and the
// function words that match most turns and so only add noise to a question.
var SearchStopWords = Union(StopWords, Words(questionWords), Words(`doing hers`))

// ContentStopWords are the words of a query not worth matching against
// memories: StopWords and the question words, with quantifiers and a few
// adverbs ("many", "just", "very").
var ContentStopWords = Union(StopWords, Words(questionWords), Words(`its all also any just many more most
	much other should some very`))

// NameStopWords never continue a name ("Caroline And Mel" is two names):
// StopWords with a few more conjunctions and pronouns.
var NameStopWords = Union(StopWords, Words(`am its nor onto us yet`))
