package rules

import "testing"

// TestVocativeKin: a parent or grandparent called "dad", "mum", "nan" by
// a speaker, or "son" by one labelled a parent (testdata/vocative_kin.txt).
func TestVocativeKin(t *testing.T) { wantCurrentRelations(t, "vocative_kin.txt") }

// TestVocativeKinNegatives: retorts, chats labelled by name, kin words as
// subjects, objects or answers, a third speaker between and "son" between
// mates draw no FAMILY_OF (testdata/vocative_kin_negatives.txt).
func TestVocativeKinNegatives(t *testing.T) { wantNoCurrentRelation(t, "vocative_kin_negatives.txt") }
