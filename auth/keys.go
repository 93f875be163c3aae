// Package auth maps API keys to tenants. Keys are kept only as SHA-256
// hashes, in a JSON keys file (written by `loci keys create`) and/or in the
// LOCI_API_KEYS environment variable; the key itself is shown once, when it
// is created.
//
// A key reads "loci_<id>_<secret>": the id (12 hex digits) names the key in
// files and logs, the secret (32 random bytes, base64url) makes it
// unguessable. Because a secret has 256 bits of entropy, a plain SHA-256 is
// enough to store it (no salt or slow hash is needed, as it would be for a
// password), and comparison is constant-time.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// Key is one stored API key: never the key itself, only its hash.
type Key struct {
	ID      string    `json:"id"`
	Tenant  string    `json:"tenant"`
	Hash    string    `json:"hash"` // "sha256:" + hex of the whole key
	Created time.Time `json:"created"`
	Note    string    `json:"note,omitempty"`
}

// file is the keys file's JSON shape.
type file struct {
	Keys []Key `json:"keys"`
}

const prefix = "loci_"

// NewKey returns a fresh key for tenant and its stored form.
func NewKey(tenant, note string) (secret string, k Key, err error) {
	if err := ontology.ValidateTenant(tenant); err != nil {
		return "", Key{}, err
	}
	id := make([]byte, 6)
	raw := make([]byte, 32)
	if _, err := rand.Read(id); err != nil {
		return "", Key{}, fmt.Errorf("auth: random id: %w", err)
	}
	if _, err := rand.Read(raw); err != nil {
		return "", Key{}, fmt.Errorf("auth: random secret: %w", err)
	}
	k = Key{ID: hex.EncodeToString(id), Tenant: tenant, Created: time.Now().UTC().Truncate(time.Second), Note: note}
	secret = prefix + k.ID + "_" + base64.RawURLEncoding.EncodeToString(raw)
	k.Hash = Hash(secret)
	return secret, k, nil
}

// Hash is the stored form of a key.
func Hash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// keyID extracts the id of a well-formed key, or "" for anything else.
func keyID(token string) string {
	rest, ok := strings.CutPrefix(token, prefix)
	if !ok {
		return ""
	}
	id, secret, ok := strings.Cut(rest, "_")
	if !ok || len(id) != 12 || secret == "" {
		return ""
	}
	if _, err := hex.DecodeString(id); err != nil {
		return ""
	}
	return id
}

// ReadFile reads a keys file. A missing file is an error wrapping
// os.ErrNotExist.
func ReadFile(path string) ([]Key, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("auth: reading keys file: %w", err)
	}
	var f file
	if len(strings.TrimSpace(string(b))) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("auth: keys file %s is not valid JSON: %w", path, err)
	}
	for i, k := range f.Keys {
		if err := check(k); err != nil {
			return nil, fmt.Errorf("auth: keys file %s, key %d: %w", path, i, err)
		}
	}
	return f.Keys, nil
}

func check(k Key) error {
	if len(k.ID) != 12 {
		return errors.New("id must be 12 hex digits")
	}
	if _, err := hex.DecodeString(k.ID); err != nil {
		return errors.New("id must be 12 hex digits")
	}
	if err := ontology.ValidateTenant(k.Tenant); err != nil {
		return err
	}
	h, ok := strings.CutPrefix(k.Hash, "sha256:")
	if b, err := hex.DecodeString(h); !ok || err != nil || len(b) != sha256.Size {
		return errors.New(`hash must be "sha256:" and 64 hex digits`)
	}
	return nil
}

// AddToFile appends k to the keys file at path (created with mode 0600 if
// missing), replacing the file atomically.
func AddToFile(path string, k Key) error {
	return updateFile(path, func(keys []Key) ([]Key, error) { return append(keys, k), nil })
}

// RevokeInFile removes the key with the given id from the keys file.
func RevokeInFile(path, id string) error {
	return updateFile(path, func(keys []Key) ([]Key, error) {
		out := keys[:0]
		for _, k := range keys {
			if k.ID != id {
				out = append(out, k)
			}
		}
		if len(out) == len(keys) {
			return nil, fmt.Errorf("auth: no key %q in %s", id, path)
		}
		return out, nil
	})
}

