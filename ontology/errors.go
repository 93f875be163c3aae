// Package ontology holds Loci's domain types, the service interfaces the rest
// of the program is wired through, and the validation rules for input. It
// imports nothing of Loci's and does no I/O.
package ontology

import (
	"errors"
	"fmt"
)

// Error codes. Handlers map each to an HTTP status; everything else in Loci
// only ever needs to pick the right code.
const (
	EInvalid    = "invalid"    // malformed request: bad JSON, wrong types
	EValidation = "validation" // well-formed but fails a rule (missing field, too long, bad timestamp)
	ETooLarge   = "too_large"  // over a size or count limit
	// EUnsupportedMedia: a body declared as something other than JSON.
	EUnsupportedMedia = "unsupported_media_type"
	ENotFound         = "not_found"   // the thing asked for does not exist (for this tenant)
	EConflict         = "conflict"    // the request contradicts what is stored
	EUnavailable      = "unavailable" // a dependency (Neo4j) cannot be reached; try again
	EInternal         = "internal"    // a bug or an unexpected failure

	EUnauthorized = "unauthorized" // no API key, or one Loci does not know
	EForbidden    = "forbidden"    // a valid key asking for another tenant's resources
	ERateLimited  = "rate_limited" // the key's request rate is over its limit; retry later
)

// Error is an application error: a code for machines, a message for people,
// and optional details (for example which turn of a batch was rejected).
type Error struct {
	Code    string
	Message string
	Details map[string]any
	Err     error // the cause, if any; not shown to clients
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WithDetail returns e with one more detail set.
func (e *Error) WithDetail(key string, value any) *Error {
	if e.Details == nil {
		e.Details = map[string]any{}
	}
	e.Details[key] = value
	return e
}

// ErrorCode returns the code of the first *Error in err's chain, EInternal
// for any other non-nil error, and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the client-facing message of err: the message of its
// *Error, or a generic text for unexpected errors so internals do not leak.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}

// ErrorDetails returns the details of the first *Error in err's chain.
func ErrorDetails(err error) map[string]any {
	var e *Error
	if errors.As(err, &e) {
		return e.Details
	}
	return nil
}
