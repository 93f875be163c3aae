// Knowledge stored for the given conversations, by kind and extractor
// (typed relations and co-mention edges apart).
UNWIND $conversations AS conv
CALL (conv) {
  MATCH (f:Fact {tenant: $tenant, conversation: conv})
  RETURN 'facts' AS kind, f.extractor AS extractor, count(*) AS n
  UNION ALL
  MATCH (e:Event {tenant: $tenant, conversation: conv})
  RETURN 'events' AS kind, e.extractor AS extractor, count(*) AS n
  UNION ALL
  MATCH (p:ProfileFact {tenant: $tenant, conversation: conv})
  RETURN 'profile_facts' AS kind, p.extractor AS extractor, count(*) AS n
  UNION ALL
  MATCH (e:Entity {tenant: $tenant, conversation: conv})
  RETURN 'entities' AS kind, '' AS extractor, count(*) AS n
  UNION ALL
  MATCH (:Entity {tenant: $tenant, conversation: conv})-[r]->(:Entity)
  RETURN CASE type(r) WHEN 'MENTIONED_WITH' THEN 'co_mentions' ELSE 'relations' END AS kind,
         '' AS extractor, count(r) AS n
}
RETURN kind, extractor, sum(n) AS n
ORDER BY kind, extractor
