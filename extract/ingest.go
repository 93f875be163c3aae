// Package extract is Loci's write path: it validates turns and turns them
// into what is stored: the turns, their embeddings, and the entities,
// relations, facts, events and profile facts drawn from them.
package extract

import (
	"context"
	"sync"
	"time"

	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/plan"
)

// ConflictResolver decides profile conflicts the merge rules find
// ambiguous (an LLM, when one is configured).
type ConflictResolver interface {
	ResolveProfileConflict(ctx context.Context, subject string, current, incoming ontology.ProfileFact) (ontology.MergeDecision, ontology.ExtractUsage, error)
}

// ProfileReader reads the current profile facts of a conversation's
// subjects, so ambiguous conflicts can be put to a ConflictResolver before
// the write.
type ProfileReader interface {
	CurrentProfile(ctx context.Context, tenant, conversation string, subjects []ontology.EntityRef) ([]ontology.ProfileFact, error)
}

// BurstTailReader reads a conversation's last retrieval unit (the burst
// holding its last turn, or that turn), which a new batch may continue.
// Stores without it get bursts within each batch only.
type BurstTailReader interface {
	BurstTail(ctx context.Context, tenant, conversation string) ([]ontology.Turn, error)
}

// BatchContextReader reads in one round trip what a new batch needs of
// its conversation before it is stored: the speakers, the extraction
// context (up to limit turns) and the burst tail. Stores without it are
// read with Speakers, RecentTurns and BurstTail.
type BatchContextReader interface {
	BatchContext(ctx context.Context, tenant, conversation string, exclude []string, limit int) (ontology.BatchContext, error)
}

// PlanInWrite is a store that reads what a batch's speaker aliases and
// bursts are planned from inside its write transaction and calls the
// batch's Plan there (ontology.TurnBatch.Plan).
type PlanInWrite interface {
	PlansInWrite() bool
}

// Ingestor accepts batches of turns for a conversation. The REST API and the
// importers share it, so every path applies the same rules.
type Ingestor struct {
	store      ontology.TurnStore
	embedder   ontology.Embedder // nil: stored without vectors
	extractors []ontology.Extractor
	resolver   ConflictResolver // nil: ambiguous conflicts keep both values
	profiles   ProfileReader
	observe    func(ontology.IngestResult) // nil: none
	burstGap   time.Duration
	names      NameLexicon // nil: lang's first names only
}

// NewIngestor returns an Ingestor writing to store, embedding each batch
// with embedder unless it is nil, and drawing knowledge from it with each
// of extractors.
func NewIngestor(store ontology.TurnStore, embedder ontology.Embedder, extractors ...ontology.Extractor) *Ingestor {
	return &Ingestor{store: store, embedder: embedder, extractors: extractors, burstGap: plan.DefaultBurstGap}
}

// WithBurstGap sets the longest pause between two messages of one speaker
// that keeps them in one burst (plan.DefaultBurstGap by default); 0 or
// less stores no bursts.
func (in *Ingestor) WithBurstGap(gap time.Duration) *Ingestor {
	in.burstGap = gap
	return in
}

// bursts plans the bursts the batch creates or grows (plan.Bursts), after
// the conversation's last stored unit (for an enrichment, at != nil: the
// unit just before the batch; pre's tail when it was read already), and
// returns the ids of that unit's turns. Reading the tail is best effort: when it fails, bursts are built
// within the batch only.
func (in *Ingestor) bursts(ctx context.Context, tenant, conversation string, turns []ontology.Turn, at *int64, pre *ontology.BatchContext) ([]ontology.Burst, []string) {
	if in.burstGap <= 0 {
		return nil, nil
	}
	var tail []ontology.Turn
	if pre != nil {
		tail = pre.BurstTail
	} else if r, ok := in.store.(positionReader); ok && at != nil {
		if t, err := r.BurstTailBefore(ctx, tenant, conversation, *at); err == nil {
			tail = t
		}
	} else if r, ok := in.store.(BurstTailReader); ok {
		if t, err := r.BurstTail(ctx, tenant, conversation); err == nil {
			tail = t
		}
	}
	ids := make([]string, len(tail))
	for i, t := range tail {
		ids[i] = t.ID
	}
	return plan.Bursts(tail, turns, in.burstGap), ids
}

// WithNameLexicon makes in read the speaker aliases it learns against
// names (LearnAliases).
func (in *Ingestor) WithNameLexicon(names NameLexicon) *Ingestor {
	in.names = names
	return in
}

// WithConflictResolver makes in put ambiguous profile conflicts to r,
// reading current profiles through p.
func (in *Ingestor) WithConflictResolver(r ConflictResolver, p ProfileReader) *Ingestor {
	in.resolver, in.profiles = r, p
	return in
}

