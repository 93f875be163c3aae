// Loci's schema. Applied on every start and by `loci migrate`; every
// statement is idempotent (IF NOT EXISTS). Statements end with a semicolon.
//
// Identity: every node has a uid derived from (tenant, conversation, id) and
// a uniqueness constraint on it, and carries its tenant.
CREATE CONSTRAINT conversation_uid IF NOT EXISTS FOR (n:Conversation) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT session_uid IF NOT EXISTS FOR (n:Session) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT turn_uid IF NOT EXISTS FOR (n:Turn) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT speaker_uid IF NOT EXISTS FOR (n:Speaker) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT speaker_alias_uid IF NOT EXISTS FOR (n:SpeakerAlias) REQUIRE n.uid IS UNIQUE;
// Scans by tenant and conversation (delete, listing, ordered turn walks).
CREATE INDEX conversation_tenant IF NOT EXISTS FOR (n:Conversation) ON (n.tenant);
CREATE INDEX session_scope IF NOT EXISTS FOR (n:Session) ON (n.tenant, n.conversation);
CREATE INDEX speaker_scope IF NOT EXISTS FOR (n:Speaker) ON (n.tenant, n.conversation);
CREATE INDEX speaker_alias_scope IF NOT EXISTS FOR (n:SpeakerAlias) ON (n.tenant, n.conversation);
CREATE INDEX turn_scope IF NOT EXISTS FOR (n:Turn) ON (n.tenant, n.conversation, n.seq);
// Full-text over turn text. The *_key properties are opaque tokens derived
// from tenant, conversation and lower-cased speaker, so one Lucene query can
// scope by them whatever characters the names contain.
CREATE FULLTEXT INDEX turn_text IF NOT EXISTS FOR (n:Turn) ON EACH [n.text, n.tenant_key, n.conversation_key, n.speaker_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
// Full-text over each turn's context window: its text after the texts of
// up to two messages before it in its session (any speaker; window, see
// ontology.ContextWindow), scoped like turn_text, so a turn can be found by
// a subject named only in a message before it. `loci migrate` fills the
// window of turns stored before it existed before creating this index.
CREATE FULLTEXT INDEX turn_window IF NOT EXISTS FOR (n:Turn) ON EACH [n.window, n.tenant_key, n.conversation_key, n.speaker_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
// Knowledge drawn from turns: entities, facts, events, profile facts and the
// decisions that merged them, each scoped to a tenant and conversation.
CREATE CONSTRAINT entity_uid IF NOT EXISTS FOR (n:Entity) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT fact_uid IF NOT EXISTS FOR (n:Fact) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT event_uid IF NOT EXISTS FOR (n:Event) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT profile_fact_uid IF NOT EXISTS FOR (n:ProfileFact) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT merge_decision_uid IF NOT EXISTS FOR (n:MergeDecision) REQUIRE n.uid IS UNIQUE;
CREATE INDEX entity_scope IF NOT EXISTS FOR (n:Entity) ON (n.tenant, n.conversation);
CREATE INDEX fact_scope IF NOT EXISTS FOR (n:Fact) ON (n.tenant, n.conversation);
CREATE INDEX event_scope IF NOT EXISTS FOR (n:Event) ON (n.tenant, n.conversation);
CREATE INDEX profile_fact_scope IF NOT EXISTS FOR (n:ProfileFact) ON (n.tenant, n.conversation);
CREATE INDEX merge_decision_scope IF NOT EXISTS FOR (n:MergeDecision) ON (n.tenant, n.conversation);
// Full-text over fact statements, scoped like turns: subject_key is the
// speaker key of the fact's subject, so a speaker scope applies to facts
// about that speaker.
CREATE FULLTEXT INDEX fact_text IF NOT EXISTS FOR (n:Fact) ON EACH [n.statement, n.tenant_key, n.conversation_key, n.subject_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
// Entity names and aliases, for finding entities by name.
CREATE FULLTEXT INDEX entity_name IF NOT EXISTS FOR (n:Entity) ON EACH [n.name, n.aliases_text, n.tenant_key, n.conversation_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: false}};
// Anchors: consolidated entity profiles and cross-session topics, built
// from the knowledge above and kept tied to their source turns.
CREATE CONSTRAINT profile_uid IF NOT EXISTS FOR (n:Profile) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT topic_uid IF NOT EXISTS FOR (n:Topic) REQUIRE n.uid IS UNIQUE;
CREATE INDEX profile_scope IF NOT EXISTS FOR (n:Profile) ON (n.tenant, n.conversation);
CREATE INDEX topic_scope IF NOT EXISTS FOR (n:Topic) ON (n.tenant, n.conversation);
CREATE INDEX entity_stale IF NOT EXISTS FOR (n:Entity) ON (n.stale);
// Events have no full-text index: no statement searches them by text (the
// anchors read a conversation's events by scope and rank them by their
// vectors), and every index on a label costs each write of it at commit.
// One an older Loci created is dropped.
DROP INDEX event_text IF EXISTS;
CREATE FULLTEXT INDEX profile_text IF NOT EXISTS FOR (n:Profile) ON EACH [n.text, n.tenant_key, n.conversation_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
CREATE FULLTEXT INDEX topic_text IF NOT EXISTS FOR (n:Topic) ON EACH [n.label, n.summary, n.tenant_key, n.conversation_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
// Bursts: consecutive messages of one speaker sent close together, stored
// beside their member turns (HAS_MEMBER) as one retrieval unit, scoped like
// turns. Only bursts of more than one turn are stored.
CREATE CONSTRAINT burst_uid IF NOT EXISTS FOR (n:Burst) REQUIRE n.uid IS UNIQUE;
CREATE INDEX burst_scope IF NOT EXISTS FOR (n:Burst) ON (n.tenant, n.conversation, n.seq);
CREATE FULLTEXT INDEX burst_text IF NOT EXISTS FOR (n:Burst) ON EACH [n.text, n.tenant_key, n.conversation_key, n.speaker_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
