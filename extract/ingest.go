// Package extract is Loci's write path: it validates turns and turns them
// into what is stored: the turns, their embeddings, and the entities,
// relations, facts, events and profile facts drawn from them.
package extract

import (
	"context"
	"sync"

	"github.com/loci-memory/loci/ontology"
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

// Ingestor accepts batches of turns for a conversation. The REST API and the
// importers share it, so every path applies the same rules.
type Ingestor struct {
	store      ontology.TurnStore
	embedder   ontology.Embedder // nil: stored without vectors
	extractors []ontology.Extractor
	resolver   ConflictResolver // nil: ambiguous conflicts keep both values
	profiles   ProfileReader
	observe    func(ontology.IngestResult) // nil: none
}

// NewIngestor returns an Ingestor writing to store, embedding each batch
// with embedder unless it is nil, and drawing knowledge from it with each
// of extractors.
func NewIngestor(store ontology.TurnStore, embedder ontology.Embedder, extractors ...ontology.Extractor) *Ingestor {
	return &Ingestor{store: store, embedder: embedder, extractors: extractors}
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

// Ingest validates the whole batch, extracts knowledge from it, embeds the
// turns and the facts, then stores everything in one transaction. A batch
// with any invalid turn, or whose embedding fails, stores nothing; a batch
// is acknowledged only once turns, vectors and knowledge are committed. An
// extractor that fails does not fail the batch: the turns are stored and
// the failure is reported in the result's knowledge report. precomputed,
// when not nil, is knowledge drawn elsewhere (an importer's) stored with
// the batch.
func (in *Ingestor) Ingest(ctx context.Context, tenant, conversation string, turns []ontology.Turn, precomputed *ontology.Extraction) (ontology.IngestResult, error) {
	if tenant == "" {
		tenant = ontology.DefaultTenant
	}
	if err := ontology.ValidateTurns(conversation, turns); err != nil {
		return ontology.IngestResult{}, err
	}
	batch := ontology.TurnBatch{Turns: turns, Extracted: len(in.extractors) > 0 || precomputed != nil}

	var usage []ontology.ExtractUsage
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		speakers := in.speakers(ctx, tenant, conversation, turns)
		batch.SpeakerAliases = LearnAliases(turns, speakers)
		if len(in.extractors) > 0 {
			batch.Knowledge, usage = in.extract(ctx, tenant, conversation, turns, speakers)
		}
	}()
	var err error
	if in.embedder != nil {
		texts := make([]string, len(turns))
		for i, t := range turns {
			texts[i] = EmbeddingText(t)
		}
		batch.Vectors, err = in.embed(ctx, texts)
	}
	wg.Wait()
	if err != nil {
		return ontology.IngestResult{}, err
	}
	if precomputed != nil {
		ids := turnIDs(turns)
		clean, _ := ontology.SanitiseExtraction(*precomputed, ids)
		batch.Knowledge.Merge(clean)
	}
	if in.embedder != nil && len(batch.Knowledge.Facts)+len(batch.Knowledge.Events) > 0 {
		nf := len(batch.Knowledge.Facts)
		texts := make([]string, 0, nf+len(batch.Knowledge.Events))
		for _, f := range batch.Knowledge.Facts {
			texts = append(texts, f.Statement)
		}
		for _, e := range batch.Knowledge.Events {
			texts = append(texts, e.What)
		}
		v, err := in.embed(ctx, texts)
		if err != nil {
			return ontology.IngestResult{}, err
		}
		if nf > 0 {
			batch.FactVectors = v[:nf]
		}
		if len(v) > nf {
			batch.EventVectors = v[nf:]
		}
	}
	if in.resolver != nil && in.profiles != nil && len(batch.Knowledge.Profile) > 0 {
		rulings, u := in.rule(ctx, tenant, conversation, batch.Knowledge.Profile)
		batch.ProfileRulings = rulings
		usage = append(usage, u...)
	}
	res, err := in.store.AddBatch(ctx, tenant, conversation, batch)
	if err != nil {
		return ontology.IngestResult{}, err
	}
	if res.Knowledge != nil {
		res.Knowledge.Extractors = usage
		if res.Knowledge.Extractors == nil {
			res.Knowledge.Extractors = []ontology.ExtractUsage{}
		}
	}
	if in.observe != nil {
		in.observe(res)
	}
	return res, nil
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
func (in *Ingestor) extract(ctx context.Context, tenant, conversation string, turns []ontology.Turn, speakers []string) (ontology.Extraction, []ontology.ExtractUsage) {
	req := ontology.ExtractRequest{Tenant: tenant, Conversation: conversation, Turns: turns, Speakers: speakers}
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
		clean, _ := ontology.SanitiseExtraction(got, ids)
		out.Merge(clean)
		usage = append(usage, u)
	}
	return out, usage
}

// speakers lists the conversation's known speakers and the batch's.
func (in *Ingestor) speakers(ctx context.Context, tenant, conversation string, turns []ontology.Turn) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	if stored, err := in.store.Speakers(ctx, tenant, conversation); err == nil {
		for _, s := range stored {
			add(s)
		}
	}
	for _, t := range turns {
		add(t.Speaker)
	}
	return out
}

// rule puts the profile conflicts the rules would find ambiguous to the
// resolver, one call each, and returns its rulings. The store re-applies
// the rules inside the write and uses a ruling only if the same conflict
// is still there.
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
	for _, p := range incoming {
		var same []ontology.ProfileFact
		for _, c := range current {
			if ontology.NormaliseName(c.Subject.Name) == ontology.NormaliseName(p.Subject.Name) && c.Topic == p.Topic && c.SubTopic == p.SubTopic {
				same = append(same, c)
			}
		}
		d := ontology.DecideProfile(same, p)
		if !d.Ambiguous {
			continue
		}
		var prev ontology.ProfileFact
		for _, c := range same {
			if c.Value == d.Previous {
				prev = c
			}
		}
		r, u, err := in.resolver.ResolveProfileConflict(ctx, p.Subject.Name, prev, p)
		if u.Extractor == "" {
			u.Extractor = "profile-resolver"
		}
		if err != nil {
			u.Error = err.Error()
		} else {
			r.Subject, r.Previous, r.Ambiguous = p.Subject, d.Previous, true
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