// WithObserver makes in call f with the result of every batch it stores
// (cmd/loci counts them in metrics). f must be cheap and safe for
// concurrent use.
func (in *Ingestor) WithObserver(f func(ontology.IngestResult)) *Ingestor {
	in.observe = f
	return in
}

// Extractors lists the ids of the configured extractors.
func (in *Ingestor) Extractors() []string {
	out := make([]string, len(in.extractors))
	for i, x := range in.extractors {
		out[i] = x.ID()
	}
	return out
}

// EmbeddingText is the text of a turn that its vector represents.
func EmbeddingText(t ontology.Turn) string { return t.Text }

// AddTurns ingests a batch: Ingest with no precomputed knowledge.
func (in *Ingestor) AddTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn) (ontology.IngestResult, error) {
	return in.Ingest(ctx, tenant, conversation, turns, nil)
}

// Ingest gives turns sent without an id one of Loci's own (see
// assignTurnIDs), validates the whole batch, extracts knowledge from it, embeds the
// turns and the facts, then stores everything in one transaction. A batch
// with any invalid turn, or whose embedding fails, stores nothing; a batch
// is acknowledged only once turns, vectors and knowledge are committed. An
// extractor that fails does not fail the batch: the turns are stored and
// the failure is reported in the result's knowledge report. precomputed,
// when not nil, is knowledge drawn elsewhere (an importer's) stored with
// the batch.
func (in *Ingestor) Ingest(ctx context.Context, tenant, conversation string, turns []ontology.Turn, precomputed *ontology.Extraction) (ontology.IngestResult, error) {
	tenant, ids, err := checkBatch(tenant, conversation, turns)
	if err != nil {
		return ontology.IngestResult{}, err
	}
	batch, usage, err := in.prepare(ctx, tenant, conversation, turns, precomputed, nil)
	if err != nil {
		return ontology.IngestResult{}, err
	}
	res, err := in.store.AddBatch(ctx, tenant, conversation, batch)
	if err != nil {
		return ontology.IngestResult{}, err
	}
	res.IDs = ids
	res.Enrichment = ontology.EnrichmentDone
	in.report(&res, usage)
	return res, nil
}

// report finishes a stored batch's result (the extractors' usage) and
// passes it to the observer.
func (in *Ingestor) report(res *ontology.IngestResult, usage []ontology.ExtractUsage) {
	if res.Knowledge != nil {
		res.Knowledge.Extractors = usage
		if res.Knowledge.Extractors == nil {
			res.Knowledge.Extractors = []ontology.ExtractUsage{}
		}
	}
	if in.observe != nil {
		in.observe(*res)
	}
}

// prepare draws everything a batch stores besides its turns: speaker
// aliases, knowledge (with its profile rulings), bursts and every vector.
// at is nil for a batch not stored yet; for an enrichment it is the seq of
// the batch's first turn, and the extraction context and the burst tail
// are read from just before it (later batches may be stored already).
func (in *Ingestor) prepare(ctx context.Context, tenant, conversation string, turns []ontology.Turn, precomputed *ontology.Extraction, at *int64) (ontology.TurnBatch, []ontology.ExtractUsage, error) {
	batch := ontology.TurnBatch{Turns: turns, Extracted: len(in.extractors) > 0 || precomputed != nil}
	if in.planInWrite(at) && precomputed == nil {
		// Nothing is embedded, extracted or given: the aliases and bursts are
		// planned in the store's write transaction from what it reads
		// there, and the batch costs one transaction.
		batch.Plan = func(c ontology.BatchContext, b *ontology.TurnBatch) {
			b.SpeakerAliases = LearnAliases(turns, in.speakers(ctx, tenant, conversation, turns, &c), in.names)
			b.Bursts, b.BurstTail = in.bursts(ctx, tenant, conversation, turns, at, &c)
		}
		return batch, nil, nil
	}

	pre := in.readBefore(ctx, tenant, conversation, turns, at)
	var usage []ontology.ExtractUsage
	var kv knowledgeVectors
	var kerr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		speakers := in.speakers(ctx, tenant, conversation, turns, pre)
		batch.SpeakerAliases = LearnAliases(turns, speakers, in.names)
		if len(in.extractors) > 0 {
			batch.Knowledge, usage = in.extract(ctx, tenant, conversation, turns, speakers, at, pre)
			if precomputed == nil {
				// The knowledge is final: its facts and events are embedded
				// now, while the turns are, not after them.
				kv, kerr = in.embedKnowledge(ctx, batch.Knowledge)
			}
		}
	}()
	var err error
	batch.Bursts, batch.BurstTail = in.bursts(ctx, tenant, conversation, turns, at, pre)
	if in.embedder != nil {
		texts := make([]string, 0, len(turns)+len(batch.Bursts))
		for _, t := range turns {
			texts = append(texts, EmbeddingText(t))
		}
		for _, b := range batch.Bursts {
			texts = append(texts, b.Text)
		}
		var v [][]float32
		if v, err = in.embed(ctx, texts); err == nil {
			batch.Vectors = v[:len(turns)]
			if len(batch.Bursts) > 0 {
				batch.BurstVectors = v[len(turns):]
			}
		}
	}
	wg.Wait()
	if err != nil {
		return batch, nil, err
	}
	if precomputed != nil {
		ids := turnIDs(turns)
		clean, _ := ontology.SanitiseExtraction(*precomputed, ids)
		batch.Knowledge.Merge(clean)
		kv, kerr = in.embedKnowledge(ctx, batch.Knowledge)
	}
	if kerr != nil {
		return batch, nil, kerr
	}
	batch.SpeakerAliases = UntypedAliases(batch.SpeakerAliases, batch.Knowledge.Entities)
	batch.FactVectors, batch.EventVectors = kv.facts, kv.events
	if in.resolver != nil && in.profiles != nil && len(batch.Knowledge.Profile) > 0 {
		rulings, u := in.rule(ctx, tenant, conversation, batch.Knowledge.Profile)
		batch.ProfileRulings = rulings
		usage = append(usage, u...)
	}
	return batch, usage, nil
}

