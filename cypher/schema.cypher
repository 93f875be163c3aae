// Loci's schema. Applied on every start and by `loci migrate`; every
// statement is idempotent (IF NOT EXISTS). Statements end with a semicolon.
//
// Identity: every node has a uid derived from (tenant, conversation, id) and
// a uniqueness constraint on it, and carries its tenant.
CREATE CONSTRAINT conversation_uid IF NOT EXISTS FOR (n:Conversation) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT session_uid IF NOT EXISTS FOR (n:Session) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT turn_uid IF NOT EXISTS FOR (n:Turn) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT speaker_uid IF NOT EXISTS FOR (n:Speaker) REQUIRE n.uid IS UNIQUE;
// Scans by tenant and conversation (delete, listing, ordered turn walks).
CREATE INDEX conversation_tenant IF NOT EXISTS FOR (n:Conversation) ON (n.tenant);
CREATE INDEX session_scope IF NOT EXISTS FOR (n:Session) ON (n.tenant, n.conversation);
CREATE INDEX speaker_scope IF NOT EXISTS FOR (n:Speaker) ON (n.tenant, n.conversation);
CREATE INDEX turn_scope IF NOT EXISTS FOR (n:Turn) ON (n.tenant, n.conversation, n.seq);
// Full-text over turn text. The *_key properties are opaque tokens derived
// from tenant, conversation and lower-cased speaker, so one Lucene query can
// scope by them whatever characters the names contain.
CREATE FULLTEXT INDEX turn_text IF NOT EXISTS FOR (n:Turn) ON EACH [n.text, n.tenant_key, n.conversation_key, n.speaker_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
