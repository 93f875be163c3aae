package extract

// TrackedConversations is how many conversations e keeps a state for, for
// tests of what it forgets.
func TrackedConversations(e *Enricher) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.convs)
}
