package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"time"

	"github.com/loci-memory/loci/auth"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

// keysCmd is `loci keys create --tenant T [--note N] [--env]`, `loci keys
// list` and `loci keys revoke ID`.
func keysCmd(cfg config.Config, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: loci keys create --tenant T [--note N] | list | revoke ID")
	}
	path, _ := cfg.KeysFilePath()
	switch args[0] {
	case "create":
		fs := flag.NewFlagSet("keys create", flag.ContinueOnError)
		tenant := fs.String("tenant", "", "the tenant the key acts for (letters, digits, '.', '_', '-')")
		note := fs.String("note", "", "a note to tell keys apart (who or what uses it)")
		env := fs.Bool("env", false, "also print the key's LOCI_API_KEYS entry (hash only)")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *tenant == "" {
			return errors.New("keys create: --tenant is required")
		}
		secret, k, err := auth.NewKey(*tenant, *note)
		if err != nil {
			return fmt.Errorf("keys create: %w", err)
		}
		if err := auth.AddToFile(path, k); err != nil {
			return fmt.Errorf("keys create: %w", err)
		}
		fmt.Fprintf(os.Stderr, "created key %s for tenant %q in %s; it is shown once, store it now:\n", k.ID, k.Tenant, path)
		fmt.Fprintln(stdout, secret)
		if *env {
			fmt.Fprintf(os.Stderr, "LOCI_API_KEYS entry: %s\n", auth.EnvEntry(k))
		}
		return nil
	case "list":
		keys, err := auth.ReadFile(path)
		if err != nil {
			return err
		}
		for _, k := range keys {
			fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\n", k.ID, k.Tenant, k.Created.Format(time.RFC3339), k.Note)
		}
		return nil
	case "revoke":
		if len(args) != 2 {
			return errors.New("usage: loci keys revoke ID")
		}
		if err := auth.RevokeInFile(path, args[1]); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "revoked key %s (a running server stops accepting it within a second)\n", args[1])
		return nil
	}
	return fmt.Errorf("keys: unknown subcommand %q", args[0])
}

// security is how serve authenticates and limits requests.
type security struct {
	auth    ontology.Authenticator // nil: dev mode
	keys    int
	source  string
	limit   handlers.RateLimit
	timeout time.Duration
}

// loadSecurity reads the keys (LOCI_KEYS_FILE or .local/keys.json when it
// exists, plus LOCI_API_KEYS), the rate limit (LOCI_RATE_LIMIT requests/s
// per key, default 100 with keys and none in dev mode; LOCI_RATE_BURST) and the request timeout (LOCI_REQUEST_TIMEOUT).
func loadSecurity(cfg config.Config) (security, error) {
	var sec security
	envKeys, err := auth.ParseEnv(cfg.APIKeys)
	if err != nil {
		return sec, err
	}
	path, explicit := cfg.KeysFilePath()
	if _, err := os.Stat(path); err != nil {
		if explicit || !errors.Is(err, os.ErrNotExist) {
			return sec, fmt.Errorf("LOCI_KEYS_FILE: %w", err)
		}
		path = ""
	}
	if path != "" || len(envKeys) > 0 {
		ring, err := auth.NewKeyring(path, envKeys)
		if err != nil {
			return sec, err
		}
		sec.auth, sec.keys = ring, ring.Len()
		sec.source = path
		if len(envKeys) > 0 {
			sec.source += " LOCI_API_KEYS"
		}
	}
	// Rate limits are per key, so by default they apply only with keys; in
	// dev mode LOCI_RATE_LIMIT sets one bucket for every request.
	sec.limit.PerSecond = 0
	if sec.auth != nil {
		sec.limit.PerSecond = 100
	}
	if cfg.RateLimit != nil {
		sec.limit.PerSecond = *cfg.RateLimit
	}
	burst := 2 * sec.limit.PerSecond
	if cfg.RateBurst != nil {
		burst = *cfg.RateBurst
	}
	sec.limit.Burst = int(burst)
	sec.timeout = cfg.RequestTimeout
	return sec, nil
}

// checkBind refuses to serve a non-loopback address without API keys: in
// dev mode every request acts for the default tenant, so only this machine
// may reach it.
func checkBind(addr string, authenticated bool, log *slog.Logger) error {
	if authenticated {
		return nil
	}
	loopback, err := isLoopback("LOCI_ADDR", addr)
	if err != nil {
		return err
	}
	if !loopback {
		return fmt.Errorf("refusing to listen on %s without API keys: dev mode (no keys) serves only loopback addresses; "+
			"create a key with `loci keys create --tenant NAME` (or set LOCI_KEYS_FILE / LOCI_API_KEYS), or bind 127.0.0.1", addr)
	}
	log.Warn("dev mode: no API keys configured; every request acts for the default tenant and only loopback is served",
		"addr", addr, "create_a_key", "loci keys create --tenant NAME")
	return nil
}

// isLoopback reports whether addr (host:port) is on a loopback address,
// localhost counting as one; a malformed addr is an error naming the
// variable it came from.
func isLoopback(variable, addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("%s %q: %w", variable, addr, err)
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}