// knowledgeVectors are the vectors of a batch's facts and of its events,
// in order (nil when there are none or no embedder).
type knowledgeVectors struct{ facts, events [][]float32 }

// embedKnowledge embeds k's fact statements and event descriptions in
// one call, as embed does (a failure stores nothing).
func (in *Ingestor) embedKnowledge(ctx context.Context, k ontology.Extraction) (knowledgeVectors, error) {
	var out knowledgeVectors
	if in.embedder == nil || len(k.Facts)+len(k.Events) == 0 {
		return out, nil
	}
	nf := len(k.Facts)
	texts := make([]string, 0, nf+len(k.Events))
	for _, f := range k.Facts {
		texts = append(texts, f.Statement)
	}
	for _, e := range k.Events {
		texts = append(texts, e.What)
	}
	v, err := in.embed(ctx, texts)
	if err != nil {
		return out, err
	}
	if nf > 0 {
		out.facts = v[:nf]
	}
	if len(v) > nf {
		out.events = v[nf:]
	}
	return out, nil
}

// planInWrite reports whether a batch is planned in the store's write
// transaction (ontology.TurnBatch.Plan): a new batch (at == nil) with no
// embedder and no extractor, for a store that can.
func (in *Ingestor) planInWrite(at *int64) bool {
	w, ok := in.store.(PlanInWrite)
	return ok && w.PlansInWrite() && at == nil && in.embedder == nil && len(in.extractors) == 0
}

// readBefore reads what a new batch (at == nil) needs of its conversation
// in one round trip when the store can (BatchContextReader); nil when it
// cannot, for an enrichment, or when the read fails (each part is then
// read on its own, best effort as before).
func (in *Ingestor) readBefore(ctx context.Context, tenant, conversation string, turns []ontology.Turn, at *int64) *ontology.BatchContext {
	r, ok := in.store.(BatchContextReader)
	if !ok || at != nil {
		return nil
	}
	limit := 0
	if len(in.extractors) > 0 {
		limit = ContextTurns
	}
	ids := make([]string, len(turns))
	for i, t := range turns {
		ids[i] = t.ID
	}
	c, err := r.BatchContext(ctx, tenant, conversation, ids, limit)
	if err != nil {
		return nil
	}
	return &c
}

// embed embeds texts, mapping any failure to EUnavailable (nothing stored).
func (in *Ingestor) embed(ctx context.Context, texts []string) ([][]float32, error) {
	v, err := in.embedder.Embed(ctx, texts)
	if err != nil {
		return nil, &ontology.Error{Code: ontology.EUnavailable,
			Message: "embedding the batch failed (" + in.embedder.ID() + "); nothing was stored", Err: err}
	}
	if len(v) != len(texts) {
		return nil, ontology.Errorf(ontology.EInternal, "embedder %s returned %d vectors for %d texts", in.embedder.ID(), len(v), len(texts))
	}
	return v, nil
}

