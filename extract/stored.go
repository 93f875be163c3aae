package extract

import "github.com/loci-memory/loci/ontology"

// Stored is what a store holds of one conversation, as far as the next
// batch's extraction reads it back: the knowledge of the batches added so
// far and the groups they were read as the conversation's own chat of.
// In-process scorers replay a conversation batch by batch with it and so
// extract the way ingest does, without a store: Fill before each batch,
// Add after it.
type Stored struct {
	Knowledge  ontology.Extraction
	ChatGroups []ontology.EntityRef
}

// Fill sets what ontology.BatchContext would hand req's batch: the stored
// names (StoredNames), the groups req.Speakers hold (SpeakerGroups) and
// the recorded chat groups.
func (s *Stored) Fill(req *ontology.ExtractRequest) {
	req.StoredNames = StoredNames(s.Knowledge)
	req.SpeakerGroups = SpeakerGroups(s.Knowledge, req.Speakers)
	req.ChatGroups = s.ChatGroups
}

// Add stores a batch's extraction x, as the store records it: its
// knowledge, and its chat group on the conversation
// (ontology.RecordChatGroup).
func (s *Stored) Add(x ontology.Extraction) {
	s.ChatGroups = ontology.RecordChatGroup(s.ChatGroups, x.ChatGroup)
	s.Knowledge.Merge(x)
}
