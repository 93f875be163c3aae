package rules

import (
	"slices"
	"testing"
)

// TestLocatedBusinessChats checks h14-located23's readings on short chats and
// their adversarial twins (testdata/located_business_cases.txt and
// testdata/located_business_negatives.txt, one block a case, named after the
// reading): "it's the care home in Harrogate" and "its just outside
// Hebden Bridge" after a business was named, "they've just opened a
// second shop in Leeds", "the Ford plant in Dagenham", "X, the bar on
// Stokes Croft", "at Indus School of Management, Bangalore", "the Copper
// Kettle in Hebden Bridge does …", "ive been in brixton 8 yrs", "we're
// in a flat in Bedminster now", "plenty of room here in Swansea", "my
// spare room in Hillsborough", "Ollie's got a flat in Clifton" and "he's
// from Gary originally"; the twins ask, hedge, plan, deny, visit, stay,
// list, or speak of a home, a show or a person instead.
func TestLocatedBusinessChats(t *testing.T) {
	checkChatCases(t, slices.Concat(readChatCases(t, "testdata/located_business_cases.txt"),
		readChatCases(t, "testdata/located_business_negatives.txt")))
}
