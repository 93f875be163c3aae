package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/loci-memory/loci/auth"
	"github.com/loci-memory/loci/handlers"
	"github.com/loci-memory/loci/ontology"
)

// defaultKeysFile is where `loci keys create` writes and `loci serve` reads
// keys when LOCI_KEYS_FILE is not set.
const defaultKeysFile = ".local/keys.json"

// keysFile returns the keys file path and whether it was set explicitly.
func keysFile() (string, bool) {
	if p := os.Getenv("LOCI_KEYS_FILE"); p != "" {
		return p, true
	}
	return defaultKeysFile, false
}

// keysCmd is `loci keys create --tenant T [--note N] [--env]`, `loci keys
// list` and `loci keys revoke ID`.
func keysCmd(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: loci keys create --tenant T [--note N] | list | revoke ID")
	}
	path, _ := keysFile()
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
func loadSecurity() (security, error) {
	var sec security
	envKeys, err := auth.ParseEnv(os.Getenv("LOCI_API_KEYS"))
	if err != nil {
		return sec, err
	}
	path, explicit := keysFile()
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
	defaultRate := 0.0
	if sec.auth != nil {
		defaultRate = 100
	}
	if sec.limit.PerSecond, err = envFloat("LOCI_RATE_LIMIT", defaultRate); err != nil {
		return sec, err
	}
	burst, err := envFloat("LOCI_RATE_BURST", 2*sec.limit.PerSecond)
	if err != nil {
		return sec, err
	}
	sec.limit.Burst = int(burst)
	if sec.timeout, err = time.ParseDuration(env("LOCI_REQUEST_TIMEOUT", "60s")); err != nil {
		return sec, fmt.Errorf("LOCI_REQUEST_TIMEOUT: %w", err)
	}
	return sec, nil
}

func envFloat(key string, def float64) (float64, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("%s must be a number >= 0, got %q", key, v)
	}
	return f, nil
}

// checkBind refuses to serve a non-loopback address without API keys: in
// dev mode every request acts for the default tenant, so only this machine
// may reach it.
func checkBind(addr string, authenticated bool, log *slog.Logger) error {
	if authenticated {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("LOCI_ADDR %q: %w", addr, err)
	}
	if host == "localhost" {
		host = "127.0.0.1"
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("refusing to listen on %s without API keys: dev mode (no keys) serves only loopback addresses; "+
			"create a key with `loci keys create --tenant NAME` (or set LOCI_KEYS_FILE / LOCI_API_KEYS), or bind 127.0.0.1", addr)
	}
	log.Warn("dev mode: no API keys configured; every request acts for the default tenant and only loopback is served",
		"addr", addr, "create_a_key", "loci keys create --tenant NAME")
	return nil
}
