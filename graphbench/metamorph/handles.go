package metamorph

import (
	"strings"
)

// Handles relabels every speaker the way messaging apps show people: a
// handle ("@hana.k"), a user name ("hana_92") or a misspelt display name
// ("Hanaa"), cycled over the speakers. The text is unchanged, so the
// name a speaker goes by in the text becomes an alias of the label, as
// the gold guideline names speakers.
func Handles(c Conv) Conv {
	out := c.clone()
	rename := map[string]string{}
	for i, s := range c.Speakers() {
		if strings.ContainsAny(s, "@._") || kinNames[strings.ToLower(s)] {
			continue
		}
		low := strings.ToLower(strings.Fields(s)[0])
		switch i % 3 {
		case 0:
			rename[s] = "@" + low + ".k"
		case 1:
			rename[s] = low + "_92"
		default:
			r := []rune(s)
			rename[s] = s + string(r[len(r)-1])
		}
	}
	for i := range out.Turns {
		if n, ok := rename[out.Turns[i].Speaker]; ok {
			out.Turns[i].Speaker = n
		}
	}
	for i, e := range out.Entities {
		if n, ok := rename[e.Name]; ok {
			out.Entities[i].Name = n
			out.Entities[i].Aliases = appendNew(out.Entities[i].Aliases, e.Name)
		}
		// A speaker whose label changed between sessions ("Priyaa", then
		// "priya") has the other label as an alias: relabelled, it stays one.
		for _, a := range e.Aliases {
			if n, ok := rename[a]; ok {
				out.Entities[i].Aliases = appendNew(out.Entities[i].Aliases, n)
			}
		}
	}
	out.renameEnds(rename)
	return out
}
