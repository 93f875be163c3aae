// Not a statement of its own: what a batch stored with its knowledge
// (Store.AddBatch) writes after its turns in turns_create's round trip,
// placed at turns_create's {{after}}, in this order: its bursts
// (bursts_write), the aliases its speakers used (speaker_aliases_learn),
// the group it was read as the conversation's own chat of
// (conversation_own_group), then its knowledge (knowledge_write). Each
// reads its own parameter list; an empty list writes nothing. The
// enrichment of pending turns runs the four as statements of their own.
CALL () {
{{bursts}}
}
CALL () {
{{aliases}}
}
CALL () {
{{own_group}}
}
{{knowledge}}
