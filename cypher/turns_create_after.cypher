// Not a statement of its own: what a batch stored with its knowledge
// (Store.AddBatch) writes after its turns in turns_create's round trip,
// placed at turns_create's {{after}}, in this order: its bursts
// (bursts_write), the aliases its speakers used (speaker_aliases_learn),
// then its knowledge (knowledge_write). Each reads its own parameter
// list; an empty list writes nothing. The enrichment of pending turns
// runs the three as statements of their own.
CALL () {
{{bursts}}
}
CALL () {
{{aliases}}
}
{{knowledge}}
