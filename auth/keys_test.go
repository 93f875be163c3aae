package auth

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

func TestKeysFileRoundTrip(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sub", "keys.json")
	secretA, keyA, err := NewKey("acme", "ci")
	if err != nil {
		t.Fatal(err)
	}
	secretB, keyB, _ := NewKey("globex", "")
	if err := AddToFile(path, keyA); err != nil {
		t.Fatal(err)
	}
	if err := AddToFile(path, keyB); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("keys file mode = %v, %v; want 0600", st.Mode(), err)
	}
	raw, _ := os.ReadFile(path)
	// The secret part is base64url, which may itself hold "_": everything
	// after the id is the secret.
	if strings.Contains(string(raw), secretA) || strings.Contains(string(raw), strings.SplitN(secretA, "_", 3)[2]) {
		t.Fatalf("the keys file holds the secret itself:\n%s", raw)
	}

	ring, err := NewKeyring(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p, err := ring.Authenticate(ctx, secretA); err != nil || p.Tenant != "acme" || p.KeyID != keyA.ID {
		t.Fatalf("key A = %+v, %v", p, err)
	}
	if p, err := ring.Authenticate(ctx, secretB); err != nil || p.Tenant != "globex" {
		t.Fatalf("key B = %+v, %v", p, err)
	}
	// Tampered secrets, a wrong id, garbage: all unauthorised.
	last := "A"
	if strings.HasSuffix(secretA, "A") {
		last = "B"
	}
	tampered := secretA[:len(secretA)-1] + last
	for _, bad := range []string{"", "x", tampered, "loci_" + keyB.ID + "_" + strings.SplitN(secretA, "_", 3)[2],
		"loci_zzzzzzzzzzzz_abc", "loci_" + keyA.ID + "_", "Bearer " + secretA, secretA + " "} {
		if _, err := ring.Authenticate(ctx, bad); ontology.ErrorCode(err) != ontology.EUnauthorized {
			t.Errorf("Authenticate(%q) = %v, want unauthorized", bad, err)
		}
	}

	// Revoking takes effect without a restart.
	if err := RevokeInFile(path, keyA.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, err := ring.Authenticate(ctx, secretA)
		if ontology.ErrorCode(err) == ontology.EUnauthorized {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("revoked key still accepted after 5 s: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, err := ring.Authenticate(ctx, secretB); err != nil {
		t.Fatalf("key B lost when A was revoked: %v", err)
	}
	if err := RevokeInFile(path, keyA.ID); err == nil {
		t.Fatal("revoking an unknown key succeeded")
	}
}

func TestEnvKeys(t *testing.T) {
	secret, k, _ := NewKey("acme", "")
	_, k2, _ := NewKey("initech", "")
	keys, err := ParseEnv(EnvEntry(k) + ", " + EnvEntry(k2))
	if err != nil || len(keys) != 2 {
		t.Fatalf("ParseEnv = %+v, %v", keys, err)
	}
	ring, err := NewKeyring("", keys)
	if err != nil {
		t.Fatal(err)
	}
	if p, err := ring.Authenticate(context.Background(), secret); err != nil || p.Tenant != "acme" {
		t.Fatalf("env key = %+v, %v", p, err)
	}
	for _, bad := range []string{"acme", "acme:abc:sha256:00", "bad tenant!:" + k.ID + ":" + k.Hash, "acme:" + k.ID + ":md5:" + strings.Repeat("0", 32)} {
		if _, err := ParseEnv(bad); err == nil {
			t.Errorf("ParseEnv(%q) accepted", bad)
		}
	}
	if _, err := NewKeyring("", []Key{k, k}); err == nil {
		t.Error("duplicate key ids accepted")
	}
}

func TestBadKeysFileIsAnError(t *testing.T) {
	dir := t.TempDir()
	if _, err := NewKeyring(filepath.Join(dir, "missing.json"), nil); err == nil {
		t.Error("a missing keys file was accepted (authentication would silently be off)")
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"keys":[{"id":"nothex","tenant":"a","hash":"sha256:00"}]}`), 0o600)
	if _, err := NewKeyring(bad, nil); err == nil {
		t.Error("a keys file with a bad key was accepted")
	}
	os.WriteFile(bad, []byte(`{"keys":`), 0o600)
	if _, err := NewKeyring(bad, nil); err == nil {
		t.Error("a truncated keys file was accepted")
	}
	if _, _, err := NewKey("no spaces", ""); err == nil {
		t.Error("a bad tenant name was accepted")
	}
}