// extract runs every extractor on the batch and merges their sanitised
// output. Failures are reported in the usage, never returned.
func (in *Ingestor) extract(ctx context.Context, tenant, conversation string, turns []ontology.Turn, speakers []string, at *int64, pre *ontology.BatchContext) (ontology.Extraction, []ontology.ExtractUsage) {
	req := ontology.ExtractRequest{Tenant: tenant, Conversation: conversation, Turns: turns,
		Speakers: speakers, Context: in.context(ctx, tenant, conversation, turns, at, pre)}
	if pre != nil {
		req.StoredNames, req.SpeakerGroups, req.ChatGroups = pre.Names, pre.Groups, pre.ChatGroups
	}
	ids := turnIDs(turns)
	var out ontology.Extraction
	usage := make([]ontology.ExtractUsage, 0, len(in.extractors))
	for _, x := range in.extractors {
		got, u, err := x.Extract(ctx, req)
		if u.Extractor == "" {
			u.Extractor = x.ID()
		}
		if err != nil {
			if u.Error == "" {
				u.Error = err.Error()
			}
			usage = append(usage, u)
			continue
		}
		clean, _ := ontology.SanitiseExtractionWithContext(got, ids, turnIDs(req.Context))
		out.Merge(clean)
		usage = append(usage, u)
	}
	return out, usage
}

// ContextTurns is how many turns stored just before a batch its
// extractors read as context: agents often send one turn per call, and
// "he", "the company" or "Brightwater" then name what an earlier call said.
const ContextTurns = 6

// context reads the turns stored just before the batch (pre's, when they
// were read already). It is a hint: a failed read leaves it empty and the
// batch is extracted without it.
func (in *Ingestor) context(ctx context.Context, tenant, conversation string, turns []ontology.Turn, at *int64, pre *ontology.BatchContext) []ontology.Turn {
	if pre != nil {
		return pre.Recent
	}
	if r, ok := in.store.(positionReader); ok && at != nil {
		before, err := r.TurnsBefore(ctx, tenant, conversation, *at, ContextTurns)
		if err != nil {
			return nil
		}
		return before
	}
	ids := make([]string, len(turns))
	for i, t := range turns {
		ids[i] = t.ID
	}
	recent, err := in.store.RecentTurns(ctx, tenant, conversation, ids, ContextTurns)
	if err != nil {
		return nil
	}
	return recent
}

// speakers lists the conversation's known speakers (pre's, when they were
// read already) and the batch's.
func (in *Ingestor) speakers(ctx context.Context, tenant, conversation string, turns []ontology.Turn, pre *ontology.BatchContext) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	var stored []string
	if pre != nil {
		stored = pre.Speakers
	} else if got, err := in.store.Speakers(ctx, tenant, conversation); err == nil {
		stored = got
	}
	for _, s := range stored {
		add(s)
	}
	for _, t := range turns {
		add(t.Speaker)
	}
	return out
}

// rule puts the profile conflicts the merge rules find ambiguous
// (plan.ProfileConflicts, the planner's own decision) to the resolver, one
// call each, and returns its rulings. The planner decides again inside the
// write and applies a ruling only if the same conflict is still there.
func (in *Ingestor) rule(ctx context.Context, tenant, conversation string, incoming []ontology.ProfileFact) ([]ontology.MergeDecision, []ontology.ExtractUsage) {
	subjects := map[string]ontology.EntityRef{}
	for _, p := range incoming {
		subjects[ontology.NormaliseName(p.Subject.Name)] = p.Subject
	}
	refs := make([]ontology.EntityRef, 0, len(subjects))
	for _, r := range subjects {
		refs = append(refs, r)
	}
	current, err := in.profiles.CurrentProfile(ctx, tenant, conversation, refs)
	if err != nil {
		return nil, []ontology.ExtractUsage{{Extractor: "profile-resolver", Error: err.Error()}}
	}
	var rulings []ontology.MergeDecision
	var usage []ontology.ExtractUsage
	for _, c := range plan.ProfileConflicts(current, incoming) {
		r, u, err := in.resolver.ResolveProfileConflict(ctx, c.Incoming.Subject.Name, c.Current, c.Incoming)
		if u.Extractor == "" {
			u.Extractor = "profile-resolver"
		}
		if err != nil {
			u.Error = err.Error()
		} else {
			r.Subject, r.Previous, r.Ambiguous = c.Incoming.Subject, c.Decision.Previous, true
			rulings = append(rulings, r)
		}
		usage = append(usage, u)
	}
	return rulings, usage
}

func turnIDs(turns []ontology.Turn) map[string]bool {
	ids := make(map[string]bool, len(turns))
	for _, t := range turns {
		ids[t.ID] = true
	}
	return ids
}
