package rules

import "testing"

// TestKin30: kin said by address and by title in a family's chat: kin
// words of other Englishes, a parent's "my son" after a name or a
// congratulation, "ma" and "pa" called, a brother or sister called where a
// parent speaks (testdata/kin30.txt).
func TestKin30(t *testing.T) { wantCurrentRelations(t, "kin30.txt") }

// TestKin30Negatives: titles of respect for elders who are no kin, sibling
// words between mates, a mother's endearment, verdicts, objects, a word
// of the other sex, two who may be called, a son spoken of and questions
// draw no FAMILY_OF (testdata/kin30_negatives.txt).
func TestKin30Negatives(t *testing.T) { wantNoCurrentRelation(t, "kin30_negatives.txt") }

// TestAttachmentTag: a message's opening attachment tag is dropped, a
// tag alone or inside the message is kept.
func TestAttachmentTag(t *testing.T) {
	checkRewrites(t, attachmentTag, `
		[voice note 0:52] ja hello => ja hello
		<photo> she said yes => she said yes
		<Media omitted> => <Media omitted>
		look [photo] here => look [photo] here
		[sic] he said => [sic] he said`)
}
