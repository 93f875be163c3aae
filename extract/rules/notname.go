package rules

import (
	"iter"
	"maps"
	"sync"

	"github.com/loci-memory/loci/lang"
)

// notNameSet is every word readNotNameWord holds: it holds only words of
// its lists, so each of their words is read once. It is gathered on first
// use, after the package's init functions have added to the lists, which
// nothing changes later.
var notNameSet = sync.OnceValue(func() map[string]bool {
	words := map[string]bool{}
	each := func(keys iter.Seq[string]) {
		for w := range keys {
			if readNotNameWord(w) {
				words[w] = true
			}
		}
	}
	each(maps.Keys(thirdSingular))
	each(maps.Keys(lang.Months))
	each(maps.Keys(lang.Weekdays))
	for _, m := range []map[string]bool{commonWords, functionWords, adverbs, npStops, pronounish, greetingWords,
		lang.IrregularPast, modalWords, lang.PlanVerbs, petSpecies, reportVerbs, kinVerbs, whWords} {
		each(maps.Keys(m))
	}
	each(maps.Keys(lang.NumberWords))
	each(maps.Keys(roleWords))
	each(maps.Keys(likeVerbs))
	each(maps.Keys(hobbyVerbs))
	return words
})
