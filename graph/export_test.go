package graph

// Rows runs one read statement for tests that inspect what the store
// wrote (properties no read path returns).
var Rows = (*Store).rows
