// Knowledge write, the one read of a batch (plan.SnapshotQuery says what)
// when its turns are stored already (an enrichment of pending turns); a
// batch stored with its knowledge reads the same in turns_prepare. The
// reads are knowledge_snapshot_reads, placed at {{snapshot}}.
{{snapshot}}
RETURN entities, profiles, relations, turns
