package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loci-memory/loci/auth"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

func TestDevModeServesLoopbackOnly(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	for _, addr := range []string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080", "127.0.0.2:9"} {
		if err := checkBind(addr, false, log); err != nil {
			t.Errorf("dev mode on %s refused: %v", addr, err)
		}
	}
	for _, addr := range []string{"0.0.0.0:8080", ":8080", "[::]:8080", "10.1.2.3:8080", "example.com:80", "nonsense"} {
		if err := checkBind(addr, false, log); err == nil {
			t.Errorf("dev mode on %s allowed", addr)
		}
		if addr != "nonsense" {
			if err := checkBind(addr, true, log); err != nil {
				t.Errorf("with keys, %s refused: %v", addr, err)
			}
		}
	}
}

func TestKeysCommandAndSecurityConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys.json")
	t.Setenv("LOCI_KEYS_FILE", path)
	t.Setenv("LOCI_API_KEYS", "")
	t.Setenv("LOCI_RATE_LIMIT", "")
	// An explicitly named keys file that does not exist is an error, not
	// dev mode.
	if _, err := loadSecurity(mustConfig(t)); err == nil {
		t.Fatal("missing LOCI_KEYS_FILE accepted")
	}
	var out bytes.Buffer
	if err := keysCmd(mustConfig(t), []string{"create", "--tenant", "acme", "--note", "ci"}, &out); err != nil {
		t.Fatal(err)
	}
	secret := strings.TrimSpace(out.String())
	sec, err := loadSecurity(mustConfig(t))
	if err != nil || sec.auth == nil || sec.keys != 1 || sec.limit.PerSecond != 100 {
		t.Fatalf("security = %+v, %v", sec, err)
	}
	p, err := sec.auth.Authenticate(context.Background(), secret)
	if err != nil || p.Tenant != "acme" {
		t.Fatalf("created key authenticates as %+v, %v", p, err)
	}
	out.Reset()
	if err := keysCmd(mustConfig(t), []string{"list"}, &out); err != nil || !strings.Contains(out.String(), "acme") || strings.Contains(out.String(), secret) {
		t.Fatalf("keys list = %q, %v", out.String(), err)
	}
	if err := keysCmd(mustConfig(t), []string{"create", "--tenant", "bad tenant"}, io.Discard); err == nil {
		t.Fatal("bad tenant accepted")
	}
	keys, _ := auth.ReadFile(path)
	if err := keysCmd(mustConfig(t), []string{"revoke", keys[0].ID}, io.Discard); err != nil {
		t.Fatal(err)
	}
	sec, _ = loadSecurity(mustConfig(t))
	if _, err := sec.auth.Authenticate(context.Background(), secret); ontology.ErrorCode(err) != ontology.EUnauthorized {
		t.Fatalf("revoked key: %v", err)
	}
	// Environment keys alone also switch authentication on.
	_, k, _ := auth.NewKey("globex", "")
	t.Setenv("LOCI_KEYS_FILE", filepath.Join(t.TempDir(), "absent-but-default.json"))
	t.Setenv("LOCI_API_KEYS", auth.EnvEntry(k))
	if _, err := loadSecurity(mustConfig(t)); err == nil {
		t.Fatal("an explicit missing keys file is ignored when env keys exist")
	}
	t.Setenv("LOCI_KEYS_FILE", "")
	t.Chdir(t.TempDir()) // no .local/keys.json here
	sec, err = loadSecurity(mustConfig(t))
	if err != nil || sec.auth == nil || sec.keys != 1 {
		t.Fatalf("env keys: %+v, %v", sec, err)
	}
	t.Setenv("LOCI_API_KEYS", "")
	if sec, err = loadSecurity(mustConfig(t)); err != nil || sec.auth != nil || sec.limit.PerSecond != 0 {
		t.Fatalf("dev mode: %+v, %v", sec, err)
	}
	t.Setenv("LOCI_RATE_LIMIT", "-3")
	if _, err := config.Load(); err == nil || !strings.Contains(err.Error(), "LOCI_RATE_LIMIT") {
		t.Fatalf("negative rate limit: %v", err)
	}
}

// mustConfig loads the configuration from the test's environment.
func mustConfig(t testing.TB) config.Config {
	t.Helper()
	cfg, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}