func updateFile(path string, change func([]Key) ([]Key, error)) error {
	keys, err := ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	keys, err = change(keys)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(file{Keys: keys}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("auth: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".keys-*.json")
	if err != nil {
		return fmt.Errorf("auth: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("auth: %w", err)
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("auth: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("auth: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("auth: %w", err)
	}
	return os.Rename(tmp.Name(), path)
}

// ParseEnv reads keys from the LOCI_API_KEYS form: entries separated by
// commas or whitespace, each "tenant:id:sha256:hex" (what `loci keys create
// --env` prints).
func ParseEnv(v string) ([]Key, error) {
	var keys []Key
	for _, entry := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' }) {
		parts := strings.SplitN(entry, ":", 3)
		if len(parts) != 3 {
			return nil, fmt.Errorf("auth: LOCI_API_KEYS entry %q is not tenant:id:sha256:hex", entry)
		}
		k := Key{Tenant: parts[0], ID: parts[1], Hash: parts[2]}
		if err := check(k); err != nil {
			return nil, fmt.Errorf("auth: LOCI_API_KEYS entry for key %q: %w", parts[1], err)
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// EnvEntry is k in the LOCI_API_KEYS form.
func EnvEntry(k Key) string { return k.Tenant + ":" + k.ID + ":" + k.Hash }

// Keyring authenticates requests against the keys of a keys file (re-read
// when it changes, so keys can be added and revoked without a restart) and
// of the environment.
type Keyring struct {
	path  string // "" = no file
	fixed []Key  // from the environment

	mu      sync.Mutex
	byID    map[string]Key
	modTime time.Time
	size    int64
	checked time.Time
}

// reloadEvery bounds how often the keys file is stat'ed.
const reloadEvery = time.Second

// NewKeyring loads the keys of path (may be "") and env. It fails when the
// file cannot be read or holds a bad key, so a typo never silently turns
// authentication off.
func NewKeyring(path string, env []Key) (*Keyring, error) {
	r := &Keyring{path: path, fixed: env}
	if err := r.load(); err != nil {
		return nil, err
	}
	return r, nil
}

// Len is the number of keys loaded.
func (r *Keyring) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.byID)
}

func (r *Keyring) load() error {
	keys := append([]Key{}, r.fixed...)
	if r.path != "" {
		st, err := os.Stat(r.path)
		if err != nil {
			return fmt.Errorf("auth: keys file: %w", err)
		}
		fk, err := ReadFile(r.path)
		if err != nil {
			return err
		}
		keys = append(keys, fk...)
		r.modTime, r.size = st.ModTime(), st.Size()
	}
	byID := make(map[string]Key, len(keys))
	for _, k := range keys {
		if _, dup := byID[k.ID]; dup {
			return fmt.Errorf("auth: key id %q appears twice", k.ID)
		}
		byID[k.ID] = k
	}
	r.byID = byID
	return nil
}

// refresh re-reads the keys file when it changed. A file that became
// unreadable or invalid keeps the last good keys (and is retried).
func (r *Keyring) refresh() {
	if r.path == "" || time.Since(r.checked) < reloadEvery {
		return
	}
	r.checked = time.Now()
	st, err := os.Stat(r.path)
	if err != nil || (st.ModTime().Equal(r.modTime) && st.Size() == r.size) {
		return
	}
	old := r.byID
	if err := r.load(); err != nil {
		r.byID = old
	}
}

// Authenticate returns the principal of token, or EUnauthorized.
func (r *Keyring) Authenticate(_ context.Context, token string) (ontology.Principal, error) {
	id := keyID(token)
	if id == "" {
		return ontology.Principal{}, ontology.Errorf(ontology.EUnauthorized, "the API key is malformed (expected loci_<id>_<secret>)")
	}
	r.mu.Lock()
	r.refresh()
	k, ok := r.byID[id]
	r.mu.Unlock()
	if !ok || subtle.ConstantTimeCompare([]byte(Hash(token)), []byte(k.Hash)) != 1 {
		return ontology.Principal{}, ontology.Errorf(ontology.EUnauthorized, "unknown or revoked API key")
	}
	return ontology.Principal{KeyID: k.ID, Tenant: k.Tenant}, nil
}

// Keys lists the loaded keys (hashes only), by tenant then id.
func (r *Keyring) Keys() []Key {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Key, 0, len(r.byID))
	for _, k := range r.byID {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Tenant != out[j].Tenant {
			return out[i].Tenant < out[j].Tenant
		}
		return out[i].ID < out[j].ID
	})
	return out
}
